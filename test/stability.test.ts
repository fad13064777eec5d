// Stability and comparison read facts, not only outcomes, and leave out only what a probe
// records as racy.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FACT_NAMES } from '../runners/model/case.ts';
import type { Facts, Report, TrialResult } from '../runners/model/report.ts';
import { compareReports } from '../runners/report/compare.ts';
import { renderStability, unstable } from '../runners/report/stability.ts';
import { finish } from './support/suite.ts';

function report(over: Partial<Facts>, outcome: TrialResult['outcome'] = 'pass'): Report {
  const facts = { ...(Object.fromEntries(FACT_NAMES.map((n) => [n, null])) as Facts), ...over };
  return {
    formatVersion: 2,
    tool: { name: 'childproof', version: '0' },
    semantics: 3,
    createdAt: new Date(0).toISOString(),
    environment: { node: 'v20.0.0', v8: '0', platform: 'linux', release: '0', arch: 'x64', cpus: 2 },
    probes: [{ name: 'p', title: 'p', identity: { kind: 'builtin', module: 'node:child_process' } }],
    cases: [{ id: 'core/x', title: 'x', sha256: '0'.repeat(64), clauses: [] }],
    trials: [{ probe: 'p', case: 'core/x', outcome, facts }],
    summary: { total: 1, asExpected: true, outcomes: { [outcome]: 1 } },
  };
}

const never = () => false;
const racyAtSettle = (_p: string, _c: string, fact: string) => fact === 'child.atSettle';

test('a fact that differs between runs is reported even when every outcome is the same', () => {
  const waited = { 'child.reapedAtSettle': true };
  const runs = [report({ ...waited, 'descendants.runningAtSettle': 0 }), report({ ...waited, 'descendants.runningAtSettle': 1 }), report({ ...waited, 'descendants.runningAtSettle': 0 })];
  assert.equal(unstable(runs, never), [{ probe: 'p', case: 'core/x', what: 'descendants.runningAtSettle', values: [0, 1, 0] }]);
  assert.match(renderStability(runs, unstable(runs, never), { hogs: 2, seconds: [1, 2, 3] }), /\| p \| core\/x \| descendants\.runningAtSettle \| 0 \/ 1 \/ 0 \|/);
});

test('a snapshot that races a child the target had not reaped is not news', () => {
  const runs = [report({ 'child.reapedAtSettle': false, 'child.atSettle': 'running' }), report({ 'child.reapedAtSettle': false, 'child.atSettle': 'exited' })];
  assert.equal(unstable(runs, never), []);
  assert.equal(compareReports(runs[0], runs[1]).differences, []);
});

test('a difference in a known racy divergence is left out, and an outcome difference never is', () => {
  const runs = [report({ 'child.reapedAtSettle': true, 'child.atSettle': 'running' }), report({ 'child.reapedAtSettle': true, 'child.atSettle': 'exited' }, 'known-fail')];
  assert.equal(unstable(runs, racyAtSettle).map((i) => i.what), ['outcome']);
  assert.match(renderStability([report({}), report({})], [], { hogs: 2, seconds: [1, 1] }), /No fact and no outcome differed/);
});

test('compare reports a differing fact, and with racy facts ignored, not that one', () => {
  const [a, b] = [report({ 'child.atSettle': 'running', 'child.reapedAtSettle': true }), report({ 'child.atSettle': 'exited', 'child.reapedAtSettle': true })];
  assert.equal(compareReports(a, b).differences.length, 1);
  assert.equal(compareReports(a, b, racyAtSettle).differences, []);
});

finish(test);
