// A package target's dependency tree, pinned like the target itself (init
// --with-dependencies): every package its package.json names, found where Node would find
// it from the package that needs it (the nearest node_modules, walking up), and theirs,
// each once. Verified by blob id like the target, then copied beside the target's copy so
// the trials load those verified bytes instead of whatever is installed.

import fs from 'node:fs';
import path from 'node:path';
import { IntegrityError } from '../model/errors.ts';
import type { PinnedDependency } from '../model/probe.ts';
import { pinBytes, walkPackage } from './pin-block.ts';
import { compare, readFromDirectory, type VerifiedFile } from './pinned-bytes.ts';
import { checkPinnedPath } from './package-paths.ts';

interface FoundDependency {
  name: string;
  version: string;
  /** Its directory, links resolved. */
  dir: string;
  /** Where it sits relative to the tree's root (the directory above the target's
   *  node_modules), so the copy can be laid out the same way. */
  at: string;
}

interface Manifest {
  name?: string;
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

function manifestOf(dir: string): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** The directory that holds the node_modules holding `pkgDir`. */
export function treeRoot(pkgDir: string): string {
  const marker = `${path.sep}node_modules${path.sep}`;
  const at = pkgDir.lastIndexOf(marker);
  return at < 0 ? path.dirname(pkgDir) : pkgDir.slice(0, at);
}

/** Node's lookup of a bare package name from a package's directory. */
function resolveFrom(dir: string, name: string): string | null {
  for (let d = dir; ; d = path.dirname(d)) {
    if (path.basename(d) !== 'node_modules') {
      const candidate = path.join(d, 'node_modules', name);
      if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    }
    if (path.dirname(d) === d) return null;
  }
}

/**
 * The installed tree below the target, breadth first. A dependency that is not installed
 * (an optional or peer one) is left out; so is one found outside the tree's root, which
 * no copy could reproduce: both stay unpinned, and a trial that loads them says so.
 */
export function dependencyTree(pkgDir: string): FoundDependency[] {
  const root = fs.realpathSync(treeRoot(pkgDir));
  const own = fs.realpathSync(pkgDir);
  const found = new Map<string, FoundDependency>();
  const queue = [own];
  while (queue.length) {
    const dir = queue.shift()!;
    const m = manifestOf(dir);
    const names = new Set([...Object.keys(m?.dependencies ?? {}), ...Object.keys(m?.optionalDependencies ?? {}), ...Object.keys(m?.peerDependencies ?? {})]);
    for (const name of [...names].sort()) {
      const at = resolveFrom(dir, name);
      if (!at || at === own || found.has(at) || !at.startsWith(root + path.sep)) continue;
      const dm = manifestOf(at);
      if (!dm?.name || !dm.version) continue;
      found.set(at, { name: dm.name, version: dm.version, dir: at, at: path.relative(root, at).split(path.sep).join('/') });
      queue.push(at);
    }
  }
  return [...found.values()].sort((a, b) => a.at.localeCompare(b.at));
}

/** The tree pinned: one entry per name and version, its files as `pin` pins a package's. */
export function pinDependencies(pkgDir: string): PinnedDependency[] {
  const pinned = new Map<string, PinnedDependency>();
  for (const d of dependencyTree(pkgDir)) {
    const key = `${d.name}@${d.version}`;
    if (pinned.has(key)) continue;
    pinned.set(key, { name: d.name, version: d.version, paths: walkPackage(d.dir).map((p) => pinBytes(p, fs.readFileSync(path.join(d.dir, p)))) });
  }
  return [...pinned.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

export interface VerifiedDependency extends FoundDependency {
  files: VerifiedFile[];
}

/**
 * Each pinned dependency read where the target finds it and checked by blob id: found at
 * another version, or missing from the tree, or with other bytes, is an IntegrityError
 * (exit 3), as for the target. Packages of the tree with no pin are not returned.
 */
export function verifyDependencies(probe: string, pkgDir: string, pins: PinnedDependency[]): VerifiedDependency[] {
  const tree = dependencyTree(pkgDir);
  const problems: string[] = [];
  const out: VerifiedDependency[] = [];
  for (const pin of pins) {
    pin.paths.forEach((p) => checkPinnedPath(probe, p.path));
    const named = tree.filter((d) => d.name === pin.name);
    if (named.length === 0) problems.push(`probe ${probe}: dependency ${pin.name}@${pin.version}: expected it in the tree ${path.basename(pkgDir)} resolves, found none`);
    for (const d of named.filter((x) => x.version === pin.version)) {
      const files = readFromDirectory(probe, d.dir, pin.paths);
      try {
        compare(probe, pin.paths, files, `${d.name}@${d.version} at ${d.at}`);
      } catch (err) {
        // Every dependency is checked before the run stops, so one run names every change.
        if (!(err instanceof IntegrityError)) throw err;
        problems.push(...err.problems);
      }
      out.push({ ...d, files });
    }
  }
  for (const d of tree) {
    const versions = pins.filter((p) => p.name === d.name).map((p) => p.version);
    if (versions.length && !versions.includes(d.version)) {
      problems.push(`probe ${probe}: dependency ${d.name} at ${d.at}: expected version ${versions.join(' or ')}, found ${d.version}`);
    }
  }
  if (problems.length) throw new IntegrityError(problems);
  return out;
}
