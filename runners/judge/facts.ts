// From what a trial saw to named facts: a pure function of its saved observations, so
// facts can be recomputed offline. Nothing here reads a clock; where the observations
// cannot tell, the fact is `unknown`. cases/INTERPRETING.md states each rule. Each family
// of facts is its own function over what the trial saw (trial-seen.ts): the call's error
// here, the child's in child-facts.ts, the descendants' and the caller's process's here.

import { FACT_NAMES, type CaseSpec, type FactValue } from '../model/case.ts';
import type { Facts } from '../model/report-types.ts';
import { HELPER_ROLE, type Observations, type WorkerObservations } from '../model/observations.ts';
import { childAtSettle, childEnd, childSignals, exitReported, ipcOpenAtSettle, markerAtSettle, reapedAtSettle, stdinEnded } from './child-facts.ts';
import { isAbortError, timeoutFact } from './error-facts.ts';
import { commandSpawns } from './read-observations.ts';
import { seenIn, type Seen, type Value } from './trial-seen.ts';

export { blindFacts, hiddenByShell } from './hidden-facts.ts';

/** What the call settled with, and each field of its error: unknown for a call that never settled. */
function callFacts({ settled, error }: Seen): Facts {
  const errorFact = (pick: (e: NonNullable<typeof error>) => FactValue): Value => {
    if (settled === 'pending') return 'unknown';
    return error ? pick(error) : null;
  };
  return {
    settled,
    'error.name': errorFact((e) => e.name),
    'error.code': errorFact((e) => e.code),
    'error.signal': errorFact((e) => e.signal),
    'error.exitCode': errorFact((e) => e.exitCode),
    'error.reasonAt': errorFact((e) => e.reasonAt),
    'error.isAbort': errorFact(isAbortError),
    'error.isTimeout': errorFact(timeoutFact),
  };
}

/** What the target spawned: the case's command, and its own helpers. */
function spawnFacts({ o, history }: Seen): Facts {
  return {
    'spawn.attempts': commandSpawns(o).length,
    spawned: commandSpawns(o).some((s) => s.pid !== null) || o.fixtures.records.length > 0,
    'helpers.spawns': history.spawns.length - commandSpawns(o).length,
  };
}

function childFacts(s: Seen): Facts {
  return {
    'child.atSettle': childAtSettle(s),
    'child.reapedAtSettle': reapedAtSettle(s),
    'child.markerAtSettle': markerAtSettle(s),
    'child.signals': childSignals(s),
    'child.end': childEnd(s),
    'child.stdinEnded': stdinEnded(s),
    'child.ipcOpenAtSettle': ipcOpenAtSettle(s),
    'child.exitReported': exitReported(s),
  };
}

/**
 * The child's descendants: every process of the trial but the child and the target's
 * helpers. One the cap ended was running until the harness ended it, whenever the sample.
 */
function descendantsRunning({ pid, capped }: Seen, samples: WorkerObservations['afterWindow'] | undefined): Value {
  if (!samples) return 'unknown';
  return samples.filter((p) => p.pid !== pid && p.role !== HELPER_ROLE && (p.state === 'running' || capped.pids.has(p.pid))).length;
}

/**
 * Only a case whose caller exits on settlement asks what outlived it; the runner sampled
 * the moment it saw the caller gone, so a process running then has outlived the code that
 * started it.
 */
function outlivedFacts({ spec, callerExit, pid }: Seen): Facts {
  if (spec.caller !== 'exits-on-settle') return { 'child.outlivedCaller': null, 'descendants.outlivedCaller': null };
  if (!callerExit) return { 'child.outlivedCaller': 'unknown', 'descendants.outlivedCaller': 'unknown' };
  const running = callerExit.processes.filter((p) => p.state === 'running');
  return { 'child.outlivedCaller': running.some((p) => p.pid === pid), 'descendants.outlivedCaller': running.filter((p) => p.pid !== pid && p.role !== HELPER_ROLE).length };
}

/**
 * Every process the harness had to end once the trial stopped watching: the runner's
 * leftovers, and each fixture whose own cap ended it after the watch, before the runner's
 * sweep reached it (a runner held up past the cap's margin: the cap is the harness's too).
 * A report made before the events were counted reads the runner's alone.
 */
function leftoverCount({ o, watchedEvents }: Seen): number {
  if (!watchedEvents) return o.runner.leftovers.length;
  const swept = new Set(o.runner.leftovers.map((l) => l.pid));
  const cappedAfter = new Set(o.fixtures.events.filter((e) => e.kind === 'cap' && !watchedEvents.has(e) && !swept.has(e.pid)).map((e) => e.pid));
  return o.runner.leftovers.length + cappedAfter.size;
}

/** Whether the worker's calibrated way of looking saw what it was shown; observations made
 *  before calibration ran on Node, where every way sees. */
function sees(w: WorkerObservations, what: 'abortListeners' | 'timers'): boolean {
  return w.introspection?.[what].observed ?? true;
}

/** What the caller's own process still held once the call settled. */
function parentFacts({ atSettle, history }: Seen): Facts {
  return {
    'parent.abortListenersAfterSettle': atSettle && sees(history, 'abortListeners') ? atSettle.abortListeners : 'unknown',
    'parent.timersAfterSettle': atSettle && sees(history, 'timers') ? atSettle.timers : 'unknown',
  };
}

export function deriveFacts(spec: CaseSpec, o: Observations): Facts {
  const s = seenIn(spec, o);
  const all: Facts = {
    ...callFacts(s),
    ...spawnFacts(s),
    ...childFacts(s),
    'descendants.runningAtSettle': descendantsRunning(s, s.atSettle?.processes),
    'descendants.runningAfterWindow': descendantsRunning(s, s.afterWindow),
    ...outlivedFacts(s),
    ...parentFacts(s),
    // Every process the harness had to end once the worker was gone (INTERPRETING.md,
    // Running a trial, step 7), whoever started it: the command's, a helper's, a daemon's.
    'runner.leftovers': leftoverCount(s),
  };
  // In the order reports list them.
  return Object.fromEntries(FACT_NAMES.filter((f) => f in all).map((f) => [f, all[f]])) as Facts;
}
