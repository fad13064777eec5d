// After a trial: end whatever it left running and say so. The worker never signals a
// fixture during a trial; this runs only once the worker is gone, and everything it
// kills is recorded as a leftover, because a leftover is a finding.

import type { Leftover } from '../model/observations.ts';
import { killQuietly, processesInGroup, processesTagged, processState } from '../os/processes.ts';
import { readRecords } from '../worker/trial-dir.ts';

export function sweepTrial(trialDir: string, tag: string, pgid: number | null): Leftover[] {
  const records = readRecords(trialDir);
  const roleOf = (pid: number) => records.find((r) => r.pid === pid)?.role ?? 'unknown';
  const found = new Map<number, Leftover>();
  for (const r of records) {
    if (processState(r.pid, r.startTime) === 'running') found.set(r.pid, { pid: r.pid, role: r.role, how: 'record' });
  }
  for (const pid of processesTagged(tag)) {
    if (!found.has(pid)) found.set(pid, { pid, role: roleOf(pid), how: 'tag' });
  }
  if (pgid !== null) {
    for (const pid of processesInGroup(pgid)) {
      if (!found.has(pid)) found.set(pid, { pid, role: roleOf(pid), how: 'group' });
    }
    killQuietly(-pgid);
  }
  for (const pid of found.keys()) killQuietly(pid);
  return [...found.values()].sort((a, b) => a.pid - b.pid);
}
