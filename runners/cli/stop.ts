// SIGINT, SIGTERM or SIGHUP while a command runs trials: start no more, end those still
// running, and let the run end itself (its cgroup, its directory, its report) as dying of
// the signal would not. One stopper for the process, shared by every verb that runs
// trials, also when one verb calls another (`check` runs `init` and `run`).

import { EXIT, SIGNAL_EXIT } from '../model/errors.ts';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

let stopper: AbortController | null = null;

/** Aborted, with the signal's name as its reason, once one of the stop signals arrives. */
export function stopSignal(): AbortSignal {
  if (stopper) return stopper.signal;
  const own = new AbortController();
  stopper = own;
  const onSignal = (signal: NodeJS.Signals) => {
    if (!own.signal.aborted) process.stderr.write(`childproof: ${signal}: starting no more trials and ending those still running\n`);
    own.abort(signal);
  };
  for (const s of STOP_SIGNALS) process.on(s, onSignal);
  return own.signal;
}

/** The exit code of a command stopped by a signal (128 + its number), or null when none came. */
export function stoppedExit(): number | null {
  const signal = stopper?.signal;
  if (!signal?.aborted) return null;
  return SIGNAL_EXIT[String(signal.reason)] ?? EXIT.interrupted;
}

/** Says what a stopped command did not do, and returns its exit code. */
export function stopped(what: string): number {
  const code = stoppedExit() ?? EXIT.interrupted;
  process.stderr.write(`childproof: interrupted by ${String(stopper?.signal.reason)}: ${what}\n`);
  return code;
}
