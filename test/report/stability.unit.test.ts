// Stability and comparison read facts, not only outcomes, and leave out only what a probe
// records as racy.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FACT_NAMES } from '../../runners/model/case.ts';
import type { Facts, Report, TrialResult } from '../../runners/model/report-types.ts';
import { compareReports } from '../../runners/report/compare-observed.ts';
import { acrossReleases, renderStability, unstable } from '../../runners/report/stability-evidence.ts';
import { finish } from '../support/suite.ts';

function report(over: Partial<Facts>, outcome: TrialResult['outcome'] = 'pass', node = 'v20.0.0'): Report {
  const facts = { ...(Object.fromEntries(FACT_NAMES.map((n) => [n, null])) as Facts), ...over };
  return {
    formatVersion: 2,
    tool: { name: 'childproof', version: '0' },
    semantics: 3,
    createdAt: new Date(0).toISOString(),
    environment: { node, v8: '0', platform: 'linux', release: '0', arch: 'x64', cpus: 2 },
    probes: [{ name: 'p', title: 'p', identity: { kind: 'builtin', module: 'node:child_process' } }],
    cases: [{ id: 'core/x', title: 'x', sha256: '0'.repeat(64), kind: 'library', clauses: [] }],
    trials: [{ probe: 'p', case: 'core/x', kind: 'library', outcome, facts }],
    summary: { total: 1, asExpected: true, outcomes: { [outcome]: 1 } },
  };
}

const never = () => false;
const racyAtSettle = (_p: string, _c: string, fact: string) => fact === 'child.atSettle';

test('a fact that differs between runs is reported even when every outcome is the same', () => {
  const waited = { 'child.reapedAtSettle': true };
  const runs = [report({ ...waited, 'descendants.runningAtSettle': 0 }), report({ ...waited, 'descendants.runningAtSettle': 1 }), report({ ...waited, 'descendants.runningAtSettle': 0 })];
  assert.equal(unstable(runs, never), [{ probe: 'p', case: 'core/x', what: 'descendants.runningAtSettle', values: [0, 1, 0] }]);
  const text = renderStability([{ reports: runs, seconds: [1, 2, 3] }], [unstable(runs, never)], [], 2);
  assert.match(text, /## Node v20\.0\.0/);
  assert.match(text, /\| p \| core\/x \| descendants\.runningAtSettle \| 0 \/ 1 \/ 0 \|/);
  assert.not.match(text, /Across releases/);
});

test('a snapshot that races a child the target had not reaped is not news', () => {
  const runs = [report({ 'child.reapedAtSettle': false, 'child.atSettle': 'running' }), report({ 'child.reapedAtSettle': false, 'child.atSettle': 'exited' })];
  assert.equal(unstable(runs, never), []);
  assert.equal(compareReports(runs[0], runs[1]).differences, []);
});

test('a difference in a known racy divergence is left out, and an outcome difference never is', () => {
  const runs = [report({ 'child.reapedAtSettle': true, 'child.atSettle': 'running' }), report({ 'child.reapedAtSettle': true, 'child.atSettle': 'exited' }, 'known-fail')];
  assert.equal(unstable(runs, racyAtSettle).map((i) => i.what), ['outcome']);
  assert.match(renderStability([{ reports: [report({}), report({})], seconds: [1, 1] }], [[]], [], 2), /No fact and no outcome differed/);
});

// Node 20 against Node 22: one fact that each release's runs agree on, one that flips
// within Node 22's runs, and one its case marks racy.
test('a fact that differs between releases reads as a difference when each release agrees with itself, and as a race when it does not', () => {
  const waited = { 'child.reapedAtSettle': true, 'child.atSettle': 'exited' as const };
  const on20 = [report({ ...waited, 'error.name': 'AbortError', 'descendants.runningAtSettle': 0, 'child.signals': [] }), report({ ...waited, 'error.name': 'AbortError', 'descendants.runningAtSettle': 0, 'child.signals': [] })];
  const on22 = [
    report({ ...waited, 'error.name': 'Error', 'descendants.runningAtSettle': 1, 'child.signals': ['SIGTERM'] }, 'pass', 'v22.0.0'),
    report({ ...waited, 'error.name': 'Error', 'descendants.runningAtSettle': 0, 'child.signals': [] }, 'pass', 'v22.0.0'),
  ];
  const racySignals = (_p: string, _c: string, fact: string) => fact === 'child.signals';
  const series = [{ reports: on20, seconds: [1, 1] }, { reports: on22, seconds: [1, 1] }];
  const across = acrossReleases(series, racySignals);
  assert.equal(across.map((d) => [d.fact, d.reads, d.values.map((v) => v.release)]), [
    ['error.name', 'difference', ['20.0.0', '22.0.0']],
    ['child.signals', 'marked racy', ['20.0.0', '22.0.0']],
    ['descendants.runningAtSettle', 'race', ['20.0.0', '22.0.0']],
  ]);
  const text = renderStability(series, series.map((s) => unstable(s.reports, racySignals)), across, 2);
  assert.match(text, /## Across releases/);
  assert.match(text, /\| node \| p \| core\/x \| descendants\.runningAtSettle \| 20\.0\.0: 0; 22\.0\.0: 1 \| race \|/);
  // One release alone has nothing to compare across.
  assert.equal(acrossReleases([series[0]], never), []);
});

test('compare reports a differing fact, and with racy facts ignored, not that one', () => {
  const [a, b] = [report({ 'child.atSettle': 'running', 'child.reapedAtSettle': true }), report({ 'child.atSettle': 'exited', 'child.reapedAtSettle': true })];
  assert.equal(compareReports(a, b).differences.length, 1);
  assert.equal(compareReports(a, b, racyAtSettle).differences, []);
});

finish(test);
