// What every fact of a library's trial reads first, read once: the settlement as the
// trial saw it (a call the fixture's cap beat is still pending), the child, the samples
// and the events each moment covers. Pure.

import type { CaseSpec, FactValue } from '../model/case.ts';
import type { Observations, ProcSample, WorkerObservations } from '../model/observations.ts';
import { cappedProcesses, eventsWithin } from './fixture-events.ts';
import { childPid, compareT, watched } from './read-observations.ts';

export type Value = FactValue | 'unknown';

export interface Seen {
  spec: CaseSpec;
  o: Observations;
  history: WorkerObservations;
  afterWindow: ProcSample[];
  callerExit: { t: string; processes: ProcSample[] } | null;
  capped: ReturnType<typeof cappedProcesses>;
  settled: WorkerObservations['settlement']['kind'];
  error: WorkerObservations['settlement']['error'];
  /** The sample at settlement; null where the fixture's cap came first (the harness's doing). */
  atSettle: WorkerObservations['atSettle'] | null;
  atSettleEvents: ReturnType<typeof eventsWithin>;
  watchedEvents: ReturnType<typeof eventsWithin>;
  pid: number | null;
  leftoverPids: Set<number>;
  /** A child the target's process did not spawn itself: a shell or a launcher did. */
  behindShell: boolean;
}

export function seenIn(spec: CaseSpec, o: Observations): Seen {
  const history = o.worker;
  const { afterWindow, callerExit } = watched(o);
  const capped = cappedProcesses(o);
  const t = history.settlement.t;
  // A cap before the settlement: by the events written by then, or, in a report made
  // before they were counted, by the clock.
  const atSettleEvents = eventsWithin(o, history.atSettle?.events);
  const cappedFirst = atSettleEvents
    ? o.fixtures.events.some((e) => e.kind === 'cap' && atSettleEvents.has(e))
    : t !== null && capped.first !== null && compareT(t, capped.first) >= 0;
  const pid = childPid(o);
  return {
    spec,
    o,
    history,
    afterWindow,
    callerExit,
    capped,
    settled: cappedFirst ? 'pending' : history.settlement.kind,
    error: history.settlement.error,
    // What was sampled when a call returned after the cap shows the harness's doing.
    atSettle: cappedFirst ? null : history.atSettle,
    atSettleEvents,
    watchedEvents: eventsWithin(o, o.runner.afterCaller ? o.runner.afterCaller.eventsAtWatchEnd : history.eventsAtWatchEnd),
    pid,
    leftoverPids: new Set(o.runner.leftovers.map((l) => l.pid)),
    behindShell: pid !== null && !history.spawns.some((s) => s.pid === pid),
  };
}
