// The runner thread's side (support/runner-thread.ts): each request run as it comes, all of
// them at once in this thread's one scheduler pool, each report or failure sent back by id.

import { parentPort } from 'node:worker_threads';
import { runPipeline, type PipelineRequest } from '../../runners/engine/pipeline.ts';
import type { ThreadReply } from './runner-thread.ts';

const reply = (r: ThreadReply) => parentPort!.postMessage(r);

/** Tells a sender that holds its thread (runHoldingThisThread) that the run is over. */
function wake(ended: SharedArrayBuffer | undefined): void {
  if (!ended) return;
  const flag = new Int32Array(ended);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}

parentPort!.on('message', ({ id, request, ended }: { id: number; request: PipelineRequest; ended?: SharedArrayBuffer }) => {
  runPipeline(request)
    .then(
      (report) => reply({ id, report }),
      (e: unknown) => reply({ id, error: { message: e instanceof Error ? e.message : String(e), stack: e instanceof Error ? e.stack : undefined } }),
    )
    .finally(() => wake(ended));
});
