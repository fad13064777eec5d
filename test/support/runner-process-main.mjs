// The runner process's side (support/runner-process.ts): each request run as it comes, all
// of them at once in this process's one scheduler pool, each report or failure sent back
// by id. When the test process is gone (its channel closed) or a stop signal comes, the
// runs still going are stopped as `childproof run` stops them, each ending what it started,
// and the process exits once they have.

import fs from 'node:fs';
import { runPipeline } from '../../runners/engine/pipeline.ts';
import type { RunnerReply, RunnerRequest } from './runner-process.ts';

const stop = new AbortController();
const going = new Set<Promise<unknown>>();

const reply = (r: RunnerReply) => {
  if (process.connected) process.send!(r);
};

/** Tells a sender that holds its thread (runHoldingThisThread) that the run is over; a
 *  sender no longer reading (its limit passed) has no reader on the pipe, and is not waited for. */
function wake(ended: string | undefined): void {
  if (!ended) return;
  try {
    const fd = fs.openSync(ended, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
    fs.writeSync(fd, 'ended');
    fs.closeSync(fd);
  } catch {}
}

function end(why: string): void {
  stop.abort(why);
  void Promise.allSettled(going).then(() => process.exit(0));
}

process.on('message', ({ id, request, ended }: RunnerRequest) => {
  const run = runPipeline({ ...request, stop: stop.signal })
    .then(
      (report) => reply({ id, report }),
      (e: unknown) => reply({ id, error: { message: e instanceof Error ? e.message : String(e), stack: e instanceof Error ? e.stack : undefined } }),
    )
    .finally(() => {
      going.delete(run);
      wake(ended);
    });
  going.add(run);
});
process.on('disconnect', () => end('the test process is gone'));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => end(signal));
