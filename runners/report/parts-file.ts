// A publication's parts.jsonl: each part its reports share, once, a line each
// (report/shared-parts.ts says what a part is). One store serves every folder of a
// publication, its sweeps included: a report reads the nearest parts.jsonl at or above
// its own folder (two above at most), so results/execa/*.json and
// results/sweeps/execa/*.json share one tool, one case entry and one verdict list however
// many folders repeat them. Added to before the
// report that names a new part is written, so no reader finds a report naming a part that
// is not there yet, and pruned once a publication's files are written to the parts some
// report under the store still names. `.jsonl`, so that `results/*/*.json` still names
// just the reports.

import fs from 'node:fs';
import path from 'node:path';
import { InputError, IntegrityError } from '../model/errors.ts';
import { display, writeFileWhole } from '../model/files.ts';
import { readInput } from '../model/read-input.ts';
import { validate } from '../model/schemas.ts';
import { digestOf, partsIn, partsNamed, partsReached, type Digest, type Parts } from './shared-parts.ts';

export const PARTS_FILE = 'parts.jsonl';

/** A store as last read, by its file's identity: reading every report of a publication
 *  checked its one store again for each. A store is only ever replaced whole (a new inode). */
const lastRead = new Map<string, { seen: string; parts: Parts }>();

/** The parts stored in `dir`, each line valid and each value's digest its name. */
export function readParts(dir: string): Parts {
  const file = path.join(dir, PARTS_FILE);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return new Map();
  const seen = `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
  const known = lastRead.get(path.resolve(file));
  if (known?.seen === seen) return new Map(known.parts);
  const parts = checkedParts(file);
  lastRead.set(path.resolve(file), { seen, parts });
  return new Map(parts);
}

function checkedParts(file: string): Parts {
  const parts: Parts = new Map();
  const lines = readInput(file, { what: 'parts file' }).toString('utf8').split('\n');
  const problems: string[] = [];
  lines.forEach((text, i) => {
    if (text.trim() === '') return;
    const where = `${display(file)}:${i + 1}`;
    let line: { part: Digest; value: unknown };
    try {
      line = JSON.parse(text);
    } catch {
      problems.push(`${where}: /: expected one part as JSON on each line`);
      return;
    }
    const invalid = validate('report-part', line, where);
    if (invalid.length) return void problems.push(...invalid);
    if (digestOf(line.value) !== line.part) throw new IntegrityError([`${where}: /value: its SHA-256 is not ${line.part}: the part was changed after it was published`]);
    parts.set(line.part, line.value);
  });
  if (problems.length) throw new InputError(problems);
  return parts;
}

/** How far above a report's folder its store may be: a publication's reports sit one
 *  folder below its top (results/execa/), its sweeps' two (results/sweeps/execa/). No
 *  further, so a stray parts.jsonl higher up is never taken for a publication's. */
const STORE_ABOVE = 2;

/** The nearest folder at or above `dir`, at most STORE_ABOVE up, that holds a parts.jsonl, or null. */
function nearestStore(dir: string): string | null {
  let at = path.resolve(dir);
  for (let up = 0; up <= STORE_ABOVE; up++, at = path.dirname(at)) {
    if (fs.existsSync(path.join(at, PARTS_FILE))) return at;
  }
  return null;
}

/** The store a publication rooted at `root` writes to: the one it already shares, or its own. */
const storeFor = (root: string): string => nearestStore(root) ?? path.resolve(root);

/** A report file's data, each part it names put back from the nearest parts.jsonl. */
export function withParts(data: unknown, file: string): unknown {
  // Looked for only when the report names a part (a whole report needs no store), and
  // so always looked for before a part is found missing.
  let store: string | null = null;
  let parts: Parts | null = null;
  const missing: string[] = [];
  const whole = partsIn(data, () => (parts ??= readParts((store = nearestStore(path.dirname(file))) ?? path.dirname(file))), (pointer, part) => missing.push(`${pointer}: expected the part ${part}`));
  if (!missing.length) return whole;
  const where = store ? display(path.join(store, PARTS_FILE)) : `a ${PARTS_FILE} in its folder or the two above it (there is none)`;
  // A report moved away from its publication lacks every part: the first few say where to look.
  const more = missing.length > 3 ? [`${display(file)}: and ${missing.length - 3} more parts it names are not in ${where}`] : [];
  throw new InputError([...missing.slice(0, 3).map((m) => `${display(file)}: ${m} in ${where}, which holds what a publication's reports share`), ...more]);
}

/** The parts named by every report under `dir`, its subfolders' too, or null where a
 *  JSON file there does not parse: then nothing is pruned. */
function namedUnder(dir: string): Set<Digest> | null {
  const named = new Set<Digest>();
  for (const f of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!f.endsWith('.json')) continue;
    try {
      for (const p of partsNamed(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')))) named.add(p);
    } catch {
      return null;
    }
  }
  return named;
}

function writeStore(dir: string, parts: Parts): void {
  const text = [...parts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([part, value]) => JSON.stringify({ part, value }));
  writeFileWhole(path.join(dir, PARTS_FILE), text.length ? `${text.join('\n')}\n` : '');
}

/** Adds `added` to the store of the publication rooted at `root`. */
export function storeParts(root: string, added: Parts): void {
  const dir = storeFor(root);
  fs.mkdirSync(dir, { recursive: true });
  const parts = readParts(dir);
  if ([...added.keys()].every((p) => parts.has(p))) return;
  for (const [p, v] of added) parts.set(p, v);
  writeStore(dir, parts);
}

/** Drops from the store of the publication rooted at `root` each part no report under
 *  the store names any more: a republication leaves only what it reads. */
export function pruneParts(root: string): void {
  const dir = nearestStore(root);
  const named = dir && namedUnder(dir);
  if (!dir || !named) return;
  const had = readParts(dir);
  const keep = partsReached(named, had);
  if ([...had.keys()].every((p) => keep.has(p))) return;
  writeStore(dir, new Map([...had].filter(([p]) => keep.has(p))));
}

/** A published report's file copied whole to `to`, in the publication rooted at `root`,
 *  with the parts it names. */
export function copyReportFile(from: string, to: string, root: string): void {
  const text = fs.readFileSync(from, 'utf8');
  const had = readParts(nearestStore(path.dirname(from)) ?? path.dirname(from));
  const wanted = partsReached(partsNamed(JSON.parse(text)), had);
  storeParts(root, new Map([...had].filter(([p]) => wanted.has(p))));
  writeFileWhole(to, text);
}
