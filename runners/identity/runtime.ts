// The runtime the trials run on: this process's own Node, or a release of Node, Bun or
// Deno taken from the npm registry's package of its binary, installed once into the
// cache, checked, and reused. The runner itself stays on the host Node; only workers (and
// so adapters and targets) run on the chosen one. Fixtures, the children a case starts,
// stay on the host Node whoever calls them (worker/call.ts).

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../model/errors.ts';
import { NODE_CACHE_DIR, RUNTIME_CACHE_DIR } from '../model/paths.ts';
import { binarySha256 } from './binary-digest.ts';
import { npmCause } from './npm-cause.ts';
import { workDir } from './install.ts';
import { parseRuntimeSpec, RUNTIME_KINDS, type RuntimeName, type RuntimeNamed } from '../model/runtime-spec.ts';

export type { RuntimeName } from '../model/runtime-spec.ts';

export interface Runtime {
  name: RuntimeName;
  /** The binary workers run on. */
  execPath: string;
  /** The runtime's own release: 20.20.2, 1.4.4, 2.9.6. */
  release: string;
  /** The Node version it reports as process.version (Bun and Deno name the Node API they follow). */
  version: string;
  /** SHA-256 of the binary, recorded with the report and every builtin probe's identity. */
  sha256: string;
  /** Its JavaScript engine's version: V8's for Node and Deno, JavaScriptCore's WebKit revision for Bun. */
  v8: string;
  /** The registry package it was installed from; null for the host's own Node. */
  package: { name: string; version: string; integrity: string } | null;
}

/** The runtime as a report's environment names it (model/runtime-spec.ts). */
export const named = (runtime: Runtime): RuntimeNamed => ({ node: runtime.version, runtime });

let host: Runtime | null = null;

export function hostRuntime(): Runtime {
  const release = process.version.slice(1);
  host ??= { name: 'node', execPath: process.execPath, release, version: process.version, sha256: binarySha256(process.execPath), v8: process.versions.v8, package: null };
  return host;
}

/**
 * How a runtime is started on a script; Node's own flags are the worker's business.
 * Deno resolves a bare import from a package's copy only through the node_modules
 * beside it when told to (`--node-modules-dir=manual`); otherwise it refuses every
 * dependency of a package target ("not a dependency").
 */
export function scriptArgv(runtime: Runtime, script: string, args: string[], nodeFlags: string[] = []): string[] {
  if (runtime.name === 'bun') return ['--no-install', script, ...args];
  if (runtime.name === 'deno') return ['run', '--allow-all', '--no-config', '--no-lock', '--no-prompt', '--node-modules-dir=manual', script, ...args];
  return [...nodeFlags, script, ...args];
}

/** What the runtime says of itself, asked of the binary, never assumed from its package. */
function describe(name: RuntimeName, binary: string): { release: string; node: string; engine: string } {
  const expr =
    'JSON.stringify({ node: process.version, v8: process.versions.v8 ?? null, webkit: process.versions.webkit ?? null, bun: process.versions.bun ?? null, deno: globalThis.Deno?.version?.deno ?? null })';
  const argv = name === 'deno' ? ['eval', '--no-config', '-p', expr] : name === 'bun' ? ['--print', expr] : ['-p', expr];
  const said = JSON.parse(execFileSync(binary, argv, { encoding: 'utf8', env: { ...process.env, DENO_NO_UPDATE_CHECK: '1' } }).trim()) as Record<string, string | null>;
  const release = name === 'node' ? (said.node ?? '').replace(/^v/, '') : (said[name] ?? '');
  const engine = name === 'bun' ? `JavaScriptCore (WebKit ${said.webkit ?? '?'})` : (said.v8 ?? '?');
  return { release, node: said.node ?? '', engine };
}

