// What a library's trial watches in the window after settlement, whoever watches it: the
// worker while the caller lives, the runner in its place when the caller exits on
// settlement (engine/after-caller.ts). Each look samples the trial's processes
// (worker/sample.ts) and notes when each ends; nothing is left to watch once every process
// exited and every direct child's exit status is known. The watching is os/window.ts's.

import type { ProcSample, SpawnObservation } from '../model/observations.ts';
import { watchWindow } from '../os/window.ts';
import { eventCounts, now } from '../protocol/trial-dir.mjs';
import { sampleProcesses } from './sample.ts';

interface FixtureWatch {
  /** The trial directory whose fixtures are sampled. */
  dir: string;
  /** The caller's spawns, which the worker keeps current (a child's exit once reaped). */
  spawns: SpawnObservation[];
  windowMs: number;
  /** Each pid's end, as first seen; filled as the window goes. */
  ends: Record<string, string>;
  /** Whether a direct child's exit status can still arrive: not once the caller is gone. */
  reaping: boolean;
  /** How the next look is scheduled: the worker's timers must not count as the target's. */
  schedule: (tick: () => void, ms: number) => void;
  /** The last sample, when the watch stopped, and how many events each fixture had written by then. */
  done: (afterWindow: ProcSample[], watchEnd: string, eventsAtWatchEnd: Record<string, number>) => void;
}

export function watchFixtures(w: FixtureWatch): void {
  let samples: ProcSample[] = [];
  watchWindow({
    windowMs: w.windowMs,
    schedule: w.schedule,
    look: () => {
      samples = sampleProcesses(w.dir, w.spawns);
      for (const s of samples) if (s.state === 'exited' && !w.ends[s.pid]) w.ends[s.pid] = now();
      // A direct child's exit status (death by SIGKILL, say) is only known once Node has
      // reaped it, so while the caller lives the window stays open until that is seen too.
      const reaped = !w.reaping || w.spawns.every((s) => s.pid === null || s.exit !== null);
      return samples.every((s) => s.state === 'exited') && reaped;
    },
    done: () => w.done(samples, now(), eventCounts(w.dir)),
  });
}
