// Whether a fresh report says what the published one says, so that publishing it would
// change nothing a reader reads: the same cases and target, the same runtime, and trial for
// trial the same outcome and facts (compare-observed.ts; pids, paths, times and durations
// are never compared). A probe's known racy facts may differ: they are recorded as varying.
// Publishing one that says the same keeps the published file's bytes, so a republication
// that changes nothing adds nothing to the history. Pure.

import type { Report } from '../model/report-types.ts';
import { compareReports, type IsRacy } from './compare-observed.ts';

export function saysTheSame(published: Report, fresh: Report, racy: IsRacy): boolean {
  // A trial run twice under one key would hide behind the pairing: the counts must agree too.
  if (published.trials.length !== fresh.trials.length) return false;
  // Its notes say where the semantics, the target, the runtime or a case differ.
  const c = compareReports(published, fresh, racy);
  return c.notes.length === 0 && c.differences.length === 0 && c.onlyIn.length === 0;
}
