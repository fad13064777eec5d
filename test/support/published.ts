// The reports published in results/, read and validated once per test process: every test
// file that looks at them shares one copy (about 80 MB of JSON would otherwise be parsed
// and validated by each). Frozen, so that no file can change what another reads.

import fs from 'node:fs';
import path from 'node:path';
import { toolFiles } from '../../runners/identity/own-files.ts';
import { RESULTS_DIR } from '../../runners/model/paths.ts';
import type { Report } from '../../runners/model/report-types.ts';
import { readPublished } from '../../runners/report/publish-files.ts';
import { readReport } from '../../runners/report/report-file.ts';

let shared: ReadonlyArray<{ file: string; report: Report }> | null = null;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Each published report, with its file relative to results/. */
export function publishedReports(): Array<{ file: string; report: Report }> {
  shared ??= deepFreeze(readPublished(RESULTS_DIR));
  return [...shared];
}

/** The published report of `probe` on this process's Node. */
export function publishedOnHost(probe: string): string {
  const dir = path.join(RESULTS_DIR, probe);
  const file = fs.readdirSync(dir).find((f) => f.endsWith(`@node-${process.version}.json`));
  if (!file) throw new Error(`results/${probe} holds no report for ${process.version}`);
  return path.join(dir, file);
}

/**
 * A copy of a published report, in `dir`, as this installation would have made it: its
 * record of childproof's own files is this checkout's. The published one was made by
 * earlier code, which `verify --statement` tells apart; tests of subjects, signatures and
 * reports use this copy.
 */
export function madeHere(file: string, dir: string): string {
  // Read whole and written whole: a published file names parts its folder keeps.
  const report = readReport(file);
  const out = path.join(dir, path.basename(file));
  fs.writeFileSync(out, JSON.stringify({ ...report, tool: { ...report.tool, files: toolFiles() } }));
  return out;
}
