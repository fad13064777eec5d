// --repeat: a fact that differs between runs of one trial is flaky, and a flaky fact is
// never a pass or a known failure unless the probe knows that fact races. The case that
// proves it is test-only: its child exits or ignores SIGTERM on a coin flip.

import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bisect } from '../../runners/engine/bisect.ts';
import { combineRepeats, flakyFacts } from '../../runners/judge/repeats.ts';
import { sameSwept } from '../../runners/judge/same-fact.ts';
import type { LoadedCase } from '../../runners/model/case.ts';
import { loadCase } from '../../runners/model/load-cases.ts';
import { loadProbes } from '../../runners/model/load-probes.ts';
import type { LoadedProbe } from '../../runners/model/probe.ts';
import type { Report, TrialResult } from '../../runners/model/report-types.ts';
import { validate } from '../../runners/model/schemas.ts';
import { divergencesFrom } from '../../runners/report/bless-divergences.ts';
import { rejudgeReport } from '../../runners/report/rejudge.ts';
import { sweepRows } from '../../runners/report/version-sweep.ts';
import { ROOT } from '../support/helpers.ts';
import { runInRunner } from '../support/runner-process.ts';
import { eager, finish } from '../support/suite.ts';

const COIN = loadCase(path.join(ROOT, 'test', 'cases', 'flaky', 'coin-flip.case.json'), path.join(ROOT, 'test', 'cases'));
const ctx = { report: null as Report | null, probe: null as LoadedProbe | null, cases: [] as LoadedCase[] };

const started = eager(() => runInRunner({ probes: loadProbes(['reference']), cases: [COIN], repeat: 5 }));

test.before(async () => {
  ctx.cases = [COIN];
  [ctx.probe] = loadProbes(['reference']);
  ctx.report = await started;
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
  kind: 'library',
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
  const c = combineRepeats([run('pass', ['SIGTERM']), { probe: 'p', case: 'c', kind: 'library', outcome: 'error', reason: 'the worker died' }], []);
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

test('a snapshot at settlement that races an unreaped child is the same in every run, as compare and stability read it', () => {
  const at = (atSettle: string, reaped: boolean): TrialResult => ({
    probe: 'p',
    case: 'c',
    kind: 'library',
    outcome: 'pass',
    facts: { 'child.atSettle': atSettle, 'child.reapedAtSettle': reaped } as TrialResult['facts'],
  });
  assert.is(combineRepeats([at('running', false), at('exited', false)], []).outcome, 'pass');
  assert.equal(flakyFacts([at('running', false), at('exited', false)]), {});
  // Reaped on both sides, the snapshot does not race: a difference is news.
  assert.is(combineRepeats([at('running', true), at('exited', true)], []).outcome, 'flaky');
});

test('bisect and a sweep read a fact with the one rule: a racing snapshot is no change for either', async () => {
  const versions = ['1.0.0', '1.0.1', '1.0.2'];
  const both = async (reaped: boolean) => {
    const facts = (v: string) => ({ 'child.atSettle': v === '1.0.0' ? 'running' : 'exited', 'child.reapedAtSettle': reaped }) as TrialResult['facts'] & object;
    const found = await bisect(versions, async (v) => ({ value: facts(v)['child.atSettle'], facts: facts(v) }), (a, b) => sameSwept('child.atSettle', a, b));
    const report = {
      cases: [{ id: 'core/x' }],
      probes: versions.map((v) => ({ name: `p@${v}`, identity: { kind: 'package', version: v } })),
      trials: versions.map((v) => ({ probe: `p@${v}`, case: 'core/x', outcome: 'pass', facts: facts(v) })),
    } as unknown as Report;
    const row = sweepRows(report).find((r) => r.fact === 'child.atSettle');
    return { bisected: found.first, swept: row ? row.segments[1].from : null };
  };
  // The child not reaped: the snapshot races, and neither sees a change.
  assert.equal(await both(false), { bisected: null, swept: null });
  // Reaped: the snapshot is news, and both place the change at 1.0.1.
  assert.equal(await both(true), { bisected: '1.0.1', swept: '1.0.1' });
});

finish(test);
