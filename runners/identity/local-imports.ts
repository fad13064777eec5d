// The files a target's entry reaches through its own imports, resolved from the file that
// imports them as TypeScript and Node resolve them: a `.js` specifier naming a `.ts` file,
// `.mts`/`.cts`, an extensionless path, a directory's index, a tsconfig's `paths` and
// `baseUrl`. Packages stay outside: they are the target's dependencies, not its files. The
// same resolution, run again over the verified copy, is what the trial's loader follows
// (identity/materialize.ts), so the copy runs as the original would.

import fs from 'node:fs';
import path from 'node:path';
import type { Message, Metafile } from 'esbuild';
import { buildSync } from '../model/esbuild-sync.ts';
import { InputError } from '../model/errors.ts';

interface LocalGraph {
  /** Every file reached, absolute, the entries first in the order given. */
  files: string[];
  /** importer (absolute) -> specifier as written -> the file it resolved to (absolute). */
  resolved: Record<string, Record<string, string>>;
}

/** The folder every path lies in. */
export function commonDir(files: string[]): string {
  const parts = files.map((f) => path.dirname(path.resolve(f)).split(path.sep));
  const shared: string[] = [];
  for (let i = 0; parts.every((p) => i < p.length && p[i] === parts[0][i]); i++) shared.push(parts[0][i]);
  return shared.join(path.sep) || path.sep;
}

/**
 * The tsconfig.json (or jsconfig.json) that governs `file`, with the local ones it
 * extends, when it maps imports (`paths`, `baseUrl`): then it decides what runs and is
 * pinned with the files. One that maps nothing changes no import and is left alone.
 */
export function configsFor(file: string): string[] {
  for (let dir = path.dirname(path.resolve(file)); ; dir = path.dirname(dir)) {
    const found = ['tsconfig.json', 'jsconfig.json'].map((n) => path.join(dir, n)).find((f) => fs.existsSync(f));
    if (found) {
      const chain = [found, ...extended(found)];
      return chain.some((c) => mapsImports(readConfig(c))) ? chain : [];
    }
    if (dir === path.dirname(dir) || fs.existsSync(path.join(dir, '.git'))) return [];
  }
}

type Config = { extends?: unknown; compilerOptions?: { paths?: unknown; baseUrl?: unknown } } | null;

function readConfig(file: string): Config {
  try {
    // tsconfig allows comments and trailing commas; one it cannot read is left to esbuild.
    return JSON.parse(fs.readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '').replace(/,(\s*[}\]])/g, '$1')) as Config;
  } catch {
    return null;
  }
}

const mapsImports = (c: Config) => c?.compilerOptions?.paths !== undefined || c?.compilerOptions?.baseUrl !== undefined;

function extended(config: string): string[] {
  const ext = readConfig(config)?.extends;
  if (typeof ext !== 'string' || !ext.startsWith('.')) return [];
  const file = path.resolve(path.dirname(config), ext.endsWith('.json') ? ext : `${ext}.json`);
  return fs.existsSync(file) ? [file, ...extended(file)] : [];
}

/** What a relative specifier could have named, for the message when none exists. */
function tried(importer: string, specifier: string): string[] {
  if (!/^\.{1,2}\//.test(specifier)) return [];
  const base = path.resolve(path.dirname(importer), specifier);
  const stem = base.replace(/\.(m|c)?jsx?$/, '');
  const exts = ['', '.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '/index.ts', '/index.js'];
  return [...new Set([base, ...exts.map((e) => stem + e)])];
}

function unresolved(errors: Message[], cwd: string): InputError {
  return new InputError(
    errors.map((e) => {
      const importer = e.location ? path.resolve(cwd, e.location.file) : '(entry)';
      const spec = /Could not resolve "(.*)"/.exec(e.text)?.[1];
      if (!spec || !e.location) return `${importer}: ${e.text}`;
      const options = tried(importer, spec).map((t) => path.relative(path.dirname(importer), t) || '.');
      return `${importer}:${e.location.line}: import "${spec}" names no file${options.length ? ` (tried ${options.join(', ')})` : ' and no installed package'}`;
    }),
  );
}

/** The local import graph from `entries`; an import that names no file is an InputError, one line each. */
export function localGraph(entries: string[]): LocalGraph {
  const abs = entries.map((e) => path.resolve(e));
  for (const f of abs) if (!fs.existsSync(f) || !fs.statSync(f).isFile()) throw new InputError([`${f}: expected an existing file`]);
  // Only modules import: a data file or an extensionless script given beside them is pinned as it is.
  const modules = abs.filter((f) => /\.(m|c)?[jt]sx?$/.test(f));
  if (modules.length === 0) return { files: abs, resolved: {} };
  const cwd = commonDir(modules);
  let metafile: Metafile;
  try {
    ({ metafile } = buildSync({
      entryPoints: modules,
      absWorkingDir: cwd,
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      write: false,
      outdir: path.join(cwd, '.childproof-graph'),
      metafile: true,
      logLevel: 'silent',
      // Any file an import names is part of the target, whatever it holds.
      loader: { '.json': 'json', '.node': 'copy', '.txt': 'text' },
    }));
  } catch (err) {
    const errors = (err as { errors?: Message[] }).errors;
    if (errors?.length) throw unresolved(errors, cwd);
    throw err;
  }
  const resolved: LocalGraph['resolved'] = {};
  const reached = new Set<string>(abs);
  for (const [input, { imports }] of Object.entries(metafile.inputs)) {
    const importer = path.resolve(cwd, input);
    reached.add(importer);
    for (const i of imports) {
      if (i.external || !i.original) continue;
      const to = path.resolve(cwd, i.path);
      reached.add(to);
      (resolved[importer] ??= {})[i.original] = to;
    }
  }
  return { files: [...reached], resolved };
}
