// results/changes.json: read (validated) and written whole beside the published reports.

import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../model/errors.ts';
import { readJson, writeJsonWhole } from '../model/files.ts';
import { validate, validateRead } from '../model/schemas.ts';
import type { Report } from '../model/report-types.ts';
import { changesBetween, verdictCells, type PublishedChanges } from './changes.ts';

export const CHANGES_FILE = 'changes.json';

export function readChanges(dir: string): PublishedChanges | null {
  const file = path.join(dir, CHANGES_FILE);
  if (!fs.existsSync(file)) return null;
  const read = readJson(file);
  const problems = validateRead('changes', read, file);
  if (problems.length) throw new InputError(problems);
  return read.data as PublishedChanges;
}

/** A publication begins: what is published now is what later changes are measured from. */
export function beginChanges(published: Report[], now = new Date().toISOString(), why?: string): PublishedChanges {
  const since = published.map((r) => r.createdAt).sort().at(-1) ?? now;
  return { $schema: '../schemas/changes.schema.json', formatVersion: 1, kind: 'published-changes', since, ...(why ? { why } : {}), baseline: verdictCells(published), changes: [] };
}

/** The changes since the publication began, with what is published now. */
export function updateChanges(doc: PublishedChanges, published: Report[]): PublishedChanges {
  return { ...doc, changes: changesBetween(doc.baseline, verdictCells(published)) };
}

export function writeChanges(dir: string, doc: PublishedChanges): void {
  const problems = validate('changes', doc, 'changes');
  if (problems.length) throw new Error(`childproof built a changes file that does not validate (a bug):\n${problems.join('\n')}`);
  writeJsonWhole(path.join(dir, CHANGES_FILE), doc);
}
