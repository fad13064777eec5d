// Ending everything a run left, from outside the run: what its supervisor does when the
// runner dies, and what `childproof clean` does for a run whose supervisor died too.

import { groupOf, killQuietly, processesTagged } from './processes.ts';

/** Scans again after each round of kills: a process may fork between a scan and its kill. */
const MOST_ROUNDS = 20;

/**
 * Ends every live process whose command line carries `tag`, and the process group of each
 * that leads one (a trial worker leads its trial's group, so untagged processes of the
 * trial, such as a shell, end with it). Returns the pids it ended.
 */
export function endTagged(tag: string): number[] {
  const ended = new Set<number>();
  for (let round = 0; round < MOST_ROUNDS; round++) {
    const tagged = processesTagged(tag).filter((pid) => pid !== process.pid);
    if (tagged.length === 0) break;
    for (const pid of tagged) {
      // Only a group the run made: one whose leader is itself the run's.
      if (groupOf(pid) === pid) killQuietly(-pid);
      killQuietly(pid);
      ended.add(pid);
    }
  }
  return [...ended].sort((a, b) => a - b);
}
