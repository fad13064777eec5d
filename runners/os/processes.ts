// Reading the state of processes from outside: /proc on Linux, `ps` on other POSIX
// systems. Synchronous on purpose: the trial samples at the instant of settlement and
// must not yield to the event loop while it does.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { ProcState } from '../model/observations.ts';
import { readStat } from '../protocol/proc-stat.mjs';

const LINUX = process.platform === 'linux';

function psState(pid: number): string | null {
  try {
    const out = execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' });
    return out.trim() || null;
  } catch {
    return null;
  }
}

/**
 * Set once a task has entered the kernel's exit path; it runs none of its own code again.
 * A multi-threaded process (Node is one) closes its files, and so its end of the caller's
 * pipes, only when its last thread exits, and that can come before its main thread turns
 * zombie: a reader that sees EOF may still find the process looking alive, but exiting.
 */
const PF_EXITING = 0x4;

/** One look at a process: whether it runs, its parent, its start time (the identity that
 *  survives pid reuse) and the kernel's short name for it; off Linux, only whether it runs. */
interface ProcessSight {
  state: ProcState;
  ppid: number | null;
  startTime: string | null;
  name: string | null;
}

/**
 * The one look every sampler takes, from one read of /proc/PID/stat. A zombie has exited
 * (only its exit status remains), so has one already exiting, and a pid whose start time
 * differs from `startTime` (when given) is some later process: exited, and nothing else
 * of it told.
 */
export function lookAt(pid: number, startTime: string | null = null): ProcessSight {
  if (LINUX) {
    const stat = readStat(pid);
    if (!stat || (startTime !== null && stat.startTime !== startTime)) return { state: 'exited', ppid: null, startTime, name: null };
    const exited = stat.state === 'Z' || stat.state === 'X' || (stat.flags & PF_EXITING) !== 0;
    return { state: exited ? 'exited' : 'running', ppid: stat.ppid, startTime: stat.startTime, name: stat.name || null };
  }
  const state = psState(pid);
  return { state: state === null || state.startsWith('Z') ? 'exited' : 'running', ppid: null, startTime: null, name: null };
}

/** Whether the process a fixture recorded is still running (lookAt). */
export const processState = (pid: number, startTime: string | null): ProcState => lookAt(pid, startTime).state;

/** The kernel's start time of `pid`; null off Linux. */
export const startTimeOf = (pid: number): string | null => lookAt(pid).startTime;

/** The process group `pid` belongs to, or null when it is gone. */
export function groupOf(pid: number): number | null {
  if (LINUX) return readStat(pid)?.pgid ?? null;
  try {
    const out = execFileSync('ps', ['-o', 'pgid=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return out ? Number(out) : null;
  } catch {
    return null;
  }
}

/**
 * Every live process whose command line contains `tag` (or any of them). For watching only (the tests'
 * check that nothing is left): a command line can name anything, so nothing is ever
 * killed on its word (os/end-run.ts, os/leftovers.ts).
 */
export function processesTagged(tag: string | readonly string[]): number[] {
  const tags = typeof tag === 'string' ? [tag] : tag;
  const tagged = (cmdline: string) => tags.some((t) => cmdline.includes(t));
  const found: number[] = [];
  if (tags.length === 0) return found;
  if (LINUX) {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let cmdline: string;
      try {
        cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      const pid = Number(entry);
      if (tagged(cmdline) && pid !== process.pid && processState(pid, null) === 'running') found.push(pid);
    }
    return found;
  }
  const out = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  for (const line of out.split('\n')) {
    const m = /^\s*(\d+)\s+(.*)$/.exec(line);
    if (m && tagged(m[2]) && Number(m[1]) !== process.pid) found.push(Number(m[1]));
  }
  return found;
}

/** Every live process in process group `pgid`. */
export function processesInGroup(pgid: number): number[] {
  if (LINUX) {
    const found: number[] = [];
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = readStat(Number(entry));
      if (stat && stat.pgid === pgid && stat.state !== 'Z' && stat.state !== 'X') found.push(Number(entry));
    }
    return found;
  }
  const out = execFileSync('ps', ['-eo', 'pid=,pgid=,stat='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter((f) => f.length === 3 && Number(f[1]) === pgid && !f[2].startsWith('Z'))
    .map((f) => Number(f[0]));
}
