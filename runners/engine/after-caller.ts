// When a case has the caller exit on settlement, the worker is gone and the runner watches
// in its place: whatever the caller left running is what its user's machine keeps. The
// watch is the worker's own (worker/window-sights.ts, os/window.ts), on the caller's last account of its
// spawns, so both sides of the window are sampled alike.

import type { AfterCaller, SpawnObservation } from '../model/observations.ts';
import { now } from '../protocol/trial-dir.mjs';
import { sampleProcesses } from '../worker/sample.ts';
import { watchFixtures } from '../worker/window-sights.ts';

/** Samples the trial's processes the moment the caller is seen gone, then watches the window. */
export function watchAfterCaller(dir: string, spawns: SpawnObservation[], windowMs: number): Promise<AfterCaller> {
  const t = now();
  const processes = sampleProcesses(dir, spawns);
  const ends: Record<string, string> = {};
  return new Promise((resolve) =>
    watchFixtures({
      dir,
      spawns,
      windowMs,
      ends,
      // The caller is gone: nobody is left to reap its children.
      reaping: false,
      schedule: (tick, ms) => setTimeout(tick, ms),
      done: (afterWindow, watchEnd, eventsAtWatchEnd) => resolve({ t, processes, ends, afterWindow, watchEnd, eventsAtWatchEnd }),
    }),
  );
}