/** The exact release a spec like "1.4", "latest" or "2.9.6" means, from the registry. */
function resolveRelease(name: RuntimeName, range: string, flag: string): string {
  const pkg = RUNTIME_KINDS[name].package;
  if (/^\d+\.\d+\.\d+$/.test(range)) return range;
  let out: string;
  try {
    out = execFileSync('npm', ['view', `${pkg}@${range}`, 'version', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    throw new InputError([`${flag}: the registry has no ${pkg} release matching it (${(err as Error).message.split('\n')[0]})`]);
  }
  const versions = out.trim() === '' ? [] : (JSON.parse(out) as string | string[]);
  const list = Array.isArray(versions) ? versions : [versions];
  if (list.length === 0) throw new InputError([`${flag}: the registry has no ${pkg} release matching it`]);
  return list[list.length - 1];
}

/**
 * The integrity npm checked the package's tarball against, from the install's own
 * lockfile; where an older install left none, the registry's, never an empty guess.
 */
function integrityOf(dir: string, pkg: string, release: string, flag: string): string {
  try {
    const lock = JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', '.package-lock.json'), 'utf8')) as { packages?: Record<string, { integrity?: string }> };
    const recorded = lock.packages?.[`node_modules/${pkg}`]?.integrity;
    if (recorded) return recorded;
  } catch {}
  try {
    return execFileSync('npm', ['view', `${pkg}@${release}`, 'dist.integrity'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch (err) {
    throw new InputError([`${flag}: neither the install nor the registry says ${pkg}@${release}'s integrity (${(err as Error).message.split('\n')[0]})`]);
  }
}

function cacheDirOf(name: RuntimeName, release: string): string {
  // Node's releases keep the place they had before other runtimes came.
  return name === 'node' ? path.join(NODE_CACHE_DIR, release) : path.join(RUNTIME_CACHE_DIR, name, release);
}

/**
 * Installs a runtime's package with npm, which checks the tarball against the registry's
 * integrity: into a directory of this process's own, renamed into place once whole, so a
 * second run installing the same release at the same time never executes a binary the
 * other's npm is still writing (ETXTBSY), nor finds half a tree. The first rename wins.
 */
function install(name: RuntimeName, release: string, flag: string): { binary: string; integrity: string } {
  const { package: pkg, binary: rel, title } = RUNTIME_KINDS[name];
  const dir = cacheDirOf(name, release);
  const binary = path.join(dir, 'node_modules', pkg, rel);
  if (!fs.existsSync(binary)) {
    const own = workDir(path.dirname(dir));
    process.stderr.write(`childproof: installing ${title} ${release} (${pkg}) into ${path.relative(process.cwd(), dir) || dir}\n`);
    try {
      execFileSync('npm', ['install', '--prefix', own, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `${pkg}@${release}`], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    } catch (err) {
      fs.rmSync(own, { recursive: true, force: true });
      throw new InputError([`${flag}: installing ${pkg}@${release} failed: ${npmCause((err as { stderr?: Buffer }).stderr?.toString() ?? String(err))}`]);
    }
    // An earlier install cut short leaves a directory without its binary: it goes first.
    if (fs.existsSync(dir) && !fs.existsSync(binary)) fs.rmSync(dir, { recursive: true, force: true });
    try {
      fs.renameSync(own, dir);
    } catch (err) {
      fs.rmSync(own, { recursive: true, force: true });
      const code = (err as NodeJS.ErrnoException).code;
      if ((code !== 'ENOTEMPTY' && code !== 'EEXIST') || !fs.existsSync(binary)) throw err;
      // Another run's install landed first, whole: it is the same package, checked the same way.
    }
  }
  return { binary, integrity: integrityOf(dir, pkg, release, flag) };
}

const memo = new Map<string, Runtime>();

/**
 * The runtime a `--runtime` spec names (`node@24`, `bun@1.4.4`, `deno@latest`; a bare
 * version is Node's, as `--node` takes it), installed and checked: the binary must report
 * the release asked for.
 */
export function runtimeFor(spec: string | undefined, flag = '--runtime'): Runtime {
  if (spec === undefined) return hostRuntime();
  const { name, range } = parseRuntimeSpec(spec, flag);
  if (name === 'node' && range === null) return hostRuntime();
  const pkg = RUNTIME_KINDS[name].package;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new InputError([`${flag} ${spec} needs ${pkg}, which runs on Linux x64 only; this is ${process.platform} ${process.arch}`]);
  }
  const release = resolveRelease(name, range ?? 'latest', `${flag} ${spec}`);
  if (name === 'node' && `v${release}` === process.version) return hostRuntime();
  const key = `${name}@${release}`;
  const known = memo.get(key);
  if (known) return known;
  const { binary, integrity } = install(name, release, `${flag} ${spec}`);
  const said = describe(name, binary);
  if (said.release !== release) {
    throw new InputError([`${flag} ${spec}: the cached binary ${binary} reports ${said.release || 'no release'}, not ${release}; delete ${cacheDirOf(name, release)} and run again`]);
  }
  const runtime: Runtime = {
    name,
    execPath: binary,
    release,
    version: said.node,
    sha256: binarySha256(binary),
    v8: said.engine,
    package: { name: pkg, version: release, integrity },
  };
  memo.set(key, runtime);
  return runtime;
}

/** `--runtime` or its shorthand `--node`, never both. */
export function runtimeFromFlags(values: { runtime?: unknown; node?: unknown }): Runtime {
  const runtime = typeof values.runtime === 'string' ? values.runtime : undefined;
  const node = typeof values.node === 'string' ? values.node : undefined;
  if (runtime !== undefined && node !== undefined) throw new InputError(['give --runtime or --node, not both (--node V is --runtime node@V)']);
  if (node !== undefined) {
    if (!/^\d+(\.\d+){0,2}$/.test(node)) throw new InputError([`--node expects a Node release such as 24 or 24.19.0, not "${node}"`]);
    return runtimeFor(`node@${node}`, '--node');
  }
  return runtimeFor(runtime);
}
