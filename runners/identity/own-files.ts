// The files a run is made of besides its targets: childproof's own runners and schemas,
// and each probe's probe.json, adapter and divergences file, each by git blob id and
// SHA-256, so that an attestation can name the configuration that produced its findings.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { LoadedProbe } from '../model/probe.ts';
import type { OwnFile } from '../model/report-types.ts';
import { ROOT, RUNNERS_DIR, SCHEMA_DIR } from '../model/paths.ts';
import { blobId } from './blob-id.ts';
import { filesSignature, keptLoad } from '../model/kept-loads.ts';

function ownFile(file: string, name: string): OwnFile {
  const bytes = fs.readFileSync(file);
  return { path: name, blob: blobId(bytes), sha256: createHash('sha256').update(bytes).digest('hex') };
}

function filesBelow(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

/** A path from the checkout's root, in git's spelling; null when it lies outside. */
function fromRoot(file: string): string | null {
  const rel = path.relative(ROOT, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep).join('/');
}

let tool: OwnFile[] | null = null;

/** childproof's runners and schemas as they are now: read once per process, and digested
 *  again only once one of them changed (model/kept-loads.ts). */
export function toolFiles(): OwnFile[] {
  const dirs = [RUNNERS_DIR, SCHEMA_DIR];
  tool ??= keptLoad('tool-files', filesSignature(dirs), () =>
    dirs
      .flatMap(filesBelow)
      .map((f) => ownFile(f, fromRoot(f)!))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
  );
  return tool;
}

/** A probe's own files: its probe.json (and its base's, for a variant), its adapter, its
 *  divergences file. A probe outside the checkout names them NAME/PATH. */
export function probeFiles(probe: LoadedProbe): OwnFile[] {
  const candidates = [
    probe.file,
    path.join(probe.codeDir, 'probe.json'),
    ...(probe.spec.adapter ? [path.join(probe.codeDir, probe.spec.adapter)] : []),
    probe.divergencesFile,
  ];
  const files = [...new Set(candidates.map((f) => path.resolve(f)))].filter((f) => fs.existsSync(f));
  return files.map((f) => ownFile(f, fromRoot(f) ?? `${probe.spec.name}/${path.relative(probe.dir, f).split(path.sep).join('/')}`));
}
