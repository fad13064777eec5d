// Reading a probe's pinned bytes from where they live (the cache, an installed package, a
// git object database, a directory or a file handed over) and holding them to their blob
// ids. Nothing read here is imported: verify-identity.ts hands on only bytes that matched.

import fs from 'node:fs';
import path from 'node:path';
import { InputError, IntegrityError } from '../model/errors.ts';
import { readInput } from '../model/read-input.ts';
import type { Identity, LoadedProbe, PinnedPath } from '../model/probe.ts';
import type { Verified } from '../model/report-types.ts';
import { blobId } from './blob-id.ts';
import { git, isCheckout } from './git.ts';
import { cachedTarget, fetchCommand, installTarget, type TreeEntry } from './install.ts';
import { findPackageDir } from './package-paths.ts';

type PackageIdentity = Extract<Identity, { kind: 'package' }>;

export interface VerifiedFile {
  path: string;
  bytes: Buffer;
}

/** Bytes of each pinned path at `commit`, from the object database, never the work tree. */
export function readFromGit(probe: string, checkout: string, commit: string, paths: PinnedPath[]): VerifiedFile[] {
  if (!isCheckout(checkout)) throw new InputError([`probe ${probe}: ${checkout}: expected a git checkout (git rev-parse found no repository)`]);
  try {
    git(checkout, ['cat-file', '-e', `${commit}^{commit}`], `probe ${probe}: commit ${commit}`);
  } catch {
    throw new InputError([`probe ${probe}: ${checkout}: expected commit ${commit} to exist in this checkout; fetch it or check out the pinned revision`]);
  }
  return paths.map((p) => {
    const at = `probe ${probe}: ${p.path} at ${commit}`;
    const entry = git(checkout, ['ls-tree', commit, '--', p.path], at).toString().trim();
    if (!entry) throw new InputError([`probe ${probe}: ${p.path}: expected the file to exist at commit ${commit}`]);
    const [mode, type] = entry.split(/\s+/);
    if (type !== 'blob' || mode === '120000') {
      throw new InputError([`probe ${probe}: ${p.path}: expected a regular file at commit ${commit}, found ${mode === '120000' ? 'a symlink' : `a ${type}`}`]);
    }
    const id = entry.split(/\s+/)[2];
    return { path: p.path, bytes: git(checkout, ['cat-file', 'blob', id], at) };
  });
}

/** Bytes of each pinned path below `root`, refusing anything that leaves it through a link. */
export function readFromDirectory(probe: string, root: string, paths: PinnedPath[]): VerifiedFile[] {
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) {
    throw new InputError([`probe ${probe}: ${root}: expected a directory`]);
  }
  const realRoot = fs.realpathSync(root);
  return paths.map((p) => {
    const file = path.join(root, p.path);
    if (!fs.existsSync(file)) throw new InputError([`probe ${probe}: ${p.path}: expected the file to exist below ${root}`]);
    const real = fs.realpathSync(file);
    if (!real.startsWith(realRoot + path.sep) || fs.lstatSync(file).isSymbolicLink()) {
      throw new InputError([`probe ${probe}: ${p.path}: expected a regular file inside ${root}, not a link leading elsewhere`]);
    }
    return { path: p.path, bytes: readInput(real, { what: `pinned file of probe ${probe}` }) };
  });
}

export function compare(probe: string, pins: PinnedPath[], files: VerifiedFile[], origin: string): void {
  const problems: string[] = [];
  for (const pin of pins) {
    const file = files.find((f) => f.path === pin.path)!;
    // A 64-digit blob is the object id of a SHA-256 repository.
    const found = blobId(file.bytes, pin.blob.length === 64 ? 'sha256' : 'sha1');
    if (found !== pin.blob) problems.push(`probe ${probe}: ${pin.path} (${origin}): expected blob ${pin.blob}, found ${found}`);
    if (pin.blobSha256) {
      const sha256 = blobId(file.bytes, 'sha256');
      if (sha256 !== pin.blobSha256) problems.push(`probe ${probe}: ${pin.path} (${origin}): expected SHA-256 object id ${pin.blobSha256}, found ${sha256}`);
    }
  }
  if (problems.length) throw new IntegrityError(problems);
}

