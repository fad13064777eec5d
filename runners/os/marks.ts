// The mark a run's processes carry: an environment variable holding the run's random tag
// and the trial's name, set by the runner on each trial worker and passed on by every
// process that keeps its environment (setsid, detached, a double fork, a daemon). A
// command line can name anything; an environment entry with a random value cannot be
// carried by accident. It is read from /proc/PID/environ, of processes of this user only.
// Off Linux there is no way to read another process's environment, so nothing is found
// by mark there; the fixtures' records and the worker's process group still are.

import fs from 'node:fs';

export const MARK_VARIABLE = 'CHILDPROOF_MARK';
/** The same mark on a trial's subreaper (os/reaper.ts), which gives it to the worker as MARK_VARIABLE. */
export const REAPER_VARIABLE = 'CHILDPROOF_REAPER';

/** A trial's mark: its run's tag and its own name. */
export const trialMark = (runTag: string, trial: string) => `${runTag}/${trial}`;

const LINUX = process.platform === 'linux';
const ME = process.getuid?.() ?? -1;

function environOf(pid: string): string | null {
  try {
    // Only processes of this user: a mark found on another user's process proves nothing.
    if (fs.statSync(`/proc/${pid}`).uid !== ME) return null;
    return fs.readFileSync(`/proc/${pid}/environ`, 'latin1');
  } catch {
    return null;
  }
}

const carries = (environ: string, mark: string, prefix: boolean, variable = MARK_VARIABLE) => {
  const exact = `${variable}=${mark}`;
  return environ.split('\0').some((v) => v === exact || (prefix && v.startsWith(`${exact}/`)));
};

/** Whether one process of this user carries exactly `mark`. */
export function hasMark(pid: number, mark: string): boolean {
  const environ = LINUX && mark ? environOf(String(pid)) : null;
  return environ !== null && carries(environ, mark, false);
}

/** The value of `variable` in one process's environment (this user's only), or null where it has none. */
export function markOf(pid: number, variable: string): string | null {
  const environ = LINUX ? environOf(String(pid)) : null;
  const entry = environ?.split('\0').find((v) => v.startsWith(`${variable}=`));
  return entry === undefined ? null : entry.slice(variable.length + 1);
}

/**
 * Live processes of this user whose environment holds exactly `mark`, or, with
 * `{ prefix: true }`, a mark that starts with `mark/` (every trial of a run). `variable`:
 * another variable than the run's, for a mark of another kind (a test suite's).
 */
export function processesMarked(mark: string, opts: { prefix?: boolean; variable?: string } = {}): number[] {
  if (!LINUX || !mark) return [];
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const environ = environOf(entry);
    if (environ !== null && carries(environ, mark, opts.prefix === true, opts.variable)) found.push(Number(entry));
  }
  return found;
}
