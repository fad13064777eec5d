// When a case has the caller exit on settlement, the worker is gone and the runner watches
// in its place: whatever the caller left running is what its user's machine keeps.

import { processState } from './observe.ts';
import { readRecords } from './trial-files.ts';
import type { History, ProcSample } from './types.ts';

const POLL_MS = 10;
const now = () => process.hrtime.bigint().toString();

function sample(dir: string): ProcSample[] {
  return readRecords(dir).map((r) => ({ pid: r.pid, role: r.role, state: processState(r.pid, r.startTime) }));
}

/**
 * Samples the fixture processes the moment the caller is seen gone, then notes when each
 * ends, until none is left or the window closes. Polling here is sampling, not waiting
 * for anything.
 */
export async function watchAfterCaller(
  dir: string,
  windowMs: number,
): Promise<Pick<History, 'callerExit' | 'ends' | 'afterWindow'>> {
  const callerExit = { t: now(), processes: sample(dir) };
  const ends: Record<string, string> = {};
  const until = Date.now() + windowMs;
  let last = callerExit.processes;
  while (last.some((p) => p.state === 'running') && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    last = sample(dir);
    for (const p of last) if (p.state === 'exited' && !ends[p.pid]) ends[p.pid] = now();
  }
  return { callerExit, ends, afterWindow: last };
}
