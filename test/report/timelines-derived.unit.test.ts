// A report's file leaves out a timeline its observations give, and reading draws it again.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Report } from '../../runners/model/report-types.ts';
import { timelinesDerived, timelinesOmitted } from '../../runners/report/timelines-derived.ts';
import { publishedReports } from '../support/published.ts';
import { finish } from '../support/suite.ts';

const reports = publishedReports().map((p) => p.report);
const serverReport = reports.find((r) => r.trials.some((t) => t.kind === 'server' && t.observations))!;
const offNode = reports.find((r) => r.environment.runtime && r.environment.runtime.name !== 'node' && r.trials.some((t) => t.observations))!;

for (const [what, report] of [['a library report on Node', reports.find((r) => r.trials.some((t) => t.kind === 'library' && t.observations) && (r.environment.runtime?.name ?? 'node') === 'node')!], ['a server report', serverReport], ['a report off Node', offNode]] as const) {
  test(`${what} is written without the timelines its observations give, and read with each of them`, () => {
    const stored = timelinesOmitted(structuredClone(report) as Report);
    const observed = report.trials.filter((t) => t.observations);
    assert.ok(observed.length > 0);
    assert.ok(stored.trials.every((t) => !t.observations || t.timeline === undefined), 'no observed trial keeps its timeline');
    assert.equal(timelinesDerived(stored), report);
  });
}

test('a timeline the observations do not give is kept as it was written', () => {
  const report = structuredClone(reports.find((r) => r.trials.some((t) => t.observations && t.timeline?.length))!) as Report;
  const i = report.trials.findIndex((t) => t.observations && t.timeline?.length);
  report.trials[i].timeline = [{ ms: 0, source: 'worker', kind: 'start' }, { ms: 1, source: 'hand', kind: 'edited' }];
  const stored = timelinesOmitted(report);
  assert.equal(stored.trials[i].timeline, report.trials[i].timeline);
  assert.equal(timelinesDerived(stored).trials[i].timeline, report.trials[i].timeline);
});

finish(test);
