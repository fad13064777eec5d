// The cases off the main path, against Node's spawn, the reference and the mutants that
// break what each family asks: many calls on one signal (failing to spawn, succeeding,
// the last aborted), AbortSignal.timeout's reason and AbortSignal.any's signal, and a
// detached child leading its own process group, a Node child holding an IPC channel, and a
// child that reads its stdin until the end.

import type { Observations } from '../../runners/model/observations.ts';
import fs from 'node:fs';
import path from 'node:path';
import * as assert from 'uvu/assert';
import { withControls } from '../../runners/engine/add-controls.ts';
import { withheldFor } from '../../runners/judge/calibration.ts';
import { loadAllCases, loadCase } from '../../runners/model/load-cases.ts';
import { loadProbes } from '../../runners/model/load-probes.ts';
import { InputError } from '../../runners/model/errors.ts';
import { tempDir } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';
import { trial, trialSuite } from '../support/trials.ts';

const FAMILIES = ['failed-spawn/', 'shared-signal/', 'abort-signal/', 'process-group/', 'fork/', 'stdin/'];
const CASES = loadAllCases()
  .filter((c) => FAMILIES.some((f) => c.spec.id.startsWith(f)))
  .map((c) => c.spec.id);
const FAILED_SPAWNS = CASES.filter((id) => id.startsWith('failed-spawn/'));
const of = (...families: string[]) => CASES.filter((id) => families.some((f) => id.startsWith(f)));
// Each probe on the cases its tests ask about; every probe meets every case in conformance.full.
const offPath = trialSuite(
  'off-path',
  {
    reference: CASES,
    'node-spawn': of('failed-spawn/', 'abort-signal/any-composed', 'process-group/', 'stdin/'),
    'node-fork': of('fork/'),
    'mutant-keeps-abort-listener': of('failed-spawn/', 'shared-signal/ten-calls'),
    'mutant-signals-direct-child-only': of('process-group/'),
    'mutant-settles-before-exit': of('fork/ipc-ignores-sigterm-abort', 'stdin/'),
  },
  CASES,
);

offPath('every family has cases', () => {
  for (const family of FAMILIES) assert.ok(CASES.some((id) => id.startsWith(family)), family);
});

offPath("ten failed spawns on one signal leave ten abort listeners on it with Node's spawn, none with the reference", (ctx) => {
  assert.is(FAILED_SPAWNS.length, 3);
  for (const id of FAILED_SPAWNS) {
    const node = trial(ctx, 'node-spawn', id);
    const reference = trial(ctx, 'reference', id);
    assert.is(node.facts!['parent.abortListenersAfterSettle'], 10, id);
    assert.is(reference.facts!['parent.abortListenersAfterSettle'], 0, id);
    // Each call was an attempt, each failed with its errno, and no child ever ran.
    for (const t of [node, reference]) {
      assert.is(t.facts!['spawn.attempts'], 10, id);
      assert.is(t.facts!.spawned, false, id);
      assert.is(t.facts!.settled, 'rejected', id);
      assert.equal(t.observations!.worker!.earlierCalls!.map((c) => [c.kind, c.error?.code]), Array(9).fill(['rejected', t.facts!['error.code']]), id);
    }
    assert.is(node.outcome, 'known-fail', id);
    assert.is(reference.outcome, 'pass', id);
  }
  assert.is(trial(ctx, 'node-spawn', 'failed-spawn/eacces-shared-signal').facts!['error.code'], 'EACCES');
  assert.is(trial(ctx, 'node-spawn', 'failed-spawn/missing-cwd-shared-signal').facts!['error.code'], 'ENOENT');
});

offPath('a mutant that keeps its abort listener is caught by what ten calls leave on one signal', (ctx) => {
  for (const id of [...FAILED_SPAWNS, 'shared-signal/ten-calls']) {
    const t = trial(ctx, 'mutant-keeps-abort-listener', id);
    assert.is(t.facts!['parent.abortListenersAfterSettle'], 10, id);
    assert.ok(t.verdicts!.some((v) => v.result === 'fail' && v.clause === 'hygiene'), id);
  }
});

