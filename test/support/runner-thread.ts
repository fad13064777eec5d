// The trials a test process runs at import run on a thread of their own, as a run's runner
// is a process of its own. The runner watches what a caller left running once the caller is
// gone (engine/after-caller.ts) on its own timers; on the test process's main thread, those
// waited behind whatever test ran then (a fuzzer's loop, a verb run in process), seconds at
// a time on a loaded machine, and a window that should have closed in one second closed
// past the fixtures' cap. The thread's event loop waits for nothing of the tests'.
//
// One thread for the process, so its runs still share one scheduler pool (engine/scheduler.ts).
// It is unreferenced while idle, so it never keeps the test process alive.

import { Worker } from 'node:worker_threads';
import type { PipelineRequest } from '../../runners/engine/pipeline.ts';
import type { Report } from '../../runners/model/report-types.ts';

type Pending = { resolve: (r: Report) => void; reject: (e: Error) => void };
export type ThreadReply = { id: number; report: Report } | { id: number; error: { message: string; stack?: string } };

let thread: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, Pending>();

function failAll(why: Error): void {
  for (const p of waiting.values()) p.reject(why);
  waiting.clear();
  thread = null;
}

function runnerThread(): Worker {
  if (thread) return thread;
  const started = new Worker(new URL('./runner-thread-entry.mjs', import.meta.url));
  started.on('message', (reply: ThreadReply) => {
    const pending = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (waiting.size === 0) started.unref();
    if ('report' in reply) pending?.resolve(reply.report);
    else pending?.reject(Object.assign(new Error(reply.error.message), { stack: reply.error.stack }));
  });
  started.on('error', (e) => failAll(e));
  started.on('exit', (code) => failAll(new Error(`the runner thread exited (code ${code}) with runs unfinished`)));
  thread = started;
  return started;
}

/** runPipeline (engine/pipeline.ts) on the runner thread: the request is copied there, the report back. */
export function runOnThread(request: PipelineRequest, ended?: SharedArrayBuffer): Promise<Report> {
  if (request.stop) throw new Error('a run on the runner thread cannot take an AbortSignal: stop it in process');
  const runner = runnerThread();
  runner.ref();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    runner.postMessage({ id, request, ended });
  });
}

/**
 * The same run, with this thread held, running nothing, until the run ends or `limitMs`
 * passes: whether it ended while held, and its report. The test of the thread itself
 * (suite/runner-thread.process.test.ts): a run that needed this thread could not end.
 */
export function runHoldingThisThread(request: PipelineRequest, limitMs: number): { endedWhileHeld: boolean; report: Promise<Report> } {
  const ended = new SharedArrayBuffer(4);
  const report = runOnThread(request, ended);
  const endedWhileHeld = Atomics.wait(new Int32Array(ended), 0, 0, limitMs) !== 'timed-out';
  return { endedWhileHeld, report };
}
