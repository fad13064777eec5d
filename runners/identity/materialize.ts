// Writes a probe's verified bytes into a private directory, and transpiles its TypeScript
// once for the whole run, so the code the trials import is exactly the code that was
// checked. A file changed on disk after verification is never the one that runs.

import fs from 'node:fs';
import nodeModule from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync, transformSync, version as esbuildVersion } from 'esbuild';
import type { Entry } from '../model/probe.ts';
import type { VerifiedFile } from './verify.ts';

export interface Material {
  /** The private copy; read-only once written. */
  dir: string;
  /** file URL of the entry module, or of each named entry. */
  entryUrls: string | Record<string, string>;
  /** file URL of a TypeScript source in `dir` -> path of its transpiled JavaScript. */
  transpiled: Record<string, string>;
  /** Where the pinned files were read from, so their bare imports resolve as they would there. */
  originalRoot: string | null;
  /** A package's copy with its dependencies linked beside it, as they were beside the original. */
  linked?: boolean;
  loader: string;
}

const TYPESCRIPT = /\.(ts|mts|cts)$/;

export function materialize(files: VerifiedFile[], entry: Entry, dir: string, originalRoot: string | null, isPackage = false): Material {
  const transpiled: Record<string, string> = {};
  const used = new Set<string>();
  const jsDir = path.join(dir, '..', `${path.basename(dir)}.js`);
  for (const f of files) {
    const dest = path.join(dir, f.path);
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.writeFileSync(dest, f.bytes, { mode: 0o444 });
    if (TYPESCRIPT.test(f.path)) {
      const out = transpile(f.bytes.toString('utf8'), f.path);
      used.add(out.loader);
      const js = path.join(jsDir, `${f.path}.js`);
      fs.mkdirSync(path.dirname(js), { recursive: true });
      fs.writeFileSync(js, out.code, { mode: 0o444 });
      transpiled[pathToFileURL(dest).href] = js;
    }
  }
  // Only a package's copy sits at <private>/node_modules/<name>: files that merely live
  // below a node_modules (childproof's own probes, when childproof is installed as a
  // package) have no such place, and linking from theirs would write outside the copy.
  const linked = isPackage && originalRoot !== null && originalRoot.includes(`${path.sep}node_modules${path.sep}`);
  if (linked) linkDependencies(dir, originalRoot);
  const loader = used.size ? `${[...used].sort().join(' and ')}, once per run` : 'JavaScript as verified';
  const direct = typeof entry === 'string' ? standalone(dir, entry, transpiled) : null;
  if (direct) return { dir, entryUrls: pathToFileURL(direct).href, transpiled: {}, originalRoot: null, loader };
  return {
    dir,
    entryUrls:
      typeof entry === 'string'
        ? pathToFileURL(path.join(dir, entry)).href
        : Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, pathToFileURL(path.join(dir, v)).href])),
    transpiled,
    originalRoot,
    linked,
    loader,
  };
}

/**
 * A TypeScript entry that imports nothing but Node's builtins needs no loader hooks: its
 * transpiled JavaScript is written beside it in the copy as ENTRY.mjs and imported as it
 * is. Returns that file, or null when the entry is not TypeScript or imports anything else.
 */
function standalone(dir: string, entry: string, transpiled: Record<string, string>): string | null {
  const js = transpiled[pathToFileURL(path.join(dir, entry)).href];
  if (!js) return null;
  const code = fs.readFileSync(js, 'utf8');
  const { metafile } = buildSync({
    stdin: { contents: code, loader: 'js', resolveDir: dir, sourcefile: entry },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const imports = Object.values(metafile.inputs).flatMap((input) => input.imports);
  if (Object.keys(metafile.inputs).length !== 1 || !imports.every((i) => i.external && nodeModule.isBuiltin(i.path))) return null;
  // A dynamic import whose specifier is computed is not listed: it could need the hooks.
  if (/\bimport\s*\(\s*[^'"`\s]/.test(code)) return null;
  const file = path.join(dir, `${entry}.mjs`);
  fs.writeFileSync(file, code, { mode: 0o444 });
  return file;
}

/**
 * Whether the worker needs loader hooks to import the copy: to serve its transpiled
 * TypeScript, or to resolve its bare imports from where the pinned files came from. A
 * package's copy has its dependencies linked beside it and needs neither.
 */
export function needsLoaderHooks(m: Material): boolean {
  return Object.keys(m.transpiled).length > 0 || (m.originalRoot !== null && !m.linked);
}

/**
 * A package's verified copy must find its dependencies as the original would, through
 * require() as well as import (Node 20's require does not pass through loader hooks).
 * The copy sits at <private>/node_modules/<name>; its own nested node_modules and the
 * packages hoisted beside the original are linked in, so Node's resolution reaches the
 * same dependency files. Those are reported as unverified unless pinned themselves.
 */
function linkDependencies(copy: string, original: string): void {
  const nested = path.join(original, 'node_modules');
  if (fs.existsSync(nested)) fs.symlinkSync(nested, path.join(copy, 'node_modules'));
  let hoisted = path.dirname(original);
  while (path.basename(hoisted) !== 'node_modules') hoisted = path.dirname(hoisted);
  const copyRoot = path.join(copy, path.relative(hoisted, original).split(path.sep).map(() => '..').join(path.sep));
  for (const entry of fs.readdirSync(hoisted)) {
    const target = path.join(copyRoot, entry);
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@')) {
      // A scoped copy (@scope/name) already made its scope's directory: its siblings in
      // the scope are linked into it all the same.
      fs.mkdirSync(target, { recursive: true });
      for (const scoped of fs.readdirSync(path.join(hoisted, entry))) {
        const t = path.join(target, scoped);
        if (!fs.existsSync(t)) fs.symlinkSync(path.join(hoisted, entry, scoped), t);
      }
    } else if (!fs.existsSync(target)) fs.symlinkSync(path.join(hoisted, entry), target);
  }
}

type Strip = (code: string, options: { mode: 'strip' | 'transform' }) => string;

/**
 * Node's own type stripping where the runtime has it (it leaves every line where it was),
 * else esbuild. Stripping refuses TypeScript that needs code generated (enums,
 * namespaces); esbuild handles those.
 */
function transpile(code: string, file: string): { code: string; loader: string } {
  const strip = (nodeModule as unknown as { stripTypeScriptTypes?: Strip }).stripTypeScriptTypes;
  if (strip) {
    try {
      return { code: strip(code, { mode: 'strip' }), loader: `node ${process.version} type stripping` };
    } catch {
      // fall through to esbuild
    }
  }
  const out = transformSync(code, { loader: 'ts', format: 'esm', target: `node${process.versions.node.split('.')[0]}`, sourcefile: file });
  return { code: out.code, loader: `esbuild ${esbuildVersion} transpiling` };
}
