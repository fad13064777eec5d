// The runner thread's side (support/runner-thread.ts): each request run as it comes, all of
// them at once in this thread's one scheduler pool, each report or failure sent back by id.

import { parentPort } from 'node:worker_threads';
import { runPipeline, type PipelineRequest } from '../../runners/engine/pipeline.ts';
import type { ThreadReply } from './runner-thread.ts';

const reply = (r: ThreadReply) => parentPort!.postMessage(r);

parentPort!.on('message', ({ id, request }: { id: number; request: PipelineRequest }) => {
  runPipeline(request).then(
    (report) => reply({ id, report }),
    (e: unknown) => reply({ id, error: { message: e instanceof Error ? e.message : String(e), stack: e instanceof Error ? e.stack : undefined } }),
  );
});
