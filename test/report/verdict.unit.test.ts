// The verdict the page opens with, and the time axis of its timelines, computed from
// reports built here by hand: what a cell counts, which runtimes share a row, what the
// bottom line may call held, and where the axis cuts a quiet gap.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Report, TrialResult } from '../../runners/model/report-types.ts';
import { summarize } from '../../runners/report/build.ts';
import { cellHash } from '../../runners/report/formats/html-verdict.ts';
import { roleWords } from '../../runners/report/formats/timeline-svg.ts';
import { timeScale } from '../../runners/report/formats/time-scale.ts';
import { bottomLine } from '../../runners/report/bottom-line.ts';
import { cellWords, newestFirst, shortReason, verdictRows } from '../../runners/report/verdict.ts';
import { finish } from '../support/suite.ts';

const env = (name: 'node' | 'bun', release: string) => ({ node: name === 'node' ? `v${release}` : 'v20.20.2', v8: '', platform: 'linux', release: '', arch: 'x64', cpus: 2, runtime: { name, release, sha256: '' } });

function trial(probe: string, id: string, verdicts: Array<['settles' | 'settles-after-exit' | 'no-orphans', 'pass' | 'fail' | 'unknown']>, outcome: TrialResult['outcome'] = 'pass', reason?: string): TrialResult {
  // A failed settles verdict is a call that never settled.
  const hung = verdicts.some(([clause, result]) => clause === 'settles' && result === 'fail');
  return { probe, case: id, kind: 'library', outcome, ...(reason ? { reason } : {}), facts: { settled: hung ? 'pending' : 'rejected' }, verdicts: verdicts.map(([clause, result]) => ({ clause, fact: 'settled', op: 'equals', expected: 'x', observed: 'x', result, why: '' })) } as unknown as TrialResult;
}

function report(e: ReturnType<typeof env>, probes: string[], trials: TrialResult[]): Report {
  const cases = [...new Set(trials.map((t) => t.case))].map((id) => ({ id, title: id, sha256: '', clauses: ['settles', 'settles-after-exit', 'no-orphans'] as const }));
  return {
    formatVersion: 2, tool: { name: 'childproof', version: '0.1.0' }, semantics: 4, createdAt: '2026-12-01T00:00:00Z', environment: e,
    probes: probes.map((name) => ({ name, title: name, identity: { kind: 'package', name, version: '1.0.0', installedAs: name, entry: 'index.js', paths: [] } })),
    cases: cases.map((c) => ({ ...c, clauses: [...c.clauses] })), trials, summary: summarize(trials),
  } as unknown as Report;
}

const node24 = env('node', '24.19.0');
const node20 = env('node', '20.20.2');
const bun = env('bun', '1.4.5');

test('a cell counts cases: how many broke the clause, how many could not observe it', () => {
  const r = report(node20, ['lib'], [trial('lib', 'a', [['settles-after-exit', 'fail'], ['settles-after-exit', 'fail']]), trial('lib', 'b', [['settles-after-exit', 'unknown']]), trial('lib', 'c', [['settles-after-exit', 'pass']])]);
  const [row] = verdictRows([r]);
  assert.equal(row.cells['settles-after-exit'], { state: 'breaks', cases: 3, broke: 1, unobserved: 1, hung: 0 });
  assert.is(cellWords(row.cells['settles-after-exit']), 'breaks in 1 of 3');
  const unknown = verdictRows([report(node20, ['lib'], [trial('lib', 'b', [['settles-after-exit', 'unknown']]), trial('lib', 'c', [['settles-after-exit', 'pass']])])])[0];
  assert.is(cellWords(unknown.cells['settles-after-exit']), 'holds in 1 of 2, 1 unobservable');
});

