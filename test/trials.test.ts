// The engine end to end with real processes: every core case against Node's execFile,
// Node's spawn and the reference helper, run once and examined here.

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { builtinProbeNames, loadAllCases, loadProbe } from '../runners/load.ts';
import { buildReport, environment } from '../runners/report.ts';
import { runTrials, type RunResult } from '../runners/run.ts';
import { validate } from '../runners/schemas.ts';
import type { LoadedCase, TrialResult } from '../runners/types.ts';

const trials = suite<{ results: TrialResult[]; probes: RunResult['probes']; cases: LoadedCase[] }>('trials', {
  results: [],
  probes: [],
  cases: [],
});

trials.before(async (ctx) => {
  ctx.cases = loadAllCases().filter((c) => c.spec.id.startsWith('core/'));
  const run = await runTrials(['node-execfile', 'node-spawn', 'reference'].map(loadProbe), ctx.cases);
  ctx.results = run.trials;
  ctx.probes = run.probes;
});

function trial(ctx: { results: TrialResult[] }, probe: string, id: string): TrialResult {
  const t = ctx.results.find((r) => r.probe === probe && r.case === `core/${id}`);
  if (!t) throw new Error(`no trial ${probe} ${id}`);
  return t;
}

trials('every trial of the built-in probes comes out as the probe expects', (ctx) => {
  assert.ok(builtinProbeNames().length >= 3);
  const surprises = ctx.results.filter((r) => !['pass', 'known-fail', 'unsupported'].includes(r.outcome));
  assert.equal(
    surprises.map((r) => `${r.probe} ${r.case}: ${r.outcome}: ${r.reason}`),
    [],
  );
});

trials("execFile's plain abort rejects before the cleanup marker exists, with the child still running", (ctx) => {
  const t = trial(ctx, 'node-execfile', 'delayed-cleanup-abort');
  assert.is(t.facts!.settled, 'rejected');
  assert.is(t.facts!['error.code'], 'ABORT_ERR');
  assert.is(t.facts!['error.reasonAt'], 'cause');
  assert.is(t.facts!['child.markerAtSettle'], false);
  assert.is(t.facts!['child.atSettle'], 'running');
  assert.is(t.facts!['child.reapedAtSettle'], false);
  // The marker did appear, later: the child was still cleaning up.
  const rejectedAt = t.timeline!.find((e) => e.kind === 'rejected')!.ms;
  const markerAt = t.timeline!.find((e) => e.kind === 'marker')!.ms;
  assert.ok(markerAt > rejectedAt, `marker at ${markerAt} ms, rejection at ${rejectedAt} ms`);
});

trials('the reference settles after the marker exists and still reports the abort', (ctx) => {
  const t = trial(ctx, 'reference', 'delayed-cleanup-abort');
  assert.is(t.facts!['child.markerAtSettle'], true);
  assert.is(t.facts!['child.reapedAtSettle'], true);
  assert.is(t.facts!['error.code'], 'ABORT_ERR');
  assert.is(t.facts!['error.reasonAt'], 'cause');
});

trials("spawn's timeout only sends killSignal: a child that exits 0 after it makes the call succeed", (ctx) => {
  for (const probe of ['node-spawn', 'node-execfile']) {
    const t = trial(ctx, probe, 'exits-zero-after-sigterm-timeout');
    assert.is(t.facts!.settled, 'resolved', probe);
    assert.equal(t.facts!['child.signals'], ['SIGTERM'], probe);
  }
});

trials('Node refuses -1, 1.5, NaN and Infinity as timeouts with ERR_OUT_OF_RANGE before spawning', (ctx) => {
  for (const probe of ['node-execfile', 'node-spawn']) {
    for (const id of ['negative', 'fractional', 'nan', 'infinity']) {
      const t = trial(ctx, probe, `invalid-timeout-${id}`);
      assert.is(t.facts!['error.code'], 'ERR_OUT_OF_RANGE', `${probe} ${id}`);
      assert.is(t.facts!['spawn.attempts'], 0, `${probe} ${id}`);
    }
  }
});

trials('Node accepts 2**53 as a timeout and tries to spawn, so the missing command is what fails', (ctx) => {
  for (const probe of ['node-execfile', 'node-spawn']) {
    const t = trial(ctx, probe, 'invalid-timeout-unsafe-integer');
    assert.is(t.facts!['spawn.attempts'], 1, probe);
    assert.is(t.facts!['error.code'], 'ENOENT', probe);
  }
  assert.is(trial(ctx, 'reference', 'invalid-timeout-unsafe-integer').facts!['spawn.attempts'], 0);
});

trials('with a signal already aborted, Node spawns and then kills; the reference spawns nothing', (ctx) => {
  assert.is(trial(ctx, 'node-execfile', 'pre-aborted').facts!['spawn.attempts'], 1);
  const ref = trial(ctx, 'reference', 'pre-aborted');
  assert.is(ref.facts!['spawn.attempts'], 0);
  assert.is(ref.facts!['error.isAbort'], true);
});

