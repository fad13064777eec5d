// The suite's bound against a hang (support/bounded.ts) speaks only of what had not
// happened: an exit that arrived while the test process was held by synchronous work (an
// install, say) is heard before the bound is judged, and a process that never exits is
// still called a hang. Nor is a wait that began while the process was held: the bound counts
// the time the process could hear, not the time that passed.

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lookAt } from '../../runners/os/processes.ts';
import { bounded } from '../support/bounded.ts';
import { finish } from '../support/suite.ts';

/** Holds this process, as a synchronous install does, until the kernel says `pid` has exited. */
function holdUntilExited(pid: number): void {
  const nap = new Int32Array(new SharedArrayBuffer(4));
  while (lookAt(pid).state !== 'exited') Atomics.wait(nap, 0, 0, 5);
}

test('an exit that arrived while the process was held past the bound is heard, not called a hang', async () => {
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  const exited = bounded('the child to exit', once(child, 'exit'), () => child.kill('SIGKILL'), 1);
  holdUntilExited(child.pid!);
  const [code] = await exited;
  assert.is(code, 0);
});

test('a wait begun just before this process was held past the bound is judged by the turns that follow, not called a hang', async () => {
  // As zx starts its child: on the loop's next turn, the work then taking a few turns more.
  const work = new Promise<string>((resolve) => setImmediate(() => setTimeout(() => resolve('done'), 20)));
  const waited = bounded('the work', work, () => {}, 200);
  // Held by synchronous work longer than the whole bound, as an install in this process holds it.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
  assert.is(await waited, 'done');
});

test('a process that never exits is a hang once the bound runs out, and is stopped', async () => {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  const gone = once(child, 'exit');
  try {
    await bounded('the child to exit', once(child, 'exit'), () => child.kill('SIGKILL'), 200);
    assert.unreachable('a child that never exits was heard exiting');
  } catch (err) {
    assert.match((err as Error).message, /waited 0\.2 s for the child to exit: the bound against a hang ran out/);
  }
  const [, signal] = await gone;
  assert.is(signal, 'SIGKILL');
});

finish(test);
