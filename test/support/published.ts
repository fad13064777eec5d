// The reports published in results/, read and validated once per test process: every test
// file that looks at them shares one copy (about 80 MB of JSON would otherwise be parsed
// and validated by each). Frozen, so that no file can change what another reads.

import { RESULTS_DIR } from '../../runners/model/paths.ts';
import type { Report } from '../../runners/model/report.ts';
import { readPublished } from '../../runners/report/publish.ts';

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
