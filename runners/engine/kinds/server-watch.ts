// Watching a server's process tree from outside it: every process of the trial found by
// its cgroup (or, without one, by its mark), the client aside, sampled until each is gone
// or the window closes, by the one watcher (os/window.ts). Where neither can be read (off
// Linux) only the started process, known by the pid its parent got, is watched.

import type { ServerProcess, ServerSight } from '../../model/observations.ts';
import { processesIn } from '../../os/cgroup.ts';
import { processesMarked } from '../../os/marks.ts';
import { lookAt } from '../../os/processes.ts';
import { windowWatched } from '../../os/window.ts';
import { now } from '../../protocol/trial-dir.mjs';

export interface TreeWatch {
  /** Looks once: new processes of the tree, and those seen gone since. */
  sample(): void;
  /** Whether every process seen so far is gone. */
  allGone(): boolean;
  /** The tree as seen, each still running with its parent now. */
  finish(): ServerProcess[];
  by: ServerSight['by'];
}

export function watchTree(opts: { mark: string; cgroup: string | null; startedPid: number; client: number }): TreeWatch {
  const by: ServerSight['by'] = opts.cgroup ? 'cgroup' : process.platform === 'linux' ? 'mark' : 'pid';
  const seen = new Map<number, ServerProcess & { startTime: string | null }>();
  const members = () => (opts.cgroup ? processesIn(opts.cgroup) : by === 'mark' ? processesMarked(opts.mark) : []);
  const sample = () => {
    const t = now();
    for (const pid of new Set([opts.startedPid, ...members()])) {
      if (pid === opts.client || seen.has(pid)) continue;
      // Already gone at first sight: seen, and seen gone, at once.
      const first = lookAt(pid);
      seen.set(pid, { pid, ppid: first.ppid ?? 0, ppidAtEnd: null, name: first.name, firstSeen: t, gone: first.state === 'running' ? null : t, startTime: first.startTime });
    }
    for (const p of seen.values()) if (p.gone === null && lookAt(p.pid, p.startTime).state !== 'running') p.gone = t;
  };
  return {
    by,
    sample,
    allGone: () => [...seen.values()].every((p) => p.gone !== null),
    finish: () =>
      [...seen.values()].map(({ startTime, ...p }) => ({ ...p, ppidAtEnd: p.gone === null ? lookAt(p.pid, startTime).ppid : null })).sort((a, b) => a.pid - b.pid),
  };
}

/** The window from the trigger on; it closes early once every process seen is gone. */
export const watchServer = (watch: TreeWatch, windowMs: number, stopped: () => boolean): Promise<void> =>
  windowWatched({
    windowMs,
    stopped,
    look: () => {
      watch.sample();
      return watch.allGone();
    },
  });
