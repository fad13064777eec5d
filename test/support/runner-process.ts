// The trials a test process runs at import run in a runner process of its own, as a run's
// runner is a process of its own.
//
// Not on the test process's main thread: the runner watches what a caller left running
// once the caller is gone (engine/after-caller.ts) on its own timers, and there they waited
// behind whatever test ran then (a fuzzer's loop, a verb run in process), seconds at a time
// on a loaded machine, until a window that should have closed in one second closed past
// the fixtures' cap.
//
// Not on a thread of the test process either: a process starts another by forking itself,
// and a fork costs in proportion to the memory of the whole process, every thread's
// included. A test process holds 350 to 700 MB (the TypeScript compiler, the fuzzers'
// reports), against some 150 for a runner alone, and the runs' thousand or so workers,
// supervisors and fixtures each paid for it: some 27 s of the suite's CPU.
//
// One runner for the test process, so its runs still share one scheduler pool
// (engine/scheduler.ts). It is unreferenced while idle, so it never keeps the test process
// alive; the test process, once it has nothing left to do, closes its channel and waits for
// it to exit; and it stops its runs and exits when the test process is gone
// (support/runner-process-main.mjs).

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PipelineRequest } from '../../runners/engine/pipeline.ts';
import type { Report } from '../../runners/model/report-types.ts';
import { tempDir } from './helpers.ts';

type Pending = { resolve: (r: Report) => void; reject: (e: Error) => void };
export type RunnerReply = { id: number; report: Report } | { id: number; error: { message: string; stack?: string } };
export type RunnerRequest = { id: number; request: PipelineRequest; ended?: string };

const MAIN = fileURLToPath(new URL('./runner-process-main.mjs', import.meta.url));

let runner: ChildProcess | null = null;
let nextId = 0;
const waiting = new Map<number, Pending>();

function failAll(why: Error): void {
  for (const p of waiting.values()) p.reject(why);
  waiting.clear();
  runner = null;
}

/** Referenced while a run is waited for, and not otherwise: an idle runner keeps nothing alive. */
function hold(child: ChildProcess, busy: boolean): void {
  const channel = child.channel as { ref(): void; unref(): void } | undefined;
  if (busy) {
    child.ref();
    channel?.ref();
  } else {
    child.unref();
    channel?.unref();
  }
}

function runnerProcess(): ChildProcess {
  if (runner) return runner;
  // stdout is the test process's report to test/run.ts: the runner writes nothing there.
  const started = spawn(process.execPath, [MAIN], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'advanced' });
  started.on('message', (reply: RunnerReply) => {
    const pending = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (waiting.size === 0) hold(started, false);
    if ('report' in reply) pending?.resolve(reply.report);
    else pending?.reject(Object.assign(new Error(reply.error.message), { stack: reply.error.stack }));
  });
  started.on('error', (e) => failAll(e));
  started.on('exit', (code, signal) => failAll(new Error(`the runner process exited (${signal ?? `code ${code}`}) with runs unfinished`)));
  runner = started;
  return started;
}

// With nothing left to do, the test process closes the runner's channel and waits for it
// to exit before it exits itself: the runner is reaped by the process that started it,
// never left an orphan for a moment, and its CPU counts as the test process's children's
// (test/run.ts weighs each file by it).
process.on('beforeExit', () => {
  if (!runner?.connected) return;
  hold(runner, true);
  runner.disconnect();
});

/** The runner process, when this test process started one: it is the test process's own, not a leak. */
export const runnerPid = (): number | undefined => runner?.pid;

/** runPipeline (engine/pipeline.ts) in the runner process: the request is copied there, the report back. */
export function runInRunner(request: PipelineRequest, ended?: string): Promise<Report> {
  if (request.stop) throw new Error('a run in the runner process cannot take an AbortSignal: stop it in process');
  const child = runnerProcess();
  hold(child, true);
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    child.send({ id, request, ended } satisfies RunnerRequest);
  });
}

/**
 * The same run, with this thread held, running nothing, until the run ends or `limitMs`
 * passes: whether it ended while held, and its report. The test of the runner itself
 * (suite/runner-process.process.test.ts): a run that needed this thread could not end.
 * The runner says it is over by opening a named pipe this thread waits on through `cat`.
 */
export function runHoldingThisThread(request: PipelineRequest, limitMs: number): { endedWhileHeld: boolean; report: Promise<Report> } {
  const ended = path.join(tempDir(), 'ended');
  const made = spawnSync('mkfifo', [ended]);
  if (made.status !== 0) throw new Error(`mkfifo ${ended}: ${made.stderr}`);
  const report = runInRunner(request, ended);
  const heard = spawnSync('cat', [ended], { timeout: limitMs, encoding: 'utf8' });
  fs.rmSync(ended, { force: true });
  return { endedWhileHeld: heard.status === 0 && heard.stdout === 'ended', report };
}
