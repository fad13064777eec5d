// The facts a trial could not see, each with the reason its verdict gives: what the
// runtime's calibrated ways of looking could not show, and what a shell hid. Pure.

import type { FactName } from '../model/case.ts';
import type { Observations, WorkerObservations } from '../model/observations.ts';
import type { Facts } from '../model/report-types.ts';
import { childPid } from './read-observations.ts';

/** The facts no calibrated way could show on the trial's runtime, each with the reason. */
export function blindFacts(w: WorkerObservations): Partial<Record<FactName, string>> {
  const out: Partial<Record<FactName, string>> = {};
  const sights = w.introspection;
  if (sights && !sights.abortListeners.observed) out['parent.abortListenersAfterSettle'] = sights.abortListeners.reason;
  if (sights && !sights.timers.observed) out['parent.timersAfterSettle'] = sights.timers.reason;
  return out;
}

/** The facts a shell between the target and the child hid, each with the reason. */
export function hiddenByShell(o: Observations, facts: Facts): Partial<Record<FactName, string>> {
  const pid = childPid(o);
  if (pid === null || o.worker.spawns.some((s) => s.pid === pid) || facts['child.signals'] !== 'unknown') return {};
  return { 'child.signals': "a shell stood between the target and the child, so the child's exit status went to the shell, and the child logged neither an exit nor a signal it dies of: what ended it no one saw" };
}
