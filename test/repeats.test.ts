// --repeat: a fact that differs between runs of one trial is flaky, and a flaky fact is
// never a pass or a known failure unless the probe knows that fact races. The case that
// proves it is test-only: its child exits or ignores SIGTERM on a coin flip.

import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runTrials } from '../runners/engine/run.ts';
import { combineRepeats } from '../runners/judge/repeats.ts';
import type { LoadedCase } from '../runners/model/case.ts';
import { loadCase } from '../runners/model/load-cases.ts';
import { loadProbes } from '../runners/model/load-probes.ts';
import type { LoadedProbe } from '../runners/model/probe.ts';
import type { Report, TrialResult } from '../runners/model/report.ts';
import { validate } from '../runners/model/schemas.ts';
import { divergencesFrom } from '../runners/report/bless.ts';
import { buildReport, environment } from '../runners/report/build.ts';
import { rejudgeReport } from '../runners/report/rejudge.ts';
import { ROOT } from './support/helpers.ts';
import { eager, finish } from './support/suite.ts';

const COIN = loadCase(path.join(ROOT, 'test', 'cases', 'flaky', 'coin-flip.case.json'), path.join(ROOT, 'test', 'cases'));
const ctx = { report: null as Report | null, probe: null as LoadedProbe | null, cases: [] as LoadedCase[] };

const started = eager(() => runTrials(loadProbes(['reference']), [COIN], { repeat: 5 }));

test.before(async () => {
  ctx.cases = [COIN];
  [ctx.probe] = loadProbes(['reference']);
  const run = await started;
  ctx.report = buildReport({ probes: run.probes, cases: ctx.cases, trials: run.trials, environment: environment(), createdAt: new Date().toISOString(), repeat: 5 });
});

test('five runs of the coin-flip case make it flaky, with each value of the fact and its count', () => {
  const [t] = ctx.report!.trials;
  assert.equal(validate('report', ctx.report, 'report'), []);
  assert.is(t.outcome, 'flaky', t.reason);
  assert.is(t.repeats!.runs, 5);
  assert.is(t.repeats!.others.length, 4);
  const values = t.repeats!.flaky!['child.signals']!;
  assert.equal(values.map((v) => v.value).sort(), [['SIGTERM'], ['SIGTERM', 'SIGKILL']].sort());
  assert.is(values.reduce((n, v) => n + v.count, 0), 5);
  assert.match(t.reason!, /^child\.signals differed across 5 runs: /);
});

test('judged again from the observations of every run, the flaky trial is what the run said', () => {
  const again = rejudgeReport(ctx.report!, ctx.cases, [ctx.probe!]);
  assert.equal(again.trials.map((t) => t.status), ['same']);
});

test('bless given the repeats writes the divergence racy, and a racy fact no longer makes the trial flaky', () => {
  const blessed = divergencesFrom([ctx.report!], 'reference', (s) => s, []);
  assert.equal(blessed.map(({ fact, value, racy }) => ({ fact, value, racy })), [{ fact: 'child.signals', value: ['SIGTERM', 'SIGKILL'], racy: true }]);
  const knowing: LoadedProbe = { ...ctx.probe!, knownDivergences: blessed.map((k, i) => ({ ...k, pointer: `/explanations/0/signatures/${i}` })) };
  const [t] = rejudgeReport(ctx.report!, ctx.cases, [knowing]).report.trials;
  assert.is(t.outcome, 'known-fail', t.reason);
  assert.ok(t.repeats!.flaky!['child.signals'], 'the fact is still reported as flaky');
});

// Pure: the combination of runs, without processes.
const run = (outcome: TrialResult['outcome'], signals: string[], reason?: string): TrialResult => ({
  probe: 'p',
  case: 'c',
  outcome,
  ...(reason ? { reason } : {}),
  facts: { 'child.signals': signals } as TrialResult['facts'],
});

test('runs that agree on every fact keep their outcome, and one run is returned as it is', () => {
  const same = combineRepeats([run('pass', ['SIGTERM']), run('pass', ['SIGTERM'])], []);
  assert.is(same.outcome, 'pass');
  assert.is(same.repeats!.flaky, undefined);
  const one = run('fail', ['SIGTERM'], 'why');
  assert.is(combineRepeats([one], []), one);
});

test('an error in any run is the outcome, naming the run, whatever the facts did', () => {
  const c = combineRepeats([run('pass', ['SIGTERM']), { probe: 'p', case: 'c', outcome: 'error', reason: 'the worker died' }], []);
  assert.is(c.outcome, 'error');
  assert.is(c.reason, 'run 2 of 2: the worker died');
});

test('a racy known divergence tolerates only the fact it names', () => {
  const runs = [run('pass', ['SIGTERM']), run('known-fail', ['SIGTERM', 'SIGKILL'], 'known')];
  const racy = { case: 'c', fact: 'child.signals' as const, value: ['SIGTERM', 'SIGKILL'], why: 'known', racy: true };
  assert.is(combineRepeats(runs, [racy]).outcome, 'known-fail');
  assert.is(combineRepeats(runs, [{ ...racy, racy: false }]).outcome, 'flaky');
  assert.is(combineRepeats(runs, [{ ...racy, fact: 'child.end' }]).outcome, 'flaky');
});

finish(test);
