// A report as written: JSON any reader reads back whole, with a line of its own for each
// trial, where the links of the findings point.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { reportText, trialLines } from '../runners/report/report-text.ts';
import { publishedReports } from './support/published.ts';
import { finish } from './support/suite.ts';

const [{ report }] = publishedReports().filter(({ report: r }) => r.trials.length > 3);

test('a written report reads back as the report it was', () => {
  assert.equal(JSON.parse(reportText(report)), JSON.parse(JSON.stringify(report)));
});

test("each trial's line holds that trial and nothing else", () => {
  const lines = reportText(report).split('\n');
  const at = trialLines(report);
  assert.is(at.length, report.trials.length);
  at.forEach((line, i) => assert.equal(JSON.parse(lines[line - 1].replace(/,$/, '')), JSON.parse(JSON.stringify(report.trials[i]))));
  // And the check can fail: one line off is another trial.
  assert.not.equal(JSON.parse(lines[at[1]].replace(/,$/, '')), JSON.parse(JSON.stringify(report.trials[0])));
});

test('an empty list is written on its line, and a report without trials has no trial lines', () => {
  const empty = { formatVersion: 2, trials: [] as unknown[], summary: { total: 0 } };
  assert.equal(JSON.parse(reportText(empty)), empty);
  assert.equal(trialLines(empty), []);
});

finish(test);
