// After a trial: end whatever it left running and say so. The worker never signals a
// fixture during a trial; this runs only once the worker is gone, and everything it
// kills is recorded as a leftover, because a leftover is a finding.
//
// A process is the trial's by proof only: a fixture's own record in the trial's private
// directory (with its start time), membership of the worker's process group, the trial's
// mark in its environment, or the trial's cgroup; last, by ancestry, whatever is still
// below the trial's subreaper (os/reaper.ts). Each leftover says which found it first, in
// that order: a process found only by the cgroup left the group and cleared its
// environment on its way out; one found only by the reaper left the cgroup too.

import type { FixtureRecord, Leftover } from '../model/observations.ts';
import { processesIn } from './cgroup.ts';
import { end, endCgroup } from './ender.ts';
import { hasMark, processesMarked } from './marks.ts';
import { lookAt, processesInGroup } from './processes.ts';

/**
 * `records`: what the trial's fixtures wrote about themselves, as the runner validated it.
 * `reaper`: the trial's subreaper, which leads its group: it is the runner's, not a
 * leftover, and it ends what is below it afterwards (os/reaper.ts).
 */
export function endLeftovers(records: FixtureRecord[], mark: string, pgid: number | null, cgroup: string | null, reaper: number | null = null): Leftover[] {
  const roleOf = (pid: number) => records.find((r) => r.pid === pid)?.role ?? 'unknown';
  const found = new Map<number, Leftover>();
  // One look at each process: a record's with its start time, so a reused pid is not its.
  const add = (pid: number, how: Leftover['how'], startTime: string | null = null) => {
    if (pid === reaper || found.has(pid)) return;
    const { state, name } = lookAt(pid, startTime);
    if (state !== 'running') return;
    found.set(pid, { pid, role: roleOf(pid), how, ...(name ? { name } : {}) });
  };
  for (const r of records) add(r.pid, 'record', r.startTime);
  // One look at /proc for the group, for the finding and the killing both.
  const members = pgid === null ? [] : processesInGroup(pgid);
  for (const pid of members) add(pid, 'group');
  if (cgroup) {
    // Everything the trial started is in its cgroup: read the mark of those alone, rather
    // than every process's environment on the machine.
    for (const pid of processesIn(cgroup)) add(pid, hasMark(pid, mark) ? 'mark' : 'cgroup');
  } else for (const pid of processesMarked(mark)) add(pid, 'mark');

  if (cgroup) endCgroup(cgroup, 'leftover');
  if (pgid !== null) end({ proof: { by: 'group', pgid, members, spareLeader: reaper === pgid }, reason: 'leftover' });
  for (const l of found.values()) end({ proof: { by: 'scan', pid: l.pid, how: l.how }, reason: 'leftover' });
  return [...found.values()].sort((a, b) => a.pid - b.pid);
}

/**
 * What the trial's subreaper ended once the others had been: each a leftover found by
 * ancestry alone, unless another way found it first.
 */
export function withReaped(leftovers: Leftover[], records: FixtureRecord[], reaped: Array<{ pid: number; name: string }>): Leftover[] {
  const more = reaped.filter((r) => !leftovers.some((l) => l.pid === r.pid)).map((r) => ({ pid: r.pid, role: records.find((x) => x.pid === r.pid)?.role ?? 'unknown', how: 'reaper' as const, ...(r.name ? { name: r.name.slice(0, 64) } : {}) }));
  return [...leftovers, ...more].sort((a, b) => a.pid - b.pid);
}
