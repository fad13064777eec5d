// Calls that block their caller until the child is gone (Node's execFileSync and
// spawnSync), watched through the binding they call: does a child that ignores SIGTERM
// hold them, does a killSignal free them, and what does a grandchild on the pipe do?

import type { Observations } from '../../runners/model/observations.ts';
import * as assert from 'uvu/assert';
import { finish } from '../support/suite.ts';
import { trial, trialSuite } from '../support/trials.ts';

const SYNC = ['node-execfilesync', 'node-spawnsync'];
const blocking = trialSuite('blocking call', [...SYNC, 'reference', 'mutant-no-escalation'], [
  'blocking-call/ignores-sigterm-timeout',
  'blocking-call/kill-signal-timeout',
  'core/grandchild-stdout-timeout',
]);

blocking("a synchronous call's child is seen: its pid, its exit status, and the call returns only once it is reaped", (ctx) => {
  for (const probe of SYNC) {
    const t = trial(ctx, probe, 'blocking-call/kill-signal-timeout');
    const [spawn] = t.observations!.worker!.spawns;
    const child = t.observations!.fixtures!.records.find((r) => r.role === 'child')!;
    assert.is(spawn.pid, child.pid, probe);
    assert.equal(spawn.exit && [spawn.exit.code, spawn.exit.signal], [null, 'SIGINT'], probe);
    assert.equal([t.facts!.settled, t.facts!['error.isTimeout'], t.facts!['child.reapedAtSettle'], t.facts!['child.markerAtSettle'], t.outcome], ['rejected', true, true, true, 'pass'], probe);
  }
});

blocking('a child that ignores SIGTERM holds a synchronous call until the harness ends it, and that return is not a settlement', (ctx) => {
  for (const probe of SYNC) {
    const t = trial(ctx, probe, 'blocking-call/ignores-sigterm-timeout');
    const o = t.observations as Observations;
    // The call did return, with the timeout error, once the cap had killed the child.
    assert.is(o.worker.settlement.kind, 'rejected', probe);
    assert.ok(o.fixtures.events.some((e) => e.kind === 'cap' && e.role === 'child'), probe);
    // The cap's SIGKILL is the harness's: not escalation, not a settlement.
    assert.equal([t.facts!.settled, t.facts!['child.end'], t.facts!['child.signals']], ['pending', 'harness-killed', ['SIGTERM']], probe);
    assert.is(t.outcome, 'known-fail', probe);
  }
  assert.is(trial(ctx, 'reference', 'blocking-call/ignores-sigterm-timeout').outcome, 'pass');
  // A mutant that never escalates holds the call until the cap: a hang, which breaks settles
  // and leaves escalates unjudged, never held.
  const mutant = trial(ctx, 'mutant-no-escalation', 'blocking-call/ignores-sigterm-timeout');
  assert.ok(mutant.verdicts!.some((v) => v.result === 'fail' && v.clause === 'settles'));
  assert.ok(mutant.verdicts!.filter((v) => v.clause === 'escalates').every((v) => v.result === 'unknown'));
});

blocking('a synchronous timeout frees the call from a grandchild on its pipe but leaves the grandchild running', (ctx) => {
  for (const probe of SYNC) {
    const t = trial(ctx, probe, 'core/grandchild-stdout-timeout');
    assert.equal([t.facts!.settled, t.facts!['error.isTimeout'], t.facts!['descendants.runningAtSettle']], ['rejected', true, 1], probe);
  }
  assert.is(trial(ctx, 'reference', 'core/grandchild-stdout-timeout').facts!['descendants.runningAtSettle'], 0);
});

finish(blocking);
