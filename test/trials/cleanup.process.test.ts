// A child that cleans up after its signal: does the call settle before or after the
// cleanup, and does it still report the abort or the timeout?

import * as assert from 'uvu/assert';
import { finish } from '../support/suite.ts';
import { trial, trialSuite } from '../support/trials.ts';

const cleanup = trialSuite('cleanup', ['node-execfile', 'node-spawn', 'reference'], ['core/delayed-cleanup-abort', 'core/exits-zero-after-sigterm-timeout']);

cleanup("execFile's plain abort rejects before the cleanup marker exists, with the child still running", (ctx) => {
  const t = trial(ctx, 'node-execfile', 'core/delayed-cleanup-abort');
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

cleanup('the reference settles after the marker exists and still reports the abort', (ctx) => {
  const t = trial(ctx, 'reference', 'core/delayed-cleanup-abort');
  assert.is(t.facts!['child.markerAtSettle'], true);
  assert.is(t.facts!['child.reapedAtSettle'], true);
  assert.is(t.facts!['error.code'], 'ABORT_ERR');
  assert.is(t.facts!['error.reasonAt'], 'cause');
});

cleanup("spawn's timeout only sends killSignal: a child that exits 0 after it makes the call succeed", (ctx) => {
  for (const probe of ['node-spawn', 'node-execfile']) {
    const t = trial(ctx, probe, 'core/exits-zero-after-sigterm-timeout');
    assert.is(t.facts!.settled, 'resolved', probe);
    assert.equal(t.facts!['child.signals'], ['SIGTERM'], probe);
  }
});

finish(cleanup);