test('a clause no case covered says why, from the skipped trials of the cases that assert it', () => {
  const r = report(node20, ['lib'], [trial('lib', 'a', [], 'unsupported', 'needs Node >=22 (the trials run on v20.20.2): run with --node 22')]);
  assert.is(cellWords(verdictRows([r])[0].cells['no-orphans']), 'not covered: needs Node >=22');
  assert.is(shortReason('lib', 'lib does not support signal'), 'does not support signal');
  assert.is(shortReason('rea', 'a checkout of REA at 428eee00fdd0406cdf2b734c9ea14a2bb02da279, or its file src/x.ts must be supplied: childproof run'), 'needs a checkout of REA (--source)');
});

test('runtimes that give a library the same cells share a row, newest first; the reference comes first', () => {
  const holds = (probe: string) => trial(probe, 'a', [['settles-after-exit', 'pass'], ['no-orphans', 'pass']]);
  const rows = verdictRows([
    report(node20, ['lib', 'reference'], [holds('lib'), holds('reference')]),
    report(bun, ['lib', 'reference'], [trial('lib', 'a', [['settles-after-exit', 'fail']]), holds('reference')]),
    report(node24, ['lib', 'reference'], [holds('lib'), holds('reference')]),
  ]);
  assert.equal(rows.map((r) => [r.probe, r.runtimes.map((e) => e.runtime!.release)]), [['reference', ['24.19.0', '20.20.2', '1.4.5']], ['lib', ['24.19.0', '20.20.2']], ['lib', ['1.4.5']]]);
  assert.ok(rows[0].reference);
  assert.equal([node20, bun, node24].sort(newestFirst).map((e) => e.runtime.release), ['24.19.0', '20.20.2', '1.4.5']);
  const hash = new URLSearchParams(cellHash(rows[2], 'settles-after-exit').slice(1));
  assert.equal(Object.fromEntries(hash), { probe: 'lib', runtime: 'bun-1.4.5', clause: 'settles-after-exit', verdict: 'fail' });
});

test('the bottom line calls a clause held only where every verdict passed, never where one was unobservable', () => {
  const rows = verdictRows([
    report(node20, ['good', 'partial', 'bad', 'reference'], [
      trial('good', 'a', [['settles-after-exit', 'pass'], ['no-orphans', 'pass']]),
      trial('partial', 'a', [['settles-after-exit', 'unknown'], ['no-orphans', 'fail']]),
      trial('bad', 'a', [['settles-after-exit', 'fail'], ['no-orphans', 'fail']]),
      trial('reference', 'a', [['settles-after-exit', 'pass'], ['no-orphans', 'pass']]),
    ]),
  ]);
  const [first, , settles, orphans] = bottomLine(rows);
  assert.is(first, 'Like the reference, good breaks no clause on any runtime tested.');
  assert.match(settles, /^settles-after-exit: holds for good \(Node 20\.20\.2\)\. Where observed only: partial \(Node 20\.20\.2\)\./);
  // Who breaks it is named, and the reference never is: it is the yardstick, not a finding.
  assert.match(settles, / Breaks it: bad\.$/);
  assert.is(orphans, 'no-orphans: holds for good (Node 20.20.2). Breaks it: bad and partial.');
  assert.not.match(settles + orphans, /reference/);
});

test('the bottom line names how a holder was called, where a library breaks only on some runtimes, and who was not tested', () => {
  const withOptions = (r: Report) => ({ ...r, probes: r.probes.map((p) => (p.name === 'kd' ? { ...p, options: { killDescendants: true } } : p)) });
  const rows = verdictRows([
    withOptions(report(node20, ['kd', 'mixed', 'skipped', 'reference'], [
      trial('kd', 'a', [['no-orphans', 'pass']]),
      trial('mixed', 'a', [['no-orphans', 'pass']]),
      trial('skipped', 'a', [], 'unsupported', 'needs Node >=22 (the trials run on v20.20.2): run with --node 22'),
      trial('reference', 'a', [['no-orphans', 'pass']]),
    ])),
    withOptions(report(bun, ['kd', 'mixed', 'reference'], [trial('kd', 'a', [['no-orphans', 'pass']]), trial('mixed', 'a', [['no-orphans', 'fail']]), trial('reference', 'a', [['no-orphans', 'pass']])])),
  ]);
  assert.equal(rows.find((r) => r.probe === 'kd')!.options, { killDescendants: true });
  const orphans = bottomLine(rows).find((l) => l.startsWith('no-orphans'))!;
  assert.is(orphans, 'no-orphans: holds for kd with killDescendants: true (Node 20.20.2; Bun 1.4.5) and mixed (Node 20.20.2). Breaks it: mixed (Bun 1.4.5). Not tested: skipped, which needs Node >=22.');
});

