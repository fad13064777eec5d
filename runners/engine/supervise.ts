// Starting the run's supervisor (supervisor/supervisor-main.ts) and letting it go. It holds the read
// end of a pipe whose write end only this runner has: closing it, by hand or by dying,
// is the one word the supervisor waits for.

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { RunDir } from '../os/run-dir.ts';
import { withoutStartCosts } from './trial-env.ts';

interface Supervisor {
  /** Closes the pipe and waits for the supervisor's sweep to end. */
  release(): Promise<void>;
}

/** `built` is the supervisor's build (engine/bundle.ts), made before the run directory
 *  exists, so a build that fails leaves no directory with nobody to remove it. */
export function supervise(built: string, run: RunDir, keep: boolean, cgroup: string | null): Supervisor {
  // detached: its own session, so a terminal's Ctrl-C or hangup does not end it with the runner.
  const child: ChildProcess = spawn(process.execPath, [built, run.dir, run.tag, keep ? 'keep' : 'remove', cgroup ?? ''], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
    // It reads /proc and removes files: a CA bundle parsed as it starts was most of its CPU.
    env: withoutStartCosts(process.env),
  });
  const exited = once(child, 'exit').catch(() => undefined);
  child.unref();
  // The pipe must not keep the runner's event loop alive either.
  (child.stdin as unknown as { unref?: () => void }).unref?.();
  child.stdin!.on('error', () => {});
  return {
    async release() {
      if (child.exitCode === null && child.signalCode === null) {
        child.ref();
        child.stdin!.end();
        await exited;
      }
    },
  };
}
