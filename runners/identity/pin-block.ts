// `childproof pin`: prints a ready identity block for probe.json, computed from the bytes
// as they are now. The block is data; nothing here is trusted until `verify` checks it.

import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../model/errors.ts';
import type { Identity, PinnedPath } from '../model/probe.ts';
import { git } from './git.ts';
import { commonDir, configsFor, localGraph } from './local-imports.ts';
import { blobId } from './blob-id.ts';
import { checkPinnedPath, findPackageDir } from './package-paths.ts';

export function pinBytes(p: string, bytes: Buffer): PinnedPath {
  return { path: p, blob: blobId(bytes), blobSha256: blobId(bytes, 'sha256') };
}

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

/** A directory as probe.json stores it: relative to the probe's directory, which is where
 *  it is resolved from, so a probe moves with its code and names no machine's path. */
function fromProbeDir(probeDir: string, dir: string): string {
  return toPosix(path.relative(path.resolve(probeDir), path.resolve(dir))) || '.';
}

/**
 * The files given, every local file they import (identity/local-imports.ts) and the
 * tsconfig that decides how those imports resolve, pinned from their common folder unless
 * `root` names one: an entry in src/core/ that imports ../utils/x.js pins both files.
 */
export function pinFiles(files: string[], root: string | undefined, probeDir: string): Identity {
  const graph = localGraph(files);
  const all = [...graph.files];
  const configs = configsFor(all[0]);
  const base = path.resolve(root ?? commonDir([...all, ...configs]));
  for (const config of configs) if (!all.includes(config) && !path.relative(base, config).startsWith('..')) all.push(config);
  const paths = all.map((f) => {
    const rel = toPosix(path.relative(base, f));
    if (rel.startsWith('../') || path.isAbsolute(rel)) {
      const by = Object.entries(graph.resolved).find(([, to]) => Object.values(to).includes(f))?.[0];
      throw new InputError([`${f}${by ? `, which ${by} imports,` : ''} lies outside the root ${base}: give a --root that holds every file, or leave --root out to have it found`]);
    }
    checkPinnedPath('(pin)', rel);
    return pinBytes(rel, fs.readFileSync(f));
  });
  return { kind: 'files', root: fromProbeDir(probeDir, base), entry: paths[0].path, paths };
}

export function pinGit(checkout: string, rev: string, paths: string[], probeDir: string): Identity {
  if (paths.length === 0) throw new InputError(['pin --checkout needs at least one --path']);
  const commit = git(checkout, ['rev-parse', '--verify', `${rev}^{commit}`], `${checkout}: git rev-parse`).toString().trim();
  const pins = paths.map((p) => {
    checkPinnedPath('(pin)', p);
    return pinBytes(p, git(checkout, ['cat-file', 'blob', `${commit}:${p}`], `${checkout}: git cat-file`));
  });
  return { kind: 'git', checkout: fromProbeDir(probeDir, checkout), commit, entry: pins[0].path, paths: pins };
}

/** The module a bare `import NAME` reaches in Node: exports "." for node/import/default, else main. */
type Manifest = { name?: string; exports?: unknown; main?: string; module?: string };

/** The file an `exports` target names for Node: a string, the first of an array that names one, or a condition's. */
function exportTarget(e: unknown): string | null {
  if (typeof e === 'string') return e;
  if (Array.isArray(e)) return e.map(exportTarget).find(Boolean) ?? null;
  if (e && typeof e === 'object') {
    const o = e as Record<string, unknown>;
    if ('.' in o) return exportTarget(o['.']);
    for (const k of ['node', 'import', 'default', 'require']) if (k in o) {
      const hit = exportTarget(o[k]);
      if (hit) return hit;
    }
  }
  return null;
}

function packageEntry(manifest: Manifest): string {
  const entry = exportTarget(manifest.exports) ?? manifest.main ?? 'index.js';
  return toPosix(path.normalize(entry));
}

/** The subpaths a package's `exports` map names, each with its file: `./lib/coreBundle` → lib/coreBundle.js. */
export function packageSubpaths(manifest: Manifest): Array<{ subpath: string; file: string }> {
  const map = manifest.exports;
  if (!map || typeof map !== 'object' || Array.isArray(map)) return [];
  return Object.entries(map as Record<string, unknown>).flatMap(([key, target]) => {
    const file = key.startsWith('./') && !key.includes('*') && !key.endsWith('.json') ? exportTarget(target) : null;
    return file && /\.[cm]?js$/.test(file) ? [{ subpath: key, file: toPosix(path.normalize(file)) }] : [];
  });
}

/**
 * `--entry SUBPATH`: a subpath of the package's `exports` (`lib/coreBundle` or
 * `./lib/coreBundle`), else a file of it (`lib/x.js`, the extension optional).
 */
function packageSubpath(manifest: Manifest, dir: string, asked: string): string {
  const key = `./${asked.replace(/^\.\//, '')}`;
  const listed = packageSubpaths(manifest);
  const hit = listed.find((s) => s.subpath === key);
  if (hit) return hit.file;
  for (const file of [key, `${key}.js`, `${key}.mjs`, `${key}.cjs`]) if (fs.existsSync(path.join(dir, file)) && fs.statSync(path.join(dir, file)).isFile()) return toPosix(path.normalize(file));
  const known = listed.length ? `: its exports name ${listed.map((s) => s.subpath).join(', ')}` : '';
  throw new InputError([`--entry ${asked}: ${manifest.name ?? 'the package'} exports no such subpath and has no such file${known}`]);
}

export function walkPackage(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...walkPackage(dir, r));
    } else if (entry.isFile() && /\.(js|mjs|cjs|json)$/.test(entry.name)) out.push(r);
  }
  return out.sort();
}

/** Every JavaScript and JSON file of an installed package, so no module of it runs unpinned. */
/** `entry`, when given, is a subpath or file of it (packageSubpath); else its main entry. */
export function pinPackage(name: string, from: string, entry?: string): Identity {
  const dir = findPackageDir(path.resolve(from), name);
  if (!dir) throw new InputError([`package ${name}: expected it installed in a node_modules above ${from}`]);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const paths = walkPackage(dir).map((p) => pinBytes(p, fs.readFileSync(path.join(dir, p))));
  return {
    kind: 'package',
    name: manifest.name,
    version: manifest.version,
    ...(manifest.name !== name ? { installedAs: name } : {}),
    ...(entry !== undefined ? { subpath: entry.replace(/^\.\//, '') } : {}),
    entry: entry === undefined ? packageEntry(manifest) : packageSubpath(manifest, dir, entry),
    paths,
  };
}
