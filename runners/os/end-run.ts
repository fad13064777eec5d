// Ending everything a run left, from outside the run: what its supervisor does when the
// runner dies, and what `childproof clean` does for a run whose supervisor died too. Only
// what the run provably started: its cgroup's processes, and processes of this user that
// carry the run's mark in their environment (marks.ts). Never by command line.

import fs from 'node:fs';
import path from 'node:path';
import { endCgroup, processesIn } from './cgroup.ts';
import { processesMarked } from './marks.ts';
import { groupOf, killQuietly } from './processes.ts';

/** Scans again after each round of kills: a process may fork between a scan and its kill. */
const MOST_ROUNDS = 20;

/** A cgroup the run could have made: a directory named for the run's tag, holding cgroup.procs. */
function isRunCgroup(cgroup: string | null, tag: string): cgroup is string {
  if (!cgroup || path.basename(cgroup) !== tag) return false;
  try {
    const st = fs.lstatSync(cgroup);
    return st.isDirectory() && fs.existsSync(path.join(cgroup, 'cgroup.procs'));
  } catch {
    return false;
  }
}

/**
 * Ends every process in the run's cgroup and every live process marked with the run's
 * tag, and the process group of each marked process that leads one (a trial worker leads
 * its trial's group, so an unmarked process of the trial, such as one started with a
 * stripped environment, ends with it). Returns the pids it ended.
 */
export function endRun(tag: string, cgroup: string | null): number[] {
  const ended = new Set<number>();
  if (isRunCgroup(cgroup, tag)) {
    for (const pid of processesIn(cgroup)) ended.add(pid);
    endCgroup(cgroup);
  }
  for (let round = 0; round < MOST_ROUNDS; round++) {
    const marked = processesMarked(tag, { prefix: true });
    if (marked.length === 0) break;
    for (const pid of marked) {
      if (groupOf(pid) === pid) killQuietly(-pid);
      killQuietly(pid);
      ended.add(pid);
    }
  }
  return [...ended].sort((a, b) => a - b);
}
