// A report as written: JSON any reader reads back whole, with a line of its own for each
// trial, where the links of the findings point.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { modulesEach, modulesOnce } from '../../runners/report/modules-once.ts';
import { reportText, trialLines } from '../../runners/report/report-text.ts';
import { publishedReports } from '../support/published.ts';
import { finish } from '../support/suite.ts';

const [{ report }] = publishedReports().filter(({ report: r }) => r.trials.length > 3);
/** A report whose probe loaded modules no pin covers, in most of its trials. */
const [{ report: loose }] = publishedReports().filter(({ report: r }) => r.trials.filter((t) => Array.isArray(t.unverifiedModules) && t.unverifiedModules.length > 0).length > 3);

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

test("a trial's modules that are exactly its probe's are written once, as `probe`, and read back whole", () => {
  const stored = modulesOnce(loose);
  const listed = loose.trials.filter((t) => Array.isArray(t.unverifiedModules) && t.unverifiedModules.length > 0);
  assert.ok(stored.trials.filter((t) => t.unverifiedModules === 'probe').length >= listed.length - 1, 'the shared list is written once');
  // Each trial written so is shorter by its list, and by nothing else.
  const saved = loose.trials.reduce((sum, t, i) => sum + (stored.trials[i].unverifiedModules === 'probe' ? JSON.stringify(t.unverifiedModules).length - '"probe"'.length : 0), 0);
  assert.is(reportText(stored).length, reportText(loose).length - saved);
  assert.equal(JSON.parse(JSON.stringify(modulesEach(stored))), JSON.parse(JSON.stringify(loose)));
  // And the check can fail: a trial whose list differs from its probe's keeps its own.
  const odd = { ...loose, trials: loose.trials.map((t, i) => (i === loose.trials.indexOf(listed[0]) ? { ...t, unverifiedModules: ['elsewhere.js'] } : t)) };
  assert.equal(modulesOnce(odd).trials[loose.trials.indexOf(listed[0])].unverifiedModules, ['elsewhere.js']);
});

test("a trial's list that names a module twice is its probe's all the same, and is read with each module once", () => {
  const twice = loose.trials.findIndex((t) => Array.isArray(t.unverifiedModules) && t.unverifiedModules.length > 0);
  const list = loose.trials[twice].unverifiedModules as string[];
  const doubled = { ...loose, trials: loose.trials.map((t, i) => (i === twice ? { ...t, unverifiedModules: [...list, list[0]] } : t)) };
  const stored = modulesOnce(doubled);
  assert.is(stored.trials[twice].unverifiedModules, 'probe');
  assert.equal(modulesEach(doubled).trials[twice].unverifiedModules, list);
});

finish(test);
