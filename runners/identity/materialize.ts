// Writes a probe's verified bytes into a private directory, and transpiles its TypeScript
// once for the whole run, so the code the trials import is exactly the code that was
// checked. A file changed on disk after verification is never the one that runs.

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Entry } from '../model/probe.ts';
import { treeRoot, type VerifiedDependency } from './dependencies.ts';
import { localGraph } from './local-imports.ts';
import { importsOnlyBuiltins, transpile } from './transpiled.ts';
import type { VerifiedFile } from './pinned-bytes.ts';

export interface Material {
  /** The private copy; read-only once written. */
  dir: string;
  /** The copy and the pinned dependencies copied beside it: what runs from here was verified. */
  pinnedDirs: string[];
  /** file URL of the entry module, or of each named entry. */
  entryUrls: string | Record<string, string>;
  /** file URL of a TypeScript source in `dir` -> path of its transpiled JavaScript. */
  transpiled: Record<string, string>;
  /** importer URL -> specifier -> URL, where Node alone would not resolve the copy's own
   *  imports as TypeScript does (`./x.js` naming x.ts, a tsconfig path). */
  resolved?: Record<string, Record<string, string>>;
  /** Where the pinned files were read from, so their bare imports resolve as they would there. */
  originalRoot: string | null;
  /** A package's copy with its dependencies linked beside it, as they were beside the original. */
  linked?: boolean;
  loader: string;
  /** Whether the worker needs loader hooks to import the copy: to serve its transpiled
   *  TypeScript, or to resolve its bare imports from where the pinned files came from. A
   *  package's copy has its dependencies linked beside it and needs neither. */
  needsHooks: boolean;
}

const TYPESCRIPT = /\.(ts|mts|cts)$/;

/** Verified bytes written below `dir`, read-only. */
function writeFiles(dir: string, files: VerifiedFile[]): void {
  for (const f of files) {
    const dest = path.join(dir, f.path);
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.writeFileSync(dest, f.bytes, { mode: 0o444 });
  }
}

export function materialize(
  files: VerifiedFile[],
  entry: Entry,
  dir: string,
  originalRoot: string | null,
  isPackage = false,
  dependencies: VerifiedDependency[] = [],
): Material {
  const transpiled: Record<string, string> = {};
  const used = new Set<string>();
  const jsDir = path.join(dir, '..', `${path.basename(dir)}.js`);
  writeFiles(dir, files);
  for (const f of files.filter((x) => TYPESCRIPT.test(x.path))) {
    const out = transpile(f.bytes.toString('utf8'), f.path);
    used.add(out.loader);
    writeFiles(jsDir, [{ path: `${f.path}.js`, bytes: Buffer.from(out.code) }]);
    transpiled[pathToFileURL(path.join(dir, f.path)).href] = path.join(jsDir, `${f.path}.js`);
  }
  // Only a package's copy sits at <private>/node_modules/<name>: files that merely live
  // below a node_modules (childproof's own probes, when childproof is installed as a
  // package) have no such place, and linking from theirs would write outside the copy.
  const linked = isPackage && originalRoot !== null && originalRoot.includes(`${path.sep}node_modules${path.sep}`);
  const pinned = linked ? dependencies.map((d) => ({ dir: d.dir, dest: path.join(treeRoot(dir), d.at), files: d.files })) : [];
  for (const d of pinned) writeFiles(d.dest, d.files);
  if (linked) linkDependencies(dir, originalRoot, pinned);
  const loader = used.size ? `${[...used].sort().join(' and ')}, once per run` : 'JavaScript as verified';
  const direct = typeof entry === 'string' ? standalone(dir, entry, transpiled) : null;
  const pinnedDirs = [dir, ...pinned.map((d) => d.dest)];
  if (direct) return { dir, pinnedDirs, entryUrls: pathToFileURL(direct).href, transpiled: {}, originalRoot: null, loader, needsHooks: false };
  // A package's files resolve as Node resolves them; a project's own files may not.
  const resolved = isPackage ? {} : ownResolution(dir, entry);
  return {
    dir,
    pinnedDirs,
    entryUrls:
      typeof entry === 'string'
        ? pathToFileURL(path.join(dir, entry)).href
        : Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, pathToFileURL(path.join(dir, v)).href])),
    transpiled,
    ...(Object.keys(resolved).length ? { resolved } : {}),
    originalRoot,
    linked,
    loader,
    needsHooks: Object.keys(transpiled).length > 0 || Object.keys(resolved).length > 0 || (originalRoot !== null && !linked),
  };
}

/**
 * The copy's own imports that Node would not resolve as written, each to the file the
 * pinned files' resolution reached (identity/local-imports.ts), over the copy itself, so
 * what runs is what was verified. An import the copy cannot resolve is left to Node, whose
 * error then names it in the trial.
 */
function ownResolution(dir: string, entry: Entry): NonNullable<Material['resolved']> {
  const entries = (typeof entry === 'string' ? [entry] : Object.values(entry)).map((e) => path.join(dir, e));
  let graph: ReturnType<typeof localGraph>;
  try {
    graph = localGraph(entries);
  } catch {
    return {};
  }
  const out: NonNullable<Material['resolved']> = {};
  for (const [importer, specs] of Object.entries(graph.resolved)) {
    const from = pathToFileURL(importer).href;
    for (const [spec, file] of Object.entries(specs)) {
      const url = pathToFileURL(file).href;
      if (/^\.{1,2}\//.test(spec) && new URL(spec, from).href === url) continue;
      (out[from] ??= {})[spec] = url;
    }
  }
  return out;
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
  if (!importsOnlyBuiltins(code)) return null;
  const file = path.join(dir, `${entry}.mjs`);
  fs.writeFileSync(file, code, { mode: 0o444 });
  return file;
}

/**
 * A package's verified copy must find its dependencies as the original would, through
 * require() as well as import (Node 20's require does not pass through loader hooks).
 * The copy sits at <private>/node_modules/<name>; the pinned dependencies were copied to
 * their places beside it, and every other package of the original's nested and hoisted
 * node_modules is linked in, so Node's resolution reaches the same files. Node resolves
 * links to their real paths, so what is linked is reported as unverified.
 */
function linkDependencies(copy: string, original: string, pinned: Array<{ dest: string; dir: string }>): void {
  linkEntries(path.join(original, 'node_modules'), path.join(copy, 'node_modules'));
  let hoisted = path.dirname(original);
  while (path.basename(hoisted) !== 'node_modules') hoisted = path.dirname(hoisted);
  linkEntries(hoisted, path.join(copy, path.relative(hoisted, original).split(path.sep).map(() => '..').join(path.sep)));
  for (const d of pinned) linkEntries(path.join(d.dir, 'node_modules'), path.join(d.dest, 'node_modules'));
}

/** Links each package of the node_modules `from` into `to`, a scope's members one by one,
 *  leaving alone what the copy already holds there (a pinned dependency, the copy itself). */
function linkEntries(from: string, to: string): void {
  if (!fs.existsSync(from)) return;
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from)) {
    if (entry.startsWith('.')) continue;
    const target = path.join(to, entry);
    if (entry.startsWith('@')) linkEntries(path.join(from, entry), target);
    else if (!fs.existsSync(target)) fs.symlinkSync(path.join(from, entry), target);
  }
}
