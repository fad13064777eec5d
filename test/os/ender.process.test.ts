// The one ender (runners/os/ender.ts): it ends only what its proof names, says when there
// was nothing of ours left to end, and records each ending with its reason.

import { spawn } from 'node:child_process';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { end, endingsSoFar } from '../../runners/os/ender.ts';
import { processesInGroup } from '../../runners/os/processes.ts';
import { exitOf } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';

/** A process of its own group that waits on its input: it ends when its input closes. */
const waiter = () => spawn(process.execPath, ['-e', 'process.stdin.resume()'], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });

test('a group is ended while a member is in it, and the ending is recorded with its proof and reason', async () => {
  const child = waiter();
  const exit = exitOf(child);
  const pgid = child.pid!;
  assert.equal(processesInGroup(pgid), [pgid]);
  assert.ok(end({ proof: { by: 'group', pgid }, reason: 'leftover' }));
  assert.equal(await exit, { code: null, signal: 'SIGKILL' });
  assert.equal(endingsSoFar().at(-1), { what: `group ${pgid}`, proof: 'group', reason: 'leftover', signal: 'SIGKILL', delivered: true });
});

test('a group with no member left is not signalled: its id may be another group\'s by now', async () => {
  const child = waiter();
  const pgid = child.pid!;
  child.stdin!.end();
  await exitOf(child);
  // The member list a caller read a moment ago names a process that is gone.
  assert.is(end({ proof: { by: 'group', pgid, members: [pgid] }, reason: 'stopped' }), false);
  assert.equal(endingsSoFar().at(-1), { what: `group ${pgid}`, proof: 'group', reason: 'stopped', signal: 'SIGKILL', delivered: false });
});

test('a child already reaped is not signalled by its old pid', async () => {
  const child = waiter();
  child.stdin!.end();
  await exitOf(child);
  assert.is(end({ proof: { by: 'child', child }, reason: 'client-done' }), false);
  const live = waiter();
  const exit = exitOf(live);
  assert.ok(end({ proof: { by: 'child', child: live }, reason: 'trigger', signal: 'SIGTERM' }));
  assert.equal(await exit, { code: null, signal: 'SIGTERM' });
  assert.equal(endingsSoFar().at(-1)?.reason, 'trigger');
});

finish(test);