export function installedVersion(dir: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
  return `${manifest.name}@${manifest.version}`;
}

/**
 * Where a package pin's bytes are read: childproof's cache; else the very version
 * installed beside the probe (a package of one's own that no registry has, say), whose
 * bytes are checked against the pins all the same; else installed into the cache now,
 * unless `offline` (which starts no process).
 */
export function packageSource(id: PackageIdentity, codeDir: string, probe: string, offline = false): { dir: string; tree?: TreeEntry[] } | { unavailable: string } {
  const cached = cachedTarget(id.name, id.version);
  if (cached) return cached;
  const local = findPackageDir(codeDir, id.installedAs ?? id.name);
  if (local && installedVersion(local) === `${id.name}@${id.version}`) return { dir: local };
  if (offline) return { unavailable: `${id.name}@${id.version} is not in the cache: ${fetchCommand(probe)}` };
  return installTarget(id.name, id.version, probe);
}

/** How to give the source: where it lives (a git pin's repository, cloned at its commit), then the run. */
function sourceCommand(probe: LoadedProbe): string {
  const { identity: id, repository, name } = probe.spec;
  const run = `childproof run --probe ${name} --source ${name}=PATH`;
  if (id.kind !== 'git' || !repository) return run;
  return `git clone ${repository} PATH && git -C PATH checkout ${id.commit}, then ${run}`;
}

/** The pinned files' bytes as read, where from, and where they live. */
type PinnedBytes = { files: VerifiedFile[]; origin: Verified['source']; originalRoot: string | null; tree?: TreeEntry[] } | { unavailable: string };

/** A package pin's bytes: from `source` where given, else the cache or an installed copy. */
function readPackageBytes(probe: LoadedProbe, id: PackageIdentity, source: string | undefined): PinnedBytes {
  const name = probe.spec.name;
  let dir: string;
  let tree: TreeEntry[] | undefined;
  if (source) dir = source;
  else {
    const got = packageSource(id, probe.codeDir, name);
    if ('unavailable' in got) return got;
    ({ dir, tree } = got);
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
  if (manifest.name !== id.name || manifest.version !== id.version) {
    throw new IntegrityError([`probe ${name}: ${path.join(dir, 'package.json')}: expected ${id.name}@${id.version}, found ${manifest.name}@${manifest.version}`]);
  }
  return { files: readFromDirectory(name, dir, id.paths), origin: 'package', originalRoot: dir, ...(tree ? { tree } : {}) };
}

/** A git or files pin's bytes, from the source given or the one the probe declares. */
function readGivenBytes(probe: LoadedProbe, id: Exclude<Identity, { kind: 'package' | 'builtin' }>, source: string | undefined): PinnedBytes {
  const name = probe.spec.name;
  const declared = id.kind === 'files' ? id.root : id.checkout;
  const given = source ?? (declared === undefined ? undefined : path.resolve(probe.codeDir, declared));
  if (given === undefined) return { unavailable: `${probe.spec.source ?? 'its source'} must be supplied: ${sourceCommand(probe)}` };
  if (!fs.existsSync(given)) throw new InputError([`probe ${name}: source ${given}: expected an existing file or directory`]);
  if (fs.statSync(given).isFile()) {
    // The pinned file itself, handed over alone: its blob id is all that can be checked.
    if (id.paths.length !== 1) throw new InputError([`probe ${name}: source ${given}: expected a directory, since this probe pins ${id.paths.length} files`]);
    return { files: [{ path: id.paths[0].path, bytes: readInput(given, { what: `source of probe ${name}` }) }], origin: 'file', originalRoot: path.dirname(given) };
  }
  if (id.kind === 'git') return { files: readFromGit(name, given, id.commit, id.paths), origin: 'checkout', originalRoot: given };
  return { files: readFromDirectory(name, given, id.paths), origin: 'directory', originalRoot: given };
}

/** The pinned bytes of any pin but a builtin's, not yet compared with their blob ids. */
export function readPinnedBytes(probe: LoadedProbe, id: Exclude<Identity, { kind: 'builtin' }>, source: string | undefined): PinnedBytes {
  return id.kind === 'package' ? readPackageBytes(probe, id, source) : readGivenBytes(probe, id, source);
}
