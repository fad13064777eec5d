// What a schema cannot say about a report: that it holds each trial once, that its
// summary is the one its trials (and its interruption) make, that each trial names a probe
// and a case the report lists, and that a trial with facts has every fact its semantics
// version defines. A report read by any verb is checked for these beside its schema, so
// nothing renders, merges or judges a report that contradicts itself. Pure.

import { factNamesAt } from '../model/case.ts';
import type { Report } from '../model/report-types.ts';
import { summarize } from './build.ts';

export function consistencyProblems(report: Report, file: string): string[] {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  const probes = new Set(report.probes.map((p) => p.name));
  const cases = new Set(report.cases.map((c) => c.id));
  const kinds = new Map(report.cases.map((c) => [c.id, c.kind]));
  report.trials.forEach((t, i) => {
    const key = `${t.probe}\u0000${t.case}`;
    const first = seen.get(key);
    if (first !== undefined) problems.push(`${file}: /trials/${i}: expected one trial per probe and case; ${t.probe} ${t.case} is /trials/${first} too`);
    else seen.set(key, i);
    if (!probes.has(t.probe)) problems.push(`${file}: /trials/${i}/probe: expected a probe the report lists in /probes, not "${t.probe}"`);
    if (!cases.has(t.case)) problems.push(`${file}: /trials/${i}/case: expected a case the report lists in /cases, not "${t.case}"`);
    if (kinds.has(t.case) && kinds.get(t.case) !== t.kind) problems.push(`${file}: /trials/${i}/kind: expected "${kinds.get(t.case)}", the kind of its case in /cases, not "${t.kind}"`);
    if (t.facts) {
      const missing = factNamesAt(report.semantics, t.kind).filter((f) => !Object.hasOwn(t.facts!, f));
      if (missing.length) problems.push(`${file}: /trials/${i}/facts: expected every fact; missing ${missing.join(', ')}`);
    }
  });
  const i = report.interrupted;
  if (i && i.finished !== report.trials.length) problems.push(`${file}: /interrupted/finished: expected the number of trials the report holds (${report.trials.length}), not ${i.finished}`);
  if (i && i.finished > i.planned) problems.push(`${file}: /interrupted/planned: expected at least the ${i.finished} trials that finished, not ${i.planned}`);
  const expected = summarize(report.trials, report.interrupted);
  const s = report.summary;
  if (s.total !== expected.total) problems.push(`${file}: /summary/total: expected ${expected.total}, the trials it holds, not ${s.total}`);
  if (s.asExpected !== expected.asExpected) problems.push(`${file}: /summary/asExpected: expected ${expected.asExpected}, as its trials${report.interrupted ? ' and its interruption' : ''} say, not ${s.asExpected}`);
  for (const outcome of new Set([...Object.keys(s.outcomes), ...Object.keys(expected.outcomes)]) as Set<keyof typeof s.outcomes>) {
    if ((s.outcomes[outcome] ?? 0) !== (expected.outcomes[outcome] ?? 0)) {
      problems.push(`${file}: /summary/outcomes/${outcome}: expected ${expected.outcomes[outcome] ?? 0}, as its trials say, not ${s.outcomes[outcome] ?? 0}`);
    }
  }
  return problems;
}
