// A child that ignores SIGTERM: does anything escalate, and what is left when nothing does?

import * as assert from 'uvu/assert';
import { finish } from '../support/suite.ts';
import { trial, trialSuite } from '../support/trials.ts';

const escalation = trialSuite('escalation', ['node-execfile', 'reference'], ['core/ignores-sigterm-abort', 'core/ignores-sigterm-timeout']);

escalation('the reference escalates to SIGKILL for a child that ignores SIGTERM, on abort and on timeout', (ctx) => {
  for (const id of ['core/ignores-sigterm-abort', 'core/ignores-sigterm-timeout']) {
    const t = trial(ctx, 'reference', id);
    assert.equal(t.facts!['child.signals'], ['SIGTERM', 'SIGKILL'], id);
    assert.is(t.facts!['child.end'], 'killed', id);
    assert.equal(t.leftovers, [], id);
  }
});

escalation('a child that outlives the trial is ended by the runner and recorded as a leftover', (ctx) => {
  const t = trial(ctx, 'node-execfile', 'core/ignores-sigterm-abort');
  assert.is(t.facts!['child.end'], 'harness-killed');
  assert.ok(t.leftovers!.some((l) => l.role === 'child'), JSON.stringify(t.leftovers));
  assert.equal(t.observations!.runner.leftovers, t.leftovers, 'the leftovers are among the saved observations');
});

finish(escalation);
