// What `check` may call green (runners/cli/check-verdict.ts), on a published report of the
// reference and on that report with its trials made what a target never reached gives:
// green only where a judged trial reached the target and every clause held.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkVerdict } from '../../runners/cli/check-verdict.ts';
import { RESULTS_DIR } from '../../runners/model/paths.ts';
import type { Report, TrialResult } from '../../runners/model/report-types.ts';
import { readReport } from '../../runners/report/report-file.ts';
import { finish } from '../support/suite.ts';

const file = fs.readdirSync(path.join(RESULTS_DIR, 'reference')).find((f) => f.endsWith('@node-v20.20.2.json'))!;
const reference = (): Report => readReport(path.join(RESULTS_DIR, 'reference', file));
/** The report with each trial `change` picks made into what `into` makes of it. */
const remade = (pick: (t: TrialResult) => boolean, into: (t: TrialResult) => TrialResult): Report => {
  const r = reference();
  return { ...r, trials: r.trials.map((t) => (pick(t) ? into(t) : t)) };
};
const skippedAs = (outcome: 'unsupported' | 'error', reason: string) => (t: TrialResult): TrialResult => {
  const { facts: _f, verdicts: _v, observations: _o, ...rest } = t;
  return { ...rest, outcome, reason } as TrialResult;
};

/** The reference's one break: a grandchild that left the process group by setsid, which no caller without a cgroup can end. */
const ESCAPED = 'core/setsid-grandchild-abort';

test('the reference, every trial but the escaped grandchild judged and passed, holds every clause its cases assert: green', () => {
  const r = reference();
  const v = checkVerdict({ ...r, trials: r.trials.filter((t) => t.case !== ESCAPED) }, null);
  assert.equal([v.tested, v.holds], [true, true], v.lines.join('\n'));
  assert.match(v.lines[0], /^check: every clause holds, each in a judged trial/);
});

test('a grandchild left running breaks leaves-nothing-running, known or not: check is not green for it', () => {
  const v = checkVerdict(reference(), null);
  assert.equal([v.tested, v.holds], [true, false], v.lines.join('\n'));
  assert.ok(v.lines.includes(`  leaves-nothing-running: breaks in 1 of ${reference().trials.filter((t) => t.verdicts?.some((x) => x.clause === 'leaves-nothing-running')).length}: ${ESCAPED}`), v.lines.join('\n'));
  // What was left is named under it: how many, in what role, found how.
  assert.ok(v.lines.includes(`    ${ESCAPED}: the harness had to end 1 process once the trial stopped watching: 1 child.g0 (node; found by record)`), v.lines.join('\n'));
});

test('a report in which every trial was skipped is "nothing was tested", never green', () => {
  const v = checkVerdict(remade(() => true, skippedAs('unsupported', 'reference does not support signal')), null);
  assert.equal([v.tested, v.holds], [false, false]);
  assert.match(v.lines[0], /^check: nothing was tested: no trial of the \d+ trial\(s\) reached the target and ran its command \(all \d+ trial\(s\) were skipped: does not support signal\)/);
});

test('a clause whose every trial ended in error is not tested, fails the check, and each error is named', () => {
  const asserts = (t: TrialResult) => (t.verdicts ?? []).some((v) => v.clause === 'escalates');
  const v = checkVerdict(remade(asserts, skippedAs('error', 'the adapter threw at adapter.ts:3:9\nat a stack')), null);
  assert.equal([v.tested, v.holds], [true, false]);
  assert.ok(v.lines.some((l) => /^ {2}escalates: not tested: of the (\d+) trial\(s\) that assert it, \1 ended in error$/.test(l)), v.lines.join('\n'));
  assert.ok(v.lines.some((l) => /^ {2}core\/\S+: the adapter threw at adapter\.ts:3:9$/.test(l)), v.lines.join('\n'));
});

test('an error in any trial fails the check, even where every clause holds elsewhere', () => {
  let first = true;
  const once = () => (first ? !(first = false) : false);
  const v = checkVerdict(remade(once, skippedAs('error', 'the trial worker exited with code 1')), null);
  assert.is(v.holds, false);
  assert.match(v.lines.join('\n'), /check: 1 trial\(s\) ended in error, which says nothing of the target:\n {2}\S+: the trial worker exited with code 1/);
});

test('a clause asked for that no case run asserts is not tested, and fails the check', () => {
  const v = checkVerdict(reference(), ['settles', 'exits-with-client']);
  assert.is(v.holds, false);
  assert.ok(v.lines.includes('  exits-with-client: not tested: no case run asserts it'), v.lines.join('\n'));
});

finish(test);
