// Judging a report again from its saved observations: it gives back exactly what the
// committed reports say, starts no process, and shows the effect of an edited known
// divergence, case or tool semantics on exactly the trials it touches.

import childProcess, { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { judgeReport } from '../../runners/cli/judge.ts';
import { loadAllCases } from '../../runners/model/load-cases.ts';
import { loadProbe, loadProbeDir } from '../../runners/model/load-probes.ts';
import { RESULTS_DIR } from '../../runners/model/paths.ts';
import type { Report } from '../../runners/model/report-types.ts';
import { SEMANTICS } from '../../runners/model/version.ts';
import { compareReports } from '../../runners/report/compare-observed.ts';
import { rejudgeReport } from '../../runners/report/rejudge.ts';
import { cli, tempDir } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';
import { summarize } from '../../runners/report/build.ts';
import { publishedReports } from '../support/published.ts';

const published = publishedReports();
const execfile = published.find((p) => p.file.startsWith('node-execfile/') && p.report.environment.node === process.version) ?? published.find((p) => p.file.startsWith('node-execfile/'))!;

/** Counts every way this process could start another while `fn` runs. */
function spawnsDuring(fn: () => void): number {
  let count = 0;
  const proto = ChildProcess.prototype as unknown as { spawn: (...a: unknown[]) => unknown };
  const cp = childProcess as unknown as Record<string, (...a: unknown[]) => unknown>;
  const names = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'];
  const saved = { proto: proto.spawn, ...Object.fromEntries(names.map((n) => [n, cp[n]])) };
  const counted =
    (f: (...a: unknown[]) => unknown) =>
    function (this: unknown, ...a: unknown[]) {
      count++;
      return f.apply(this, a);
    };
  proto.spawn = counted(saved.proto);
  for (const n of names) cp[n] = counted(saved[n as keyof typeof saved]);
  syncBuiltinESMExports();
  try {
    fn();
  } finally {
    proto.spawn = saved.proto;
    for (const n of names) cp[n] = saved[n as keyof typeof saved];
    syncBuiltinESMExports();
  }
  return count;
}

test('there are committed reports, and each trial that ran carries its observations', () => {
  assert.ok(published.length >= 2, `${published.length} reports under results/`);
  for (const { file, report } of published) {
    assert.is(report.semantics, SEMANTICS, file);
    for (const t of report.trials) assert.ok(t.observations || !t.facts, `${file} ${t.case} has observations`);
  }
});

test('judging every committed report reproduces its stored facts and outcomes exactly', () => {
  for (const { file, report } of published) {
    const again = judgeReport(report, { cases: [], probes: [] });
    const changed = again.trials.filter((t) => t.status !== 'same' && t.status !== 'no observations');
    assert.equal(changed, [], file);
    assert.equal(again.notes, [], file);
    assert.equal(again.report.trials.map((t) => [t.facts, t.outcome]), report.trials.map((t) => [t.facts, t.outcome]), file);
  }
});

test('judging starts no process', () => {
  assert.is(spawnsDuring(() => judgeReport(execfile.report, { cases: [], probes: [] })), 0);
  // The counter itself sees a spawn, so a zero above is not a counter that never counts.
  assert.is(spawnsDuring(() => childProcess.execFileSync(process.execPath, ['-e', ''])), 1);
});

test("editing one known divergence changes exactly the affected trials' outcomes", () => {
  const copy = path.join(tempDir(), 'node-execfile');
  fs.cpSync(loadProbe('node-execfile').dir, copy, { recursive: true });
  const file = path.join(copy, 'divergences.json');
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  // One of Node's own (the report ran on Node), not a racy one, of a case the report ran.
  const ran = new Set(execfile.report.trials.map((t) => t.case));
  const edited = doc.explanations
    .flatMap((e: { signatures: unknown[] }) => e.signatures)
    .find((s: { case: string; racy?: boolean; runtime?: string }) => !s.racy && !s.runtime && ran.has(s.case));
  edited.value = 'never observed';
  fs.writeFileSync(file, JSON.stringify(doc));
  const again = judgeReport(execfile.report, { cases: [], probes: [copy] });
  const differ = again.trials.filter((t) => t.status === 'differs');
  assert.equal(differ.map((t) => t.case), [edited.case]);
  const outcome = differ[0].status === 'differs' ? differ[0].differences.find((d) => d.what === 'outcome') : undefined;
  assert.equal(outcome && [outcome.stored, outcome.now], ['known-fail', 'fail']);
});

test('a trial whose case changed how it runs cannot be judged, and says to run it again', () => {
  const cases = loadAllCases().map((c) => (c.spec.id === 'core/delayed-cleanup-abort' ? { ...c, spec: { ...c.spec, windowMs: c.spec.windowMs + 1 } } : c));
  const again = rejudgeReport(execfile.report, cases, [loadProbe('node-execfile')]);
  const stale = again.trials.filter((t) => t.status === 'cannot judge');
  assert.equal(stale.map((t) => t.case), ['core/delayed-cleanup-abort']);
  assert.match(stale[0].status === 'cannot judge' ? stale[0].why : '', /run it again/);
});

test('a case whose assertion changed is judged by the case as it is now', () => {
  const cases = loadAllCases().map((c) =>
    c.spec.id === 'core/success' ? { ...c, sha256: 'f'.repeat(64), spec: { ...c.spec, assertions: [{ clause: 'hygiene' as const, fact: 'settled' as const, equals: 'rejected' }] } } : c,
  );
  const again = rejudgeReport(execfile.report, cases, [loadProbe('node-execfile')]);
  assert.equal(again.trials.filter((t) => t.status === 'differs').map((t) => t.case), ['core/success']);
  assert.ok(again.notes.some((n) => n.includes('case core/success changed since the report')));
});

test("a report of other semantics is said to be so, apart from any change in the target", () => {
  const older: Report = { ...execfile.report, semantics: SEMANTICS - 1 };
  const [was, now] = [SEMANTICS - 1, SEMANTICS];
  assert.ok(rejudgeReport(older, loadAllCases(), [loadProbe('node-execfile')]).notes.some((n) => n.startsWith(`the tool's semantics changed between this report (${was}) and this tool (${now})`)));
  const notes = compareReports(older, execfile.report).notes.join('\n');
  assert.ok(notes.includes(`the tool's semantics changed between A (${was}) and B (${now})`), notes);
  assert.not.match(notes, /the target changed/);
});

test('a probe of the user\'s own must be given by its directory, with one clear line', () => {
  const own: Report = { ...execfile.report, probes: execfile.report.probes.map((p) => ({ ...p, name: 'mine' })), trials: execfile.report.trials.map((t) => ({ ...t, probe: 'mine' })) };
  assert.throws(() => judgeReport(own, { cases: [], probes: [] }), /probe mine, which does not ship with childproof: give its directory with --probe DIR/);
  assert.ok(loadProbeDir(loadProbe('node-execfile').dir));
});

test('the judge command exits 0 when nothing differs, 1 when something does, and writes a valid report', async () => {
  const dir = tempDir();
  const source = path.join(RESULTS_DIR, execfile.file);
  const same = await cli('judge', source, '--case', 'core/*', '--out', path.join(dir, 'again.json'));
  assert.is(same.code, 0, same.stdout + same.stderr);
  assert.match(same.stdout, /judged again from their observations, \d+ as stored and 0 differ; 0 cannot be judged/);
  assert.is((await cli('validate', path.join(dir, 'again.json'))).code, 0);
  const edited = structuredClone(execfile.report);
  const t = edited.trials.find((x) => x.observations)!;
  t.outcome = t.outcome === 'pass' ? 'fail' : 'pass';
  // Edited as a whole: its summary says what its trials now say.
  edited.summary = summarize(edited.trials, edited.interrupted);
  fs.writeFileSync(path.join(dir, 'edited.json'), JSON.stringify(edited));
  const differs = await cli('judge', path.join(dir, 'edited.json'));
  assert.is(differs.code, 1);
  assert.match(differs.stdout, new RegExp(`${t.probe} ${t.case}: outcome: stored`));
});

test('a report that predates saved observations is refused with one clear line', async () => {
  const file = path.join(tempDir(), 'old.json');
  fs.writeFileSync(file, JSON.stringify({ ...execfile.report, formatVersion: 1 }));
  const r = await cli('judge', file);
  assert.is(r.code, 2);
  assert.match(r.stderr, /old\.json: \/formatVersion: expected report format 2: this report predates saved observations/);
});

finish(test);
