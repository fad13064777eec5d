// Verdicts and outcomes are pure: each rule shown on hand-made facts.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { classify } from '../../runners/judge/outcome.ts';
import { holdAssertions as judge } from '../../runners/judge/verdicts.ts';
import { FACT_NAMES, SETTLES, type Assertion } from '../../runners/model/case.ts';
import type { KnownDivergence } from '../../runners/model/probe.ts';
import type { Facts } from '../../runners/model/report-types.ts';
import { finish } from '../support/suite.ts';

function facts(over: Partial<Facts>): Facts {
  const base = Object.fromEntries(FACT_NAMES.map((n) => [n, null])) as Facts;
  return { ...base, ...over };
}

const rejected: Assertion = { clause: 'reason-preserved', fact: 'settled', equals: 'rejected' };
const killed: Assertion = { clause: 'escalates', fact: 'child.signals', includes: 'SIGKILL' };

test('an assertion that holds passes, and one that does not says the fact, the value seen and the value required', () => {
  const [pass] = judge([rejected], facts({ settled: 'rejected' }));
  assert.is(pass.result, 'pass');
  const [fail] = judge([rejected], facts({ settled: 'resolved' }));
  assert.is(fail.result, 'fail');
  assert.is(fail.why, 'settled was "resolved"; required "rejected".');
});

test('an unobservable fact gives an unknown verdict, never a pass', () => {
  const [v] = judge([rejected], facts({ settled: 'unknown' }));
  assert.is(v.result, 'unknown');
  assert.is(classify([v], []).outcome, 'unknown');
});

test('oneOf, includes and excludes compare whole values', () => {
  const oneOf: Assertion = { clause: 'validates-before-spawn', fact: 'settled', oneOf: ['rejected', 'threw'] };
  assert.is(judge([oneOf], facts({ settled: 'threw' }))[0].result, 'pass');
  assert.is(judge([oneOf], facts({ settled: 'resolved' }))[0].result, 'fail');
  assert.is(judge([killed], facts({ 'child.signals': ['SIGTERM', 'SIGKILL'] }))[0].result, 'pass');
  assert.is(judge([killed], facts({ 'child.signals': ['SIGTERM'] }))[0].result, 'fail');
  const noKill: Assertion = { clause: 'escalates', fact: 'child.signals', excludes: 'SIGKILL' };
  assert.is(judge([noKill], facts({ 'child.signals': [] }))[0].result, 'pass');
  assert.is(judge([noKill], facts({ 'child.signals': 'SIGKILL' }))[0].result, 'fail', 'a non-list cannot exclude');
});

test('a failure that matches its known divergence exactly is a known-fail', () => {
  const known: KnownDivergence[] = [{ case: 'c', fact: 'settled', value: 'resolved', why: 'timeouts are lost' }];
  const verdicts = judge([rejected], facts({ settled: 'resolved' }));
  assert.equal(classify(verdicts, known), { outcome: 'known-fail', reason: 'timeouts are lost' });
});

test('a failure with another value than the known one is still a fail', () => {
  const known: KnownDivergence[] = [{ case: 'c', fact: 'settled', value: 'resolved', why: 'timeouts are lost' }];
  const verdicts = judge([rejected], facts({ settled: 'threw' }));
  const { outcome, reason } = classify(verdicts, known);
  assert.is(outcome, 'fail');
  assert.is(reason, 'settled was "threw"; required "rejected".');
});

test('a known divergence that no longer happens is an unexpected pass', () => {
  const known: KnownDivergence[] = [{ case: 'c', fact: 'settled', value: 'resolved', why: 'timeouts are lost' }];
  const verdicts = judge([rejected], facts({ settled: 'rejected' }));
  assert.is(classify(verdicts, known).outcome, 'unexpected-pass');
});

test('a call that never settled holds no clause: every verdict but settles is unknown, even where its fact would pass', () => {
  const either: Assertion = { clause: 'reason-preserved', fact: 'settled', oneOf: ['rejected', 'pending'] };
  const timers: Assertion = { clause: 'hygiene', fact: 'parent.timersAfterSettle', equals: 0 };
  const verdicts = judge([SETTLES, either, timers], facts({ settled: 'pending', 'parent.timersAfterSettle': 0 }));
  assert.equal(verdicts.map((v) => v.result), ['fail', 'unknown', 'unknown']);
  assert.match(verdicts[1].why, /^not judged: the call never settled/);
});

test('a hang is judged by its break of settles alone: a known hang is a known-fail, and a signature on another fact is neither needed nor missed', () => {
  const hang: KnownDivergence = { case: 'c', fact: 'settled', value: 'pending', why: 'hangs' };
  const stale: KnownDivergence = { case: 'c', fact: 'parent.timersAfterSettle', value: 'unknown', why: 'never settled' };
  const timers: Assertion = { clause: 'hygiene', fact: 'parent.timersAfterSettle', equals: 0 };
  const verdicts = judge([SETTLES, timers], facts({ settled: 'pending', 'parent.timersAfterSettle': 'unknown' }));
  assert.is(classify(verdicts, [hang]).outcome, 'known-fail');
  assert.is(classify(verdicts, [hang, stale]).outcome, 'known-fail');
  assert.equal(classify(verdicts, []), { outcome: 'fail', reason: 'the call never settled within its deadline.' });
});

test('a racy known divergence that does not show is no unexpected pass, and one that shows is a known-fail', () => {
  const known: KnownDivergence[] = [{ case: 'c', fact: 'settled', value: 'resolved', why: 'races', racy: true }];
  assert.is(classify(judge([rejected], facts({ settled: 'rejected' })), known).outcome, 'pass');
  assert.is(classify(judge([rejected], facts({ settled: 'resolved' })), known).outcome, 'known-fail');
  assert.is(classify(judge([SETTLES, rejected], facts({ settled: 'pending' })), known).outcome, 'fail');
});

test('every verdict passing and nothing known is a pass', () => {
  assert.equal(classify(judge([rejected], facts({ settled: 'rejected' })), []), { outcome: 'pass' });
});

finish(test);
