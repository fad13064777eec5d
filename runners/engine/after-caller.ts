// When a case has the caller exit on settlement, the worker is gone and the runner watches
// in its place: whatever the caller left running is what its user's machine keeps.

import type { AfterCaller, ProcSample } from '../model/observations.ts';
import { processState } from '../os/processes.ts';
import { now } from '../worker/clock.ts';
import { readRecords } from '../worker/trial-dir.ts';

const POLL_MS = 10;

function sample(dir: string): ProcSample[] {
  return readRecords(dir).map((r) => ({ pid: r.pid, role: r.role, state: processState(r.pid, r.startTime) }));
}

/**
 * Samples the fixture processes the moment the caller is seen gone, then notes when each
 * ends, until none is left or the window closes. Polling here is sampling, not waiting
 * for anything.
 */
export async function watchAfterCaller(dir: string, windowMs: number): Promise<AfterCaller> {
  const t = now();
  const processes = sample(dir);
  const ends: Record<string, string> = {};
  const until = Date.now() + windowMs;
  let last = processes;
  while (last.some((p) => p.state === 'running') && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    last = sample(dir);
    for (const p of last) if (p.state === 'exited' && !ends[p.pid]) ends[p.pid] = now();
  }
  return { t, processes, ends, afterWindow: last, watchEnd: now() };
}
