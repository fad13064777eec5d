// The one place childproof ends a process. Every ending names its proof that the process
// is ours (a child this process started and has not reaped, a process group with a
// member still in it, the run's own cgroup, or a scan that found the run's record or
// mark on it a moment ago) and its reason, and is recorded. A name or a command line is
// never proof. Nothing else in runners/ signals a process (test/layout/folders.unit.test.ts), with two
// exceptions by design: the fixtures, which act out the target's world (a child that
// kills itself, a launcher that forwards, a client that signals its server as the case's
// trigger), and the trial's subreaper (reaper.pl), which ends by ancestry when told to,
// since only a parent knows the pid it has not yet reaped is still its child.

import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { cgroupGone, populated, processesIn } from './cgroup.ts';
import { groupOf, processesInGroup } from './processes.ts';

/** What proves a process is ours to end. */
type Proof =
  /** A child this process started: Node signals it only while it has not been reaped. */
  | { by: 'child'; child: ChildProcess }
  /** A process group: killed only while a member is still in it, so its id is still the group's. */
  | { by: 'group'; pgid: number; members?: readonly number[]; spareLeader?: boolean }
  /** The run's cgroup, which the kernel vouches for: every process in it, and below. */
  | { by: 'cgroup'; path: string }
  /** A process a scan just proved the run's: its record, its mark, its group or its cgroup. */
  | { by: 'scan'; pid: number; how: string };

/** Why a process is ended. */
export type EndReason =
  /** The case's declared trigger: the one signal the harness sends during a trial. */
  | 'trigger'
  /** A worker past its time limit. */
  | 'overrun'
  /** What a trial left once it was over: a finding, recorded as a leftover. */
  | 'leftover'
  /** The run was asked to stop. */
  | 'stopped'
  /** A client past its lifetime cap, or past its grace once it had seen all it would see. */
  | 'client-done'
  /** What a run left when its runner died: the supervisor's or `clean`'s work. */
  | 'run-ended'
  /** A busy process of `stability --hogs`, once the runs are over. */
  | 'hog-done';

interface Ending {
  proof: Proof;
  reason: EndReason;
  signal?: NodeJS.Signals;
}

interface Ended {
  what: string;
  proof: Proof['by'];
  reason: EndReason;
  signal: NodeJS.Signals;
  /** Whether the kernel took the signal (false: already gone, or refused). */
  delivered: boolean;
}

/** The endings so far in this process, the latest last, at most this many. */
const JOURNAL_SIZE = 500;
const journal: Ended[] = [];

/** Every ending this process has done, the latest last (at most the last 500). */
export const endingsSoFar = (): readonly Ended[] => journal;

function note(what: string, e: Ending, signal: NodeJS.Signals, delivered: boolean): boolean {
  journal.push({ what, proof: e.proof.by, reason: e.reason, signal, delivered });
  if (journal.length > JOURNAL_SIZE) journal.splice(0, journal.length - JOURNAL_SIZE);
  return delivered;
}

function signalPid(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** One round of cgroup.kill (atomic against forks), or each process in it on a kernel without it. */
function killCgroup(cgroup: string, signal: NodeJS.Signals): boolean {
  const killFile = path.join(cgroup, 'cgroup.kill');
  if (signal === 'SIGKILL' && fs.existsSync(killFile)) {
    try {
      fs.writeFileSync(killFile, '1');
      return true;
    } catch {
      return false;
    }
  }
  return processesIn(cgroup).map((pid) => signalPid(pid, signal)).some(Boolean);
}

/** Ends what the proof names, with `signal` (SIGKILL when none), and records it. Returns
 *  whether any signal was delivered. */
export function end(e: Ending): boolean {
  const signal = e.signal ?? 'SIGKILL';
  const p = e.proof;
  switch (p.by) {
    case 'child':
      // Node refuses a child it has reaped: its pid may be another's by now.
      return note(`pid ${p.child.pid}`, e, signal, p.child.exitCode === null && p.child.signalCode === null && p.child.kill(signal));
    case 'group': {
      // A caller's list may be a moment old: only a member still in the group now is proof
      // that the id is still this group's, and only such a member is killed on its word.
      const still = (p.members ?? processesInGroup(p.pgid)).filter((pid) => groupOf(pid) === p.pgid);
      if (still.length === 0) return note(`group ${p.pgid}`, e, signal, false);
      // A group's leader spared (a trial's subreaper, which ends what is below it itself).
      if (p.spareLeader) return note(`group ${p.pgid} but its leader`, e, signal, still.filter((pid) => pid !== p.pgid).map((pid) => signalPid(pid, signal)).some(Boolean));
      return note(`group ${p.pgid}`, e, signal, signalPid(-p.pgid, signal));
    }
    case 'cgroup':
      // endCgroup asks the kernel whether anything is in it before each round.
      return note(`cgroup ${p.path}`, e, signal, killCgroup(p.path, signal));
    case 'scan':
      return note(`pid ${p.pid} (${p.how})`, e, signal, signalPid(p.pid, signal));
  }
}

/**
 * Ends every process in the cgroup (and below), waits until the kernel says none is left
 * and the cgroup can go, and removes it, killing again after each round. A process killed
 * leaves the cgroup only once the kernel has torn it down, and until its parent reaps it
 * the cgroup may refuse removal: both are waited for, a millisecond at a time. Bounded: a
 * cgroup that will not go is left in place (and said so by the return value).
 */
export function endCgroup(cgroup: string, reason: EndReason): boolean {
  if (!fs.existsSync(cgroup)) return true;
  for (let round = 0; round < 5000; round++) {
    if (populated(cgroup)) end({ proof: { by: 'cgroup', path: cgroup }, reason });
    else if (cgroupGone(cgroup)) return true;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
  }
  return false;
}
