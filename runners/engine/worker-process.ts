// Starting a trial worker and waiting for it, with a hard limit: a worker that overruns
// is killed with its whole process group.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { scriptArgv, type Runtime } from '../identity/runtime.ts';
import { readRegularFile } from '../protocol/safe-read.mjs';
import { readyDir } from '../protocol/trial-dir.mjs';

export interface WorkerExit {
  pid: number | null;
  code: number | null;
  overran: boolean;
}

/** The last lines the worker wrote to stderr, for an error outcome's reason. */
export function workerStderrTail(dir: string): string {
  return (readRegularFile(path.join(dir, 'worker.err'), 1 << 20) ?? '').trim().split('\n').slice(-3).join(' | ');
}

export function runWorker(
  runtime: Runtime,
  worker: string,
  specFile: string,
  dir: string,
  env: NodeJS.ProcessEnv,
  limitMs: number,
  onStart: (pid: number) => void,
  onStarted: () => void = () => {},
): Promise<WorkerExit> {
  return new Promise((resolve) => {
    // The trial has finished starting when its first fixture reports readiness: the
    // worker, the target's import and the fixture's own start are behind it. Watched
    // before the spawn, so no readiness can come first.
    const ready = readyDir(dir);
    fs.mkdirSync(ready, { recursive: true });
    const watcher = fs.watch(ready, () => onStarted());
    const out = fs.openSync(path.join(dir, 'worker.out'), 'w');
    const err = fs.openSync(path.join(dir, 'worker.err'), 'w');
    // detached: the worker leads its own process group, so everything the target spawns
    // in that group can be found and ended afterwards. Output goes to files, not pipes,
    // so a fixture holding them cannot delay the runner.
    // --expose-internals lets the worker list the ES modules the trial loads from Node's
    // own cache (worker/load-target.ts); the worker hides the flag from the target.
    const child = spawn(runtime.execPath, scriptArgv(runtime, worker, [specFile], ['--expose-internals']), {
      cwd: dir,
      env,
      detached: true,
      stdio: ['ignore', out, err],
    });
    fs.closeSync(out);
    fs.closeSync(err);
    const pid = child.pid ?? null;
    if (pid !== null) onStart(pid);
    let overran = false;
    const guard = setTimeout(() => {
      overran = true;
      if (pid !== null) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {}
      }
    }, limitMs);
    const done = (code: number | null) => {
      clearTimeout(guard);
      watcher.close();
      onStarted();
      resolve({ pid, code, overran });
    };
    child.once('error', () => done(null));
    child.once('exit', (code) => done(code));
  });
}
