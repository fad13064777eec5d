// Ending everything a run left, from outside the run: what its supervisor does when the
// runner dies, and what `childproof clean` does for a run whose supervisor died too. Only
// what the run provably started: its cgroup's processes, and processes of this user that
// carry the run's mark in their environment (marks.ts). Never by command line.

import { distrustCgroup, processesIn } from './cgroup.ts';
import { end, endCgroup } from './ender.ts';
import { processesMarked, REAPER_VARIABLE } from './marks.ts';
import { groupOf } from './processes.ts';

/** Scans again after each round of kills: a process may fork between a scan and its kill. */
const MOST_ROUNDS = 20;

/**
 * Ends every process in the run's cgroup and every live process marked with the run's
 * tag, and the process group of each marked process that leads one (a trial worker leads
 * its trial's group, so an unmarked process of the trial, such as one started with a
 * stripped environment, ends with it). Returns the pids it ended, and why the cgroup it
 * was given was left alone when it was not the run's, and whether that cgroup is still
 * there (the kernel would not let it go in time): then the run's directory, which names
 * it, must stay, for `clean` or the next run to try again.
 */
export function endRun(tag: string, cgroup: string | null): { ended: number[]; cgroupRefused: string | null; cgroupLeft: boolean } {
  const ended = new Set<number>();
  // A cgroup named by a file in the run's directory is trusted only as the kernel's own.
  const cgroupRefused = cgroup ? distrustCgroup(cgroup, tag) : null;
  let cgroupLeft = false;
  if (cgroup && cgroupRefused === null) {
    for (const pid of processesIn(cgroup)) ended.add(pid);
    cgroupLeft = !endCgroup(cgroup, 'run-ended');
  }
  waitForReapers(tag);
  for (let round = 0; round < MOST_ROUNDS; round++) {
    const marked = processesMarked(tag, { prefix: true });
    if (marked.length === 0) break;
    for (const pid of marked) {
      if (groupOf(pid) === pid) end({ proof: { by: 'group', pgid: pid }, reason: 'run-ended' });
      end({ proof: { by: 'scan', pid, how: 'mark' }, reason: 'run-ended' });
      ended.add(pid);
    }
  }
  return { ended: [...ended].sort((a, b) => a - b), cgroupRefused, cgroupLeft };
}

/** A millisecond at a time, this long at most: a reaper ends a handful of processes. */
const REAPER_WAIT_ROUNDS = 5000;

/**
 * The run's subreapers end what is below them once their runner is gone (their input
 * closes with it): waited for, so that a process that left the cgroup and its mark is
 * ended by the one that can still find it; any still there after the bound are killed.
 */
function waitForReapers(tag: string): void {
  for (let round = 0; round < REAPER_WAIT_ROUNDS; round++) {
    if (processesMarked(tag, { prefix: true, variable: REAPER_VARIABLE }).length === 0) return;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
  }
  for (const pid of processesMarked(tag, { prefix: true, variable: REAPER_VARIABLE })) end({ proof: { by: 'scan', pid, how: 'mark' }, reason: 'run-ended' });
}