trials('the reference escalates to SIGKILL for a child that ignores SIGTERM, on abort and on timeout', (ctx) => {
  for (const id of ['ignores-sigterm-abort', 'ignores-sigterm-timeout']) {
    const t = trial(ctx, 'reference', id);
    assert.equal(t.facts!['child.signals'], ['SIGTERM', 'SIGKILL'], id);
    assert.is(t.facts!['child.end'], 'killed', id);
    assert.equal(t.leftovers, [], id);
  }
});

trials('a child that outlives the trial is ended by the runner and recorded as a leftover', (ctx) => {
  const t = trial(ctx, 'node-execfile', 'ignores-sigterm-abort');
  assert.is(t.facts!['child.end'], 'harness-killed');
  assert.ok(t.leftovers!.some((l) => l.role === 'child'), JSON.stringify(t.leftovers));
});

trials('a grandchild holding stdout survives plain execFile and is stopped with the reference', (ctx) => {
  const plain = trial(ctx, 'node-execfile', 'grandchild-stdout-abort');
  assert.is(plain.facts!['descendants.runningAtSettle'], 1);
  assert.ok(plain.leftovers!.some((l) => l.role === 'child.g0'));
  const ref = trial(ctx, 'reference', 'grandchild-stdout-abort');
  assert.is(ref.facts!['descendants.runningAtSettle'], 0);
  assert.is(ref.facts!['descendants.runningAfterWindow'], 0);
});

trials("a caller that exits on execFile's rejection leaves the SIGTERM-ignoring child orphaned; the reference leaves nothing", (ctx) => {
  const node = trial(ctx, 'node-execfile', 'caller-exits-ignores-sigterm-abort');
  assert.is(node.facts!.settled, 'rejected');
  assert.is(node.facts!['child.outlivedCaller'], true);
  assert.is(node.facts!['child.end'], 'harness-killed');
  assert.ok(node.leftovers!.some((l) => l.role === 'child'));
  assert.ok(node.timeline!.some((e) => e.source === 'runner' && e.kind === 'caller-gone'));
  const ref = trial(ctx, 'reference', 'caller-exits-ignores-sigterm-abort');
  assert.is(ref.facts!['child.outlivedCaller'], false);
  assert.is(ref.facts!['descendants.outlivedCaller'], 0);
  assert.equal(ref.leftovers, []);
});

trials('in shell mode Node signals the shell and the command runs on, while a group signal reaches the command', (ctx) => {
  const node = trial(ctx, 'node-spawn', 'shell-abort');
  assert.equal(node.facts!['child.signals'], []);
  assert.is(node.facts!['child.atSettle'], 'running');
  assert.is(node.facts!['child.end'], 'harness-killed');
  const ref = trial(ctx, 'reference', 'shell-abort');
  assert.equal(ref.facts!['child.signals'], ['SIGTERM']);
  assert.is(ref.facts!['child.markerAtSettle'], true);
  assert.is(ref.facts!['child.atSettle'], 'exited');
});

trials('past maxBuffer execFile stops the child and rejects after its exit, and the memory growth is recorded', (ctx) => {
  const node = trial(ctx, 'node-execfile', 'output-flood-maxbuffer');
  assert.is(node.facts!.settled, 'rejected');
  assert.is(node.facts!['error.code'], 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER');
  assert.is(node.facts!['child.reapedAtSettle'], true);
  assert.type(node.memory!.rssGrowthBytes, 'number');
  assert.ok(node.memory!.rssAtCallBytes > 0);
  assert.is(trial(ctx, 'node-spawn', 'output-flood-maxbuffer').outcome, 'unsupported');
});

trials('the report of the run validates against its schema', (ctx) => {
  const report = buildReport({
    probes: ctx.probes,
    cases: ctx.cases,
    trials: ctx.results,
    environment: environment(),
    createdAt: new Date().toISOString(),
  });
  assert.equal(validate('report', report, 'report'), []);
  assert.is(report.environment.node, process.version);
  assert.ok(report.summary.asExpected);
});

// child.atSettle is a /proc snapshot, and for a child that dies the instant it is
// signalled it races the sample (that is why verdicts use child.reapedAtSettle). These
// cases leave no such race, so every fact must agree.
trials('one trial at a time gives the same facts as many in parallel', async (ctx) => {
  const ids = ['delayed-cleanup-abort', 'exits-zero-after-sigterm-timeout', 'grandchild-stdout-timeout', 'ignores-sigterm-abort'];
  const cases = ctx.cases.filter((c) => ids.some((id) => c.spec.id === `core/${id}`));
  const serial = await runTrials([loadProbe('node-execfile')], cases, { jobs: 1 });
  for (const s of serial.trials) {
    assert.equal(s.facts, trial(ctx, 'node-execfile', s.case.slice('core/'.length)).facts, s.case);
  }
});

trials.run();