offPath("the last of ten calls is the one the facts speak of: its child is the one aborted, the nine before it exited 0", (ctx) => {
  const t = trial(ctx, 'reference', 'shared-signal/last-call-aborted');
  const o = t.observations as Observations;
  assert.equal(o.worker.earlierCalls!.map((c) => c.kind), Array(9).fill('resolved'));
  const child = o.fixtures.records.find((r) => r.role === 'child')!;
  const commands = o.worker.spawns.filter((s) => s.command);
  assert.is(commands.length, 10);
  assert.is(commands[9].pid, child.pid, 'the child is the tenth spawn');
  assert.is(o.fixtures.records.filter((r) => r.role.startsWith('call-')).length, 9);
  assert.equal([t.facts!.settled, t.facts!['error.isAbort'], t.facts!['child.reapedAtSettle'], t.outcome], ['rejected', true, true, 'pass']);
});

offPath("AbortSignal.timeout()'s reason is kept as the cause and reads as a timeout; AbortSignal.any()'s signal is the one counted", (ctx) => {
  for (const id of ['abort-signal/timeout-reason', 'abort-signal/any-timeout-reason']) {
    const t = trial(ctx, 'reference', id);
    assert.equal([t.facts!['error.reasonAt'], t.facts!['error.isTimeout'], t.facts!['error.isAbort']], ['cause', true, true], id);
    assert.is(t.observations!.worker!.settlement.error!.cause!.name, 'TimeoutError', id);
  }
  // Node's spawn keeps the reason too, and rejects before its child is gone.
  const node = trial(ctx, 'node-spawn', 'abort-signal/any-composed');
  assert.equal([node.facts!['error.reasonAt'], node.facts!['child.reapedAtSettle'], node.outcome], ['cause', false, 'known-fail']);
  assert.is(trial(ctx, 'reference', 'abort-signal/any-composed').facts!['parent.abortListenersAfterSettle'], 0);
});

offPath("a detached leader's group outlives Node's spawn, not the reference; the mutant that keeps the child in the caller's group has those cases withheld", (ctx) => {
  for (const id of ['process-group/detached-leader-abort', 'process-group/detached-leader-timeout']) {
    assert.is(trial(ctx, 'node-spawn', id).facts!['descendants.runningAfterWindow'], 2, id);
    // It never starts the child detached: the calibration sees detached not reach it.
    assert.ok(withheldFor(trial(ctx, 'mutant-signals-direct-child-only', id), 'detached'), id);
    assert.is(trial(ctx, 'reference', id).facts!['descendants.runningAfterWindow'], 0, id);
    // The child led a group of its own: its recorded process group is its pid.
    const o = trial(ctx, 'node-spawn', id).observations as Observations;
    const child = o.fixtures.records.find((r) => r.role === 'child')!;
    assert.is(child.pgid, child.pid, id);
    assert.ok(o.fixtures.records.filter((r) => r.role.startsWith('child.g')).every((r) => r.pgid === child.pid), id);
  }
});

offPath("a forked child holds its IPC channel; Node's fork() settles before it is gone and never escalates, the reference does both", (ctx) => {
  for (const probe of ['node-fork', 'reference']) {
    for (const id of CASES.filter((c) => c.startsWith('fork/'))) {
      const child = trial(ctx, probe, id).observations!.fixtures!.events.filter((e) => e.role === 'child').map((e) => e.kind);
      assert.ok(child.includes('ipc-open'), `${probe} ${id}: ${child.join(', ')}`);
    }
  }
  const fork = trial(ctx, 'node-fork', 'fork/ipc-ignores-sigterm-abort');
  assert.equal([fork.facts!['child.signals'], fork.facts!['child.end'], fork.facts!['child.reapedAtSettle']], [['SIGTERM'], 'harness-killed', false]);
  const reference = trial(ctx, 'reference', 'fork/ipc-ignores-sigterm-abort');
  assert.equal([reference.facts!['child.signals'], reference.facts!['child.end'], reference.outcome], [['SIGTERM', 'SIGKILL'], 'killed', 'pass']);
  // The spawn it made is the fixture's, run by the node the call named: fork() reached the OS.
  assert.is(trial(ctx, 'node-fork', 'fork/ipc-abort').facts!['spawn.attempts'], 1);
  // The child's end of the channel was still open when fork()'s call settled, not the reference's.
  assert.is(fork.facts!['child.ipcOpenAtSettle'], true);
  assert.is(reference.facts!['child.ipcOpenAtSettle'], false);
  assert.is(trial(ctx, 'mutant-settles-before-exit', 'fork/ipc-ignores-sigterm-abort').facts!['child.ipcOpenAtSettle'], true);
});

