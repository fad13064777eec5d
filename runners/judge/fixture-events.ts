// What the fixtures logged, read against the moments of a trial (settlement, the watch's
// end) by how many events each process had written then, and the harness's lifetime cap
// among them: when it struck, and whether it struck where it decides what a window saw.

import type { Observations, RawEvent } from '../model/observations.ts';
import { compareT } from './read-observations.ts';

/**
 * The processes the harness's lifetime cap ended, and when it first struck. A process that
 * logged `cap` was still running then, past the trial's deadline; a call that returned only
 * after it (a synchronous call blocks until its child is gone) returned because the harness
 * ended its child, not on its own.
 */
export function cappedProcesses(o: Observations): { pids: Set<number>; first: string | null } {
  const caps = o.fixtures.events.filter((e) => e.kind === 'cap').sort((a, b) => compareT(a.t, b.t));
  return { pids: new Set(caps.map((e) => e.pid)), first: caps[0]?.t ?? null };
}

/**
 * The fixture events written before a moment (settlement, the watch's end), by the count
 * each process had written then: each process appends its own in order, so its first N
 * are those. Counted, not timed, because a runtime's clock (Deno's) need not be the
 * fixtures'. Null in a report made before the counts were kept.
 */
export function eventsWithin(o: Observations, counts: Record<string, number> | undefined): Set<RawEvent> | null {
  if (!counts) return null;
  const byPid = new Map<number, RawEvent[]>();
  for (const e of o.fixtures.events) {
    if (!byPid.has(e.pid)) byPid.set(e.pid, []);
    byPid.get(e.pid)!.push(e);
  }
  const within = new Set<RawEvent>();
  for (const [pid, events] of byPid) {
    for (const e of events.sort((a, b) => compareT(a.t, b.t)).slice(0, counts[String(pid)] ?? 0)) within.add(e);
  }
  return within;
}

/**
 * A fixture's own lifetime cap that struck after the call settled and before the watch
 * ended: the cap, a timer of the harness's, decided what the window saw (the child's end,
 * what was still running), not the target. Only a call that blocks its caller until its
 * child is gone meets the cap before it settles (see cappedProcesses); one that settled
 * first meets it only when the machine was so loaded that the window ran past it. Null
 * where no cap struck in the window, or the report does not count the events written by
 * settlement and by the watch's end.
 */
export function capInWindow(o: Observations): RawEvent | null {
  const atSettle = eventsWithin(o, o.worker.atSettle?.events);
  const watched = eventsWithin(o, o.runner.afterCaller ? o.runner.afterCaller.eventsAtWatchEnd : o.worker.eventsAtWatchEnd);
  if (!atSettle || !watched || o.worker.settlement.kind === 'pending') return null;
  return o.fixtures.events.find((e) => e.kind === 'cap' && watched.has(e) && !atSettle.has(e)) ?? null;
}
