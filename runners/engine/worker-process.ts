// Starting a trial worker and waiting for it, with a hard limit: a worker that overruns
// is killed with its whole process group.

import fs from 'node:fs';
import path from 'node:path';
import { scriptArgv, type Runtime } from '../identity/runtime.ts';
import { readRegularFile } from '../protocol/safe-read.mjs';
import { readyDir, whenSeen, WORKER_ERR, WORKER_OUT } from '../protocol/trial-dir.mjs';
import { end } from '../os/ender.ts';
import { startContained, type ReaperEnd } from '../os/reaper.ts';

interface WorkerExit {
  /** The trial's process group: its leader, the subreaper or the worker itself. */
  pid: number | null;
  code: number | null;
  overran: boolean;
  /** The trial's subreaper, which leads its group (os/reaper.ts); null where there is none. */
  reaper: number | null;
  /** Ends what is still below the trial's subreaper, once the trial is over. */
  endReaped: () => Promise<ReaperEnd>;
}

/** The last lines the worker wrote to stderr, for an error outcome's reason. */
export function workerStderrTail(dir: string): string {
  return (readRegularFile(path.join(dir, WORKER_ERR), 1 << 20) ?? '').trim().split('\n').slice(-3).join(' | ');
}

export function runWorker(
  runtime: Runtime,
  worker: string,
  specFile: string,
  dir: string,
  env: NodeJS.ProcessEnv,
  limitMs: number,
  onStart: (pid: number, viaReaper: boolean) => void,
  onStarted: () => void = () => {},
): Promise<WorkerExit> {
  return new Promise((resolve, reject) => {
    // The trial has finished starting when its first fixture reports readiness: the
    // worker, the target's import and the fixture's own start are behind it. Watched
    // before the spawn, so no readiness can come first.
    const ready = readyDir(dir);
    const stopWatching = whenSeen(ready, () => fs.readdirSync(ready).length > 0, () => false, onStarted);
    const out = fs.openSync(path.join(dir, WORKER_OUT), 'w');
    const err = fs.openSync(path.join(dir, WORKER_ERR), 'w');
    // detached: the trial leads its own process group, so everything the target spawns
    // in that group can be found and ended afterwards. Output goes to files, not pipes,
    // so a fixture holding them cannot delay the runner.
    // --expose-internals lets the worker list the ES modules the trial loads from Node's
    // own cache (worker/load-target.ts); the worker hides the flag from the target.
    // Below a subreaper where one can be had (os/reaper.ts): an orphan of the trial is
    // reparented to it, not to init, whatever cgroup, group or environment it left for.
    // The calling process works in the run's directory, not the trial's: a child that
    // starts in the trial directory was handed it, not left to inherit it (judge/calibration.ts).
    const started = startContained(runtime.execPath, scriptArgv(runtime, worker, [specFile], ['--expose-internals']), { cwd: path.dirname(dir), env, out, err });
    fs.closeSync(out);
    fs.closeSync(err);
    const pid = started.child.pid ?? null;
    if (pid !== null) onStart(pid, started.viaReaper);
    let overran = false;
    const guard = setTimeout(() => {
      overran = true;
      // The worker and its group, but not the subreaper that leads it: it still holds what
      // left the group, and ends it when the trial is over.
      if (pid !== null) end({ proof: { by: 'group', pgid: pid, spareLeader: started.viaReaper }, reason: 'overrun' });
    }, limitMs);
    const over = () => {
      clearTimeout(guard);
      stopWatching();
    };
    started.exit.then(
      (code) => {
        over();
        onStarted();
        resolve({ pid, code, overran, reaper: started.viaReaper ? pid : null, endReaped: started.end });
      },
      (e: unknown) => {
        over();
        reject(e);
      },
    );
  });
}