test('a call that never settles breaks settles, named and counted so, and the clause it left unknown is called unknown, never held', () => {
  const hangs = (id: string) => trial('hangs', id, [['settles', 'fail'], ['settles-after-exit', 'unknown']]);
  const settlesFine = (id: string) => trial('hangs', id, [['settles', 'pass'], ['settles-after-exit', 'pass']]);
  const rows = verdictRows([report(node20, ['hangs', 'reference'], [hangs('a'), hangs('b'), settlesFine('c'), trial('reference', 'a', [['settles', 'pass'], ['settles-after-exit', 'pass']])])]);
  const row = rows.find((r) => r.probe === 'hangs')!;
  assert.is(row.cells.settles.state, 'breaks');
  assert.is(cellWords(row.cells.settles), 'never settled in 2 of 3');
  assert.is(row.cells['settles-after-exit'].state, 'unknown');
  assert.is(cellWords(row.cells['settles-after-exit']), 'unknown: never settled in 2 of 3');
  const lines = bottomLine(rows).join('\n');
  assert.not.match(lines, /Where observed only: hangs/);
  assert.match(lines, /settles-after-exit: .*Unknown, since a call never settled: hangs \(2 of 3\)\./);
  assert.match(lines, /^settles: no library holds it\. Never settled: hangs \(2 of 3\)\.$/m);
});

test('a library that breaks a clause and also hung on it is named once, under the break, its hangs counted there', () => {
  const broke = trial('both', 'a', [['settles', 'pass'], ['settles-after-exit', 'fail']]);
  const hung = trial('both', 'b', [['settles', 'fail'], ['settles-after-exit', 'unknown']]);
  const rows = verdictRows([report(node20, ['both', 'reference'], [broke, hung, trial('reference', 'a', [['settles', 'pass'], ['settles-after-exit', 'pass']])])]);
  const line = bottomLine(rows).find((l) => l.startsWith('settles-after-exit'))!;
  assert.match(line, /Breaks it: both \(never settled in 1 of 2\)\./);
  assert.not.match(line, /since a call never settled/);
});

test('the time axis cuts a long quiet gap, keeps the order of events, and gives the setup little room', () => {
  const times = [0, 150, 312, 314, 315, 317, 5335, 5339, 5348];
  const scale = timeScale(times, 100, 600, 314);
  const xs = times.map(scale.x);
  for (let i = 1; i < xs.length; i++) assert.ok(xs[i] >= xs[i - 1], `${times[i]} ms is not left of ${times[i - 1]} ms`);
  assert.is(scale.breaks.length, 2, 'one cut after the setup, one across the 5 s wait');
  assert.ok(xs[5] - xs[3] > 40, 'the 3 ms after the trigger get room of their own');
  assert.ok(xs[2] - xs[0] < 60, 'the 312 ms of setup get little');
  assert.ok(scale.ticks.length >= 3);
  for (let i = 1; i < scale.ticks.length; i++) assert.ok(scale.ticks[i].x - scale.ticks[i - 1].x >= 50, 'tick labels do not overlap');
  assert.equal(new Set(scale.ticks.map((t) => t.label)).size, scale.ticks.length, 'no two ticks read alike');
  const even = timeScale([0, 10, 20, 30], 0, 300);
  assert.is(even.breaks.length, 0, 'events spread evenly are not cut');
});

test('lanes are named by role: the first grandchild, a call of several, a deeper descendant', () => {
  assert.equal(['child', 'child.g0', 'child.g1', 'call-2', 'child.g0.g1'].map(roleWords), ['child', 'grandchild 1', 'grandchild 2', "call 3's child", 'descendant 1.2']);
});

finish(test);