offPath("a child that waits for the end of its stdin and ignores SIGTERM outlives Node's spawn; the reference ends it and waits", (ctx) => {
  for (const id of CASES.filter((c) => c.startsWith('stdin/'))) {
    // The child was ready, so the caller held its stdin open, and nobody closed it.
    for (const probe of ['node-spawn', 'reference']) {
      const t = trial(ctx, probe, id);
      assert.ok(t.observations!.fixtures!.events.some((e) => e.role === 'child' && e.kind === 'ready'), `${probe} ${id}`);
      assert.is(t.facts!['child.stdinEnded'], false, `${probe} ${id}`);
    }
    const node = trial(ctx, 'node-spawn', id);
    assert.equal([node.facts!['child.signals'], node.facts!['child.end'], node.outcome], [['SIGTERM'], 'harness-killed', 'known-fail'], id);
    const reference = trial(ctx, 'reference', id);
    assert.equal([reference.facts!['child.signals'], reference.facts!['child.end'], reference.facts!['child.reapedAtSettle'], reference.outcome], [['SIGTERM', 'SIGKILL'], 'killed', true, 'pass'], id);
    const early = trial(ctx, 'mutant-settles-before-exit', id);
    assert.equal([early.facts!['child.reapedAtSettle'], early.outcome], [false, 'known-fail'], id);
  }
  // Aborted, Node's spawn rejects at once; timed out, it waits for a child that never ends.
  assert.is(trial(ctx, 'node-spawn', 'stdin/eof-exit-ignores-sigterm-abort').facts!.settled, 'rejected');
  assert.is(trial(ctx, 'node-spawn', 'stdin/eof-exit-ignores-sigterm-timeout').facts!.settled, 'pending');
});

offPath('a run of the failed-spawn family alone gets a control case: none of its spawns can start a process', () => {
  const all = loadAllCases();
  const chosen = all.filter((c) => FAILED_SPAWNS.includes(c.spec.id));
  const { added } = withControls(chosen, all, loadProbes(['node-spawn']));
  assert.equal(added.map((c) => c.spec.id), ['core/success']);
});

offPath('a case refuses several calls waiting on an exit, a detached call that does not require detached, and a stdin child without a pipe', () => {
  const dir = tempDir();
  const base = JSON.parse(fs.readFileSync(loadAllCases().find((c) => c.spec.id === 'shared-signal/last-call-aborted')!.file, 'utf8'));
  const write = (name: string, doc: unknown) => {
    const file = path.join(dir, `${name}.case.json`);
    fs.writeFileSync(file, JSON.stringify(doc));
    return file;
  };
  const onExit = write('on-exit', { ...base, id: 'mine/on-exit', trigger: { kind: 'abort', after: 'exit' } });
  assert.throws(() => loadCase(onExit), (e: unknown) => e instanceof InputError && /\/trigger\/after: expected "ready" or "signal"/.test(String(e.message)));
  const detached = write('detached', { ...base, id: 'mine/detached', call: { command: 'fixture', detached: true } });
  assert.throws(() => loadCase(detached), (e: unknown) => e instanceof InputError && /\/requires: expected "detached"/.test(String(e.message)));
  // A child that exits at the end of its stdin needs a call that holds a pipe to it, and such a call the feature.
  const eof = write('eof', { ...base, id: 'mine/eof', child: { stdin: 'exit-on-eof' } });
  assert.throws(() => loadCase(eof), (e: unknown) => e instanceof InputError && /\/call\/stdin: expected "pipe"/.test(String(e.message)));
  const pipe = write('pipe', { ...base, id: 'mine/pipe', call: { command: 'fixture', stdin: 'pipe' } });
  assert.throws(() => loadCase(pipe), (e: unknown) => e instanceof InputError && /\/requires: expected "stdin"/.test(String(e.message)));
});

finish(offPath);
