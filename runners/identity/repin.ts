// `childproof pin --update DIR`: the same files pinned again as they are now (a git pin at
// another revision), with what changed, for a probe whose target moved on.

import path from 'node:path';
import { InputError } from '../model/errors.ts';
import type { Identity, PinnedDependency, PinnedPath, ProbeSpec } from '../model/probe.ts';
import { pinDependencies } from './dependencies.ts';
import { installTarget, targetDir } from './install.ts';
import { pinFiles, pinGit, pinPackage } from './pin-block.ts';
import { findPackageDir } from './package-paths.ts';

interface Repinned {
  identity: Identity;
  /** One line per thing that changed: a file's blob, the commit, the version. */
  changes: string[];
}

function fileChanges(before: PinnedPath[], after: PinnedPath[]): string[] {
  const old = new Map(before.map((p) => [p.path, p.blob]));
  const now = new Map(after.map((p) => [p.path, p.blob]));
  const out: string[] = [];
  for (const [p, blob] of now) {
    if (!old.has(p)) out.push(`${p}: added (${blob.slice(0, 12)})`);
    else if (old.get(p) !== blob) out.push(`${p}: ${old.get(p)!.slice(0, 12)} -> ${blob.slice(0, 12)}`);
  }
  for (const p of old.keys()) if (!now.has(p)) out.push(`${p}: gone`);
  return out;
}

export function repin(probeDir: string, spec: ProbeSpec, rev: string | undefined, file: string): Repinned {
  const id = spec.identity;
  if (!id) throw InputError.at(file, '/identity', 'expected an identity to pin again (a variant takes its base probe\'s: update that one)');
  if (id.kind === 'builtin') throw InputError.at(file, '/identity/kind', 'expected a pinned target: a builtin is the runtime itself, chosen with --node');
  if (rev !== undefined && id.kind !== 'git') throw InputError.at(file, '/identity/kind', 'expected "git" for --rev');
  if (id.kind === 'files') {
    if (id.root === undefined) throw InputError.at(file, '/identity/root', 'expected a root to read the files from (a probe whose source is supplied with --source is pinned by `pin --file`)');
    const root = path.resolve(probeDir, id.root);
    const fresh = pinFiles(id.paths.map((p) => path.join(root, p.path)), root, probeDir);
    return { identity: { ...id, paths: fresh.kind === 'files' ? fresh.paths : [] }, changes: fileChanges(id.paths, (fresh as typeof id).paths) };
  }
  if (id.kind === 'git') {
    if (id.checkout === undefined) throw InputError.at(file, '/identity/checkout', 'expected a checkout to read the revision from');
    const fresh = pinGit(path.resolve(probeDir, id.checkout), rev ?? 'HEAD', id.paths.map((p) => p.path), probeDir) as typeof id;
    const changes = fileChanges(id.paths, fresh.paths);
    if (fresh.commit !== id.commit) changes.unshift(`commit: ${id.commit.slice(0, 12)} -> ${fresh.commit.slice(0, 12)}`);
    return { identity: { ...id, commit: fresh.commit, paths: fresh.paths }, changes };
  }
  // The version installed beside the probe, else the pinned version from childproof's cache.
  const local = findPackageDir(path.resolve(probeDir), id.installedAs ?? id.name);
  let from = probeDir;
  if (!local) {
    const got = installTarget(id.name, id.version, spec.name);
    if ('unavailable' in got) throw new InputError([got.unavailable]);
    from = targetDir(id.name, id.version);
  }
  const fresh = pinPackage(local ? (id.installedAs ?? id.name) : id.name, from, id.subpath) as typeof id;
  const changes = fileChanges(id.paths, fresh.paths);
  if (fresh.version !== id.version) changes.unshift(`version: ${id.version} -> ${fresh.version}`);
  // An entry taken from a subpath is what that subpath names now; another is kept while the file is there.
  const entry = id.subpath !== undefined || (typeof id.entry === 'string' && !fresh.paths.some((p) => p.path === id.entry)) ? fresh.entry : id.entry;
  if (!id.dependencies) return { identity: { ...id, version: fresh.version, entry, paths: fresh.paths }, changes };
  const dependencies = pinDependencies(findPackageDir(path.resolve(from), local ? (id.installedAs ?? id.name) : id.name)!);
  changes.push(...dependencyChanges(id.dependencies, dependencies));
  return { identity: { ...id, version: fresh.version, entry, paths: fresh.paths, dependencies }, changes };
}

/** A pinned tree against the tree now: packages added, gone, or with files changed. */
function dependencyChanges(before: PinnedDependency[], after: PinnedDependency[]): string[] {
  const key = (d: PinnedDependency) => `${d.name}@${d.version}`;
  const old = new Map(before.map((d) => [key(d), d]));
  const now = new Map(after.map((d) => [key(d), d]));
  const out: string[] = [];
  for (const [k, d] of now) {
    if (!old.has(k)) out.push(`dependency ${k}: added`);
    else out.push(...fileChanges(old.get(k)!.paths, d.paths).map((c) => `dependency ${k}: ${c}`));
  }
  for (const k of old.keys()) if (!now.has(k)) out.push(`dependency ${k}: gone`);
  return out;
}
