// The published reports audited: facts set against facts, over every trial in results/.
// Each rule is shown first to catch a report that breaks it, so a rule that can never
// fail proves nothing.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Report, TrialResult } from '../../runners/model/report-types.ts';
import { loadProbes } from '../../runners/model/load-probes.ts';
import { loadAllCases } from '../../runners/model/load-cases.ts';
import { racyIn } from '../../runners/report/compare-observed.ts';
import { auditTrials, unexplainedFindings, unmarkedRaces } from '../../runners/report/audit.ts';
import { loadRuntimeFindings, type RuntimeFinding } from '../../runners/model/runtime-findings.ts';
import { finish } from '../support/suite.ts';
import { publishedReports } from '../support/published.ts';

const published = publishedReports();
const one = (t: Partial<TrialResult>, env: Report['environment'] = { node: 'v20.20.2' } as Report['environment']) => [
  { file: 'x.json', report: { environment: env, probes: [], trials: [{ probe: 'p', case: 'c', kind: 'library', outcome: 'known-fail', ...t } as TrialResult] } as unknown as Report },
];

test('there are published reports to audit', () => {
  assert.ok(published.length > 10, `${published.length} reports`);
});

test('no published trial says two things that cannot both be true', () => {
  const found = auditTrials(published);
  assert.equal(found.map((v) => `${v.file} ${v.probe} ${v.case}: ${v.rule}: ${v.detail}`), []);
});

test('each rule catches the report that breaks it', () => {
  const rules = (t: Partial<TrialResult>) => auditTrials(one(t)).map((v) => v.rule);
  assert.ok(rules({ facts: { 'child.end': 'killed', 'child.signals': [] } as never })[0]?.startsWith('a child killed'));
  assert.ok(rules({ facts: { settled: 'pending', 'error.name': null } as never, verdicts: [] })[0]?.startsWith('a call that never settled'));
  assert.ok(rules({ facts: { 'child.reapedAtSettle': true, 'child.atSettle': 'running' } as never })[0]?.startsWith('a child reaped'));
  // escalates held with no second signal and the child still running: not its words.
  const escalated = (signals: string[], atSettle: string) => rules({ facts: { 'child.signals': signals, 'child.end': 'killed', 'child.atSettle': atSettle } as never, verdicts: [{ clause: 'escalates', fact: 'child.end', observed: 'killed', result: 'pass', why: '' }] });
  assert.ok(escalated(['SIGTERM'], 'running').some((r) => r.startsWith('a clause that holds shows its definition')));
  assert.not.ok(escalated(['SIGTERM', 'SIGKILL'], 'exited').some((r) => r.startsWith('a clause that holds shows its definition')));
  assert.ok(rules({ verdicts: [{ clause: 'hygiene', fact: 'parent.timersAfterSettle', observed: 1, result: 'fail', why: '' }] })[0]?.startsWith('every verdict'));
  // A Deno worker's times on its own clock, merged with the fixture's, as before the mapping.
  const twoClocks = { observations: { worker: {}, fixtures: { events: [] }, runner: {} } as never, timeline: [{ ms: 0, source: 'worker', kind: 'start' }, { ms: 1987065.2, source: 'child:1', kind: 'start' }] };
  assert.ok(auditTrials(one(twoClocks, { node: 'v22', runtime: { name: 'deno', release: '2.9.6' } } as never)).some((v) => v.rule.startsWith('no timeline')));
  const causes = { observations: { worker: { clock: { clock: 'shared', how: '' } }, fixtures: { events: [] }, runner: {} } as never, timeline: [{ ms: 0, source: 'worker', kind: 'start' }, { ms: 5, source: 'child:1', kind: 'start' }, { ms: 9, source: 'worker', kind: 'spawn' }] };
  assert.ok(rules(causes).some((r) => r.startsWith('no timeline')));
});

test('a fact that differs between releases of one runtime is marked racy, or is a snapshot the comparison rule explains', () => {
  const probes = loadProbes([...new Set(published.flatMap(({ report }) => report.probes.map((p) => p.name)))]);
  const found = unmarkedRaces(published, racyIn(probes, loadAllCases()));
  assert.equal(found.map((v) => `${v.probe} ${v.case}: ${v.detail} (${v.file})`), []);
});

test('two releases that disagree on a fact nobody marked racy are found', () => {
  const report = (release: string, end: string) => ({ file: `${release}.json`, report: { environment: { node: `v${release}` }, probes: [{ name: 'p', identity: { kind: 'builtin' } }], trials: [{ probe: 'p', case: 'c', facts: { 'child.end': end } }] } as unknown as Report });
  const found = unmarkedRaces([report('20.0.0', 'exit'), report('22.0.0', 'killed')], () => false);
  assert.is(found.length, 1);
  assert.equal(unmarkedRaces([report('20.0.0', 'exit'), report('22.0.0', 'killed')], () => true), []);
});

test("every runtime finding shows in a published trial, and explains every divergence there on the fact that shows it", () => {
  const found = unexplainedFindings(published, loadRuntimeFindings());
  assert.equal(found.map((v) => `${v.rule}: ${v.detail} (${v.file} ${v.probe} ${v.case})`), []);
});

// A finding no trial shows, and a library's sentence on the finding's own fact.
test("a finding nothing shows, and a probe that explains the finding's fact itself, are found", () => {
  const finding: RuntimeFinding = { id: 'f', title: 't', runtime: 'bun@1.4.5', fact: 'parent.timersAfterSettle', value: 'unknown', affects: ['parent.timersAfterSettle'], why: 'the runtime', observation: true };
  const env = { node: 'v22', runtime: { name: 'bun', release: '1.4.5' } } as Report['environment'];
  const verdict = (why: string) => [{ clause: 'hygiene', fact: 'parent.timersAfterSettle', observed: 'unknown', result: 'unknown', why: '', knownDivergence: why }];
  const trial = (why: string) => one({ facts: { 'parent.timersAfterSettle': 'unknown' } as never, verdicts: verdict(why) as never }, env);
  assert.equal(unexplainedFindings(trial('the runtime'), [finding]), []);
  assert.equal(unexplainedFindings(trial('the library'), [finding]).map((v) => v.rule), ["a divergence on the fact that shows a runtime finding is the finding's"]);
  assert.equal(unexplainedFindings(one({ facts: {} as never }, env), [finding]).map((v) => v.rule), ['a runtime finding shows in a published trial']);
});

finish(test);
