// A child that floods its output: a target with an output limit must stop it.

import * as assert from 'uvu/assert';
import { finish } from '../support/suite.ts';
import { trial, trialSuite } from '../support/trials.ts';

const output = trialSuite('output', ['node-execfile', 'node-spawn'], ['core/output-flood-maxbuffer']);

output('past maxBuffer execFile stops the child and rejects after its exit, and the memory growth is recorded', (ctx) => {
  const node = trial(ctx, 'node-execfile', 'core/output-flood-maxbuffer');
  assert.is(node.facts!.settled, 'rejected');
  assert.is(node.facts!['error.code'], 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER');
  assert.is(node.facts!['child.reapedAtSettle'], true);
  assert.type(node.memory!.rssGrowthBytes, 'number');
  assert.ok(node.memory!.rssAtCallBytes > 0);
  assert.is(trial(ctx, 'node-spawn', 'core/output-flood-maxbuffer').outcome, 'unsupported');
});

finish(output);
