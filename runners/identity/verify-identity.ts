// Which code a probe runs, proven by git blob id (blob-id.ts) before any of it is imported.
// SHA-1 ids are always checked; SHA-256 object ids too where the pin gives one.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { packageBins, type BinManifest } from './bins.ts';
import { InputError } from '../model/errors.ts';
import type { Entry, Identity, LoadedProbe } from '../model/probe.ts';
import type { Verified } from '../model/report-types.ts';
import { installTarget, targetDir, type TreeEntry } from './install.ts';
import { pinPackage } from './pin-block.ts';
import { checkPinnedPath } from './package-paths.ts';
import { compare, readPinnedBytes, type VerifiedFile } from './pinned-bytes.ts';
import type { Runtime } from './runtime.ts';

function entryPaths(entry: Entry): string[] {
  return typeof entry === 'string' ? [entry] : Object.values(entry);
}

type Preparation =
  | {
      status: 'verified';
      verified: Omit<Verified, 'loader' | 'unverifiedModules'>;
      files: VerifiedFile[];
      /** Where the pinned files live, for resolving the packages they import. */
      originalRoot: string | null;
    }
  | { status: 'unavailable'; reason: string };

type Verifiable = Exclude<Identity, { kind: 'builtin' }>;

/** A module of the runtime itself: the runtime's own binary is what was verified. */
function builtinPreparation(module: string, runtime: Runtime): Preparation {
  return {
    status: 'verified',
    verified: { kind: 'builtin', source: 'runtime', module, node: runtime.version, nodeSha256: runtime.sha256, runtime: `${runtime.name} ${runtime.release}`, files: [] },
    files: [],
    originalRoot: null,
  };
}

/**
 * Another version of the base probe's package: pinned as it is installed, then verified
 * like any pin. The probe's identity in the report is these pins. Returns why it cannot
 * be had, or null.
 */
function repinAtVersion(probe: LoadedProbe, id: Extract<Identity, { kind: 'package' }>): string | null {
  const got = installTarget(id.name, id.version, probe.spec.name);
  if ('unavailable' in got) return got.unavailable;
  // The entry is this version's for the subpath the probe was made on, else its main one.
  const fresh = pinPackage(id.name, targetDir(id.name, id.version), id.subpath);
  if (fresh.kind === 'package') Object.assign(id, { entry: fresh.entry, paths: fresh.paths });
  const command = probe.spec.command;
  if (command?.bin) {
    // A program's probe runs the same bin, wherever this version keeps it.
    const file = binFile(got.dir, command.bin);
    if (!file) return `${id.name}@${id.version} has no bin ${command.bin}`;
    probe.spec.command = { ...command, file };
    id.entry = file;
  }
  return null;
}

/** Every pinned path stays inside its root, and every entry is one of them. */
function checkPins(name: string, id: Verifiable): void {
  id.paths.forEach((p) => checkPinnedPath(name, p.path));
  for (const entry of entryPaths(id.entry)) {
    if (!id.paths.some((p) => p.path === entry)) throw new InputError([`probe ${name}: entry "${entry}": expected one of the pinned paths`]);
  }
}

/** What the report records of bytes that matched their pins. */
function verifiedRecord(id: Verifiable, origin: Verified['source'], files: VerifiedFile[], tree: TreeEntry[] | undefined): Extract<Preparation, { status: 'verified' }>['verified'] {
  return {
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
  };
}

/**
 * Reads a probe's pinned bytes and checks every blob id. A mismatch throws an
 * IntegrityError (exit 3); a source the user has not supplied makes the probe unavailable.
 */
export function prepareIdentity(probe: LoadedProbe, source: string | undefined, runtime: Runtime): Preparation {
  const id: Identity = probe.spec.identity;
  const name = probe.spec.name;
  if (id.kind === 'builtin') return builtinPreparation(id.module, runtime);
  const refused = probe.atVersion && id.kind === 'package' ? repinAtVersion(probe, id) : null;
  if (refused) return { status: 'unavailable', reason: refused };
  checkPins(name, id);
  const read = readPinnedBytes(probe, id, source);
  if ('unavailable' in read) return { status: 'unavailable', reason: read.unavailable };
  compare(name, id.paths, read.files, read.origin === 'checkout' && id.kind === 'git' ? `commit ${id.commit}` : read.origin);
  return { status: 'verified', verified: verifiedRecord(id, read.origin, read.files, read.tree), files: read.files, originalRoot: read.originalRoot };
}

/** The file a package's manifest names for `bin`, or null. */
function binFile(pkgDir: string, bin: string): string | null {
  return packageBins(JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as BinManifest)[bin] ?? null;
}
