// The window after settlement, watched one way whoever watches it: the worker while the
// caller lives, the runner in its place when the caller exits on settlement
// (engine/after-caller.ts). It samples the trial's processes (worker/sample.ts), notes
// when each ends, and stops when the window closes or nothing is left: every process
// exited and every direct child's exit status known. Polling here is sampling, not
// synchronization.

import type { ProcSample, SpawnObservation } from '../model/observations.ts';
import { eventCounts, now } from '../protocol/trial-dir.mjs';
import { sampleProcesses } from './sample.ts';

export const POLL_MS = 10;

export interface WindowWatch {
  /** The trial directory whose fixtures are sampled. */
  dir: string;
  /** The caller's spawns, which the worker keeps current (a child's exit once reaped). */
  spawns: SpawnObservation[];
  windowMs: number;
  /** Each pid's end, as first seen; filled as the window goes. */
  ends: Record<string, string>;
  /** Whether a direct child's exit status can still arrive: not once the caller is gone. */
  reaping: boolean;
  /** How the next sample is scheduled: the worker's timers must not count as the target's. */
  schedule: (tick: () => void, ms: number) => void;
  /** The last sample, when the watch stopped, and how many events each fixture had written by then. */
  done: (afterWindow: ProcSample[], watchEnd: string, eventsAtWatchEnd: Record<string, number>) => void;
}

export function watchWindow(w: WindowWatch): void {
  const until = Date.now() + w.windowMs;
  const tick = () => {
    const samples = sampleProcesses(w.dir, w.spawns);
    for (const s of samples) if (s.state === 'exited' && !w.ends[s.pid]) w.ends[s.pid] = now();
    // A direct child's exit status (death by SIGKILL, say) is only known once Node has
    // reaped it, so while the caller lives the window stays open until that is seen too.
    const reaped = !w.reaping || w.spawns.every((s) => s.pid === null || s.exit !== null);
    const settledDown = samples.every((s) => s.state === 'exited') && reaped;
    if (Date.now() >= until || settledDown) return w.done(samples, now(), eventCounts(w.dir));
    w.schedule(tick, POLL_MS);
  };
  tick();
}
