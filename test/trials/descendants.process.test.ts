// Processes beyond the direct child: a grandchild on the caller's pipe, a shell standing
// in between, and a caller that exits on the rejection and leaves its children behind.

import * as assert from 'uvu/assert';
import { finish } from '../support/suite.ts';
import { trial, trialSuite } from '../support/trials.ts';

const descendants = trialSuite('descendants', ['node-execfile', 'node-spawn', 'reference'], [
  'core/grandchild-stdout-abort',
  'core/shell-abort',
  'core/caller-exits-ignores-sigterm-abort',
]);

descendants('a grandchild holding stdout survives plain execFile and is stopped with the reference', (ctx) => {
  const plain = trial(ctx, 'node-execfile', 'core/grandchild-stdout-abort');
  assert.is(plain.facts!['descendants.runningAtSettle'], 1);
  assert.ok(plain.leftovers!.some((l) => l.role === 'child.g0'));
  const ref = trial(ctx, 'reference', 'core/grandchild-stdout-abort');
  assert.is(ref.facts!['descendants.runningAtSettle'], 0);
  assert.is(ref.facts!['descendants.runningAfterWindow'], 0);
});

descendants("a caller that exits on execFile's rejection leaves the SIGTERM-ignoring child orphaned; the reference leaves nothing", (ctx) => {
  const node = trial(ctx, 'node-execfile', 'core/caller-exits-ignores-sigterm-abort');
  assert.is(node.facts!.settled, 'rejected');
  assert.is(node.facts!['child.outlivedCaller'], true);
  assert.is(node.facts!['child.end'], 'harness-killed');
  assert.ok(node.leftovers!.some((l) => l.role === 'child'));
  assert.ok(node.timeline!.some((e) => e.source === 'runner' && e.kind === 'caller-gone'));
  assert.ok(node.observations!.runner.afterCaller, "the runner's watch after the caller is saved with the trial");
  const ref = trial(ctx, 'reference', 'core/caller-exits-ignores-sigterm-abort');
  assert.is(ref.facts!['child.outlivedCaller'], false);
  assert.is(ref.facts!['descendants.outlivedCaller'], 0);
  assert.equal(ref.leftovers, []);
});

descendants('in shell mode Node signals the shell and the command runs on, while a group signal reaches the command', (ctx) => {
  const node = trial(ctx, 'node-spawn', 'core/shell-abort');
  assert.equal(node.facts!['child.signals'], []);
  assert.is(node.facts!['child.atSettle'], 'running');
  assert.is(node.facts!['child.end'], 'harness-killed');
  const ref = trial(ctx, 'reference', 'core/shell-abort');
  assert.equal(ref.facts!['child.signals'], ['SIGTERM']);
  assert.is(ref.facts!['child.markerAtSettle'], true);
  assert.is(ref.facts!['child.atSettle'], 'exited');
});

finish(descendants);
