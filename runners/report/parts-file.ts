// A published folder's parts.jsonl: each part its reports share, once, a line each
// (report/shared-parts.ts says what a part is). Written before the report that names a
// new part, so no reader finds a report naming a part that is not there yet, and pruned to
// the parts the folder's reports still name. `.jsonl`, so that `results/*/*.json` still
// names just the reports.

import fs from 'node:fs';
import path from 'node:path';
import { InputError, IntegrityError } from '../model/errors.ts';
import { display, writeFileWhole } from '../model/files.ts';
import { readInput } from '../model/read-input.ts';
import { validate } from '../model/schemas.ts';
import { digestOf, partsIn, partsNamed, type Digest, type Parts } from './shared-parts.ts';

export const PARTS_FILE = 'parts.jsonl';

/** The parts stored in `dir`, each line valid and each value's digest its name. */
export function readParts(dir: string): Parts {
  const file = path.join(dir, PARTS_FILE);
  const parts: Parts = new Map();
  if (!fs.existsSync(file)) return parts;
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

/** A report file's data, each part it names put back from its folder's parts.jsonl. */
export function withParts(data: unknown, file: string): unknown {
  let parts: Parts | null = null;
  const missing: string[] = [];
  const whole = partsIn(data, () => (parts ??= readParts(path.dirname(file))), (pointer, part) => {
    missing.push(`${display(file)}: ${pointer}: expected the part ${part} in ${PARTS_FILE} beside it, which holds what the folder's reports share`);
  });
  // A report moved away from its folder lacks every part: the first few say where to look.
  const more = missing.length > 3 ? [`${display(file)}: and ${missing.length - 3} more parts it names are not in ${PARTS_FILE} beside it`] : [];
  if (missing.length) throw new InputError([...missing.slice(0, 3), ...more]);
  return whole;
}

/** The parts named by the reports in `dir` other than `except`, or null where one of
 *  them does not read: then nothing is pruned. */
function namedBesides(dir: string, except: string): Set<Digest> | null {
  const named = new Set<Digest>();
  for (const f of fs.readdirSync(dir)) {
    if (!f.endsWith('.json') || path.join(dir, f) === path.resolve(except)) continue;
    try {
      for (const p of partsNamed(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')))) named.add(p);
    } catch {
      return null;
    }
  }
  return named;
}

/** Stores `added` beside the report `file` is about to be: every part the folder's other
 *  reports still name is kept, any other dropped. */
export function storeParts(file: string, added: Parts): void {
  const dir = path.dirname(path.resolve(file));
  fs.mkdirSync(dir, { recursive: true });
  const had = readParts(dir);
  const keep = namedBesides(dir, file);
  const parts = new Map([...had].filter(([p]) => keep === null || keep.has(p)));
  for (const [p, v] of added) parts.set(p, v);
  const text = [...parts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([part, value]) => JSON.stringify({ part, value }));
  writeFileWhole(path.join(dir, PARTS_FILE), text.length ? `${text.join('\n')}\n` : '');
}

/** A published report's file copied whole to `to`, with the parts it names. */
export function copyReportFile(from: string, to: string): void {
  const text = fs.readFileSync(from, 'utf8');
  const wanted = partsNamed(JSON.parse(text));
  const had = readParts(path.dirname(from));
  storeParts(to, new Map([...had].filter(([p]) => wanted.has(p))));
  writeFileWhole(to, text);
}
