// Which code a probe runs, proven by git blob id (blob-id.ts) before any of it is imported.
// SHA-1 ids are always checked; SHA-256 object ids too where the pin gives one.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { packageBins, type BinManifest } from './bins.ts';
import { InputError, IntegrityError } from '../model/errors.ts';
import { readInput } from '../model/read-input.ts';
import type { Entry, Identity, LoadedProbe, PinnedPath } from '../model/probe.ts';
import type { Verified } from '../model/report-types.ts';
import { git, isCheckout } from './git.ts';
import { cachedTarget, fetchCommand, installTarget, targetDir, type TreeEntry } from './install.ts';
import { pinPackage } from './pin-block.ts';
import { blobId } from './blob-id.ts';
import { checkPinnedPath, findPackageDir } from './package-paths.ts';
import type { Runtime } from './runtime.ts';

type PackageIdentity = Extract<Identity, { kind: 'package' }>;

export function entryPaths(entry: Entry): string[] {
  return typeof entry === 'string' ? [entry] : Object.values(entry);
}

export interface VerifiedFile {
  path: string;
  bytes: Buffer;
}

export type Preparation =
  | {
      status: 'verified';
      verified: Omit<Verified, 'loader' | 'unverifiedModules'>;
      files: VerifiedFile[];
      /** Where the pinned files live, for resolving the packages they import. */
      originalRoot: string | null;
    }
  | { status: 'unavailable'; reason: string };

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

/**
 * Reads a probe's pinned bytes and checks every blob id. A mismatch throws an
 * IntegrityError (exit 3); a source the user has not supplied makes the probe unavailable.
 */
export function prepareIdentity(probe: LoadedProbe, source: string | undefined, runtime: Runtime): Preparation {
  const id: Identity = probe.spec.identity;
  const name = probe.spec.name;
  if (id.kind === 'builtin') {
    return {
      status: 'verified',
      verified: { kind: 'builtin', source: 'runtime', module: id.module, node: runtime.version, nodeSha256: runtime.sha256, runtime: `${runtime.name} ${runtime.release}`, files: [] },
      files: [],
      originalRoot: null,
    };
  }
  if (probe.atVersion && id.kind === 'package') {
    // Another version of the base probe's package: pinned as it is installed, then
    // verified like any pin. The probe's identity in the report is these pins.
    const got = installTarget(id.name, id.version, name);
    if ('unavailable' in got) return { status: 'unavailable', reason: got.unavailable };
    // The entry is this version's for the subpath the probe was made on, else its main one.
    const fresh = pinPackage(id.name, targetDir(id.name, id.version), id.subpath);
    if (fresh.kind === 'package') Object.assign(id, { entry: fresh.entry, paths: fresh.paths });
    const command = probe.spec.command;
    if (command?.bin) {
      // A program's probe runs the same bin, wherever this version keeps it.
      const file = binFile(got.dir, command.bin);
      if (!file) return { status: 'unavailable', reason: `${id.name}@${id.version} has no bin ${command.bin}` };
      probe.spec.command = { ...command, file };
      id.entry = file;
    }
  }
  id.paths.forEach((p) => checkPinnedPath(name, p.path));
  for (const entry of entryPaths(id.entry)) {
    if (!id.paths.some((p) => p.path === entry)) throw new InputError([`probe ${name}: entry "${entry}": expected one of the pinned paths`]);
  }

  let files: VerifiedFile[];
  let origin: Verified['source'];
  let originalRoot: string | null;
  const declared = id.kind === 'files' ? id.root : id.kind === 'git' ? id.checkout : undefined;
  const given = source ?? (declared === undefined ? undefined : path.resolve(probe.codeDir, declared));

  let tree: TreeEntry[] | undefined;
  if (id.kind === 'package') {
    let dir: string;
    if (source) dir = source;
    else {
      const got = packageSource(id, probe.codeDir, name);
      if ('unavailable' in got) return { status: 'unavailable', reason: got.unavailable };
      ({ dir, tree } = got);
    }
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
    if (manifest.name !== id.name || manifest.version !== id.version) {
      throw new IntegrityError([
        `probe ${name}: ${path.join(dir, 'package.json')}: expected ${id.name}@${id.version}, found ${manifest.name}@${manifest.version}`,
      ]);
    }
    files = readFromDirectory(name, dir, id.paths);
    origin = 'package';
    originalRoot = dir;
  } else if (given === undefined) {
    return {
      status: 'unavailable',
      reason: `${probe.spec.source ?? 'its source'} must be supplied: ${sourceCommand(probe)}`,
    };
  } else if (!fs.existsSync(given)) {
    throw new InputError([`probe ${name}: source ${given}: expected an existing file or directory`]);
  } else if (fs.statSync(given).isFile()) {
    // The pinned file itself, handed over alone: its blob id is all that can be checked.
    if (id.paths.length !== 1) {
      throw new InputError([`probe ${name}: source ${given}: expected a directory, since this probe pins ${id.paths.length} files`]);
    }
    files = [{ path: id.paths[0].path, bytes: readInput(given, { what: `source of probe ${name}` }) }];
    origin = 'file';
    originalRoot = path.dirname(given);
  } else if (id.kind === 'git') {
    files = readFromGit(name, given, id.commit, id.paths);
    origin = 'checkout';
    originalRoot = given;
  } else {
    files = readFromDirectory(name, given, id.paths);
    origin = 'directory';
    originalRoot = given;
  }

  compare(name, id.paths, files, origin === 'checkout' && id.kind === 'git' ? `commit ${id.commit}` : origin);
  return {
    status: 'verified',
    verified: {
      kind: id.kind,
      source: origin,
      ...(id.kind === 'git' ? { commit: id.commit, commitChecked: origin === 'checkout' } : {}),
      ...(id.kind === 'package' ? { package: { name: id.name, version: id.version } } : {}),
      ...(tree ? { tree } : {}),
      files: id.paths.map((p) => {
        const bytes = files.find((f) => f.path === p.path)!.bytes;
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        return { path: p.path, blob: p.blob, ...(p.blobSha256 ? { blobSha256: p.blobSha256 } : {}), sha256, size: bytes.length };
      }),
    },
    files,
    originalRoot,
  };
}

/** The file a package's manifest names for `bin`, or null. */
function binFile(pkgDir: string, bin: string): string | null {
  return packageBins(JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as BinManifest)[bin] ?? null;
}
