// Values a target must refuse before it spawns anything: invalid timeouts and a signal
// that has already been aborted.

import * as assert from 'uvu/assert';
import { finish } from '../support/suite.ts';
import { trial, trialSuite } from '../support/trials.ts';

const INVALID = ['negative', 'fractional', 'nan', 'infinity', 'unsafe-integer'].map((id) => `core/invalid-timeout-${id}`);
const validation = trialSuite('validation', ['node-execfile', 'node-spawn', 'reference'], [...INVALID, 'core/pre-aborted']);

validation('Node refuses -1, 1.5, NaN and Infinity as timeouts with ERR_OUT_OF_RANGE before spawning', (ctx) => {
  for (const probe of ['node-execfile', 'node-spawn']) {
    for (const id of INVALID.slice(0, 4)) {
      const t = trial(ctx, probe, id);
      assert.is(t.facts!['error.code'], 'ERR_OUT_OF_RANGE', `${probe} ${id}`);
      assert.is(t.facts!['spawn.attempts'], 0, `${probe} ${id}`);
    }
  }
});

validation('Node accepts 2**53 as a timeout and tries to spawn, so the missing command is what fails', (ctx) => {
  for (const probe of ['node-execfile', 'node-spawn']) {
    const t = trial(ctx, probe, 'core/invalid-timeout-unsafe-integer');
    assert.is(t.facts!['spawn.attempts'], 1, probe);
    assert.is(t.facts!['error.code'], 'ENOENT', probe);
  }
  assert.is(trial(ctx, 'reference', 'core/invalid-timeout-unsafe-integer').facts!['spawn.attempts'], 0);
});

validation('with a signal already aborted, Node spawns and then kills; the reference spawns nothing', (ctx) => {
  assert.is(trial(ctx, 'node-execfile', 'core/pre-aborted').facts!['spawn.attempts'], 1);
  const ref = trial(ctx, 'reference', 'core/pre-aborted');
  assert.is(ref.facts!['spawn.attempts'], 0);
  assert.is(ref.facts!['error.isAbort'], true);
});

finish(validation);
