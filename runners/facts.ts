// From what a trial saw to named facts: a pure function of the saved history, so facts
// can be recomputed offline. Nothing here reads a clock; where the history cannot tell,
// the fact is `unknown`.

import type {
  CaseSpec,
  FactValue,
  Facts,
  FixtureRecord,
  History,
  Leftover,
  RawEvent,
  TimelineEntry,
} from './types.ts';

export interface Observations {
  history: History;
  records: FixtureRecord[];
  events: RawEvent[];
  leftovers: Leftover[];
}

type Value = FactValue | 'unknown';

/** The process running the case's behaviour: the fixture in role `child`, else the
 *  first process the target spawned (a child killed before it could write its record). */
function childPid(o: Observations): number | null {
  const record = o.records.find((r) => r.role === 'child');
  if (record) return record.pid;
  return o.history.spawns.find((s) => s.pid !== null)?.pid ?? null;
}

function childMarker(spec: CaseSpec): string | null {
  for (const reaction of Object.values(spec.child.onSignal ?? {})) if (reaction?.marker) return reaction.marker;
  return null;
}

function isAbortError(error: NonNullable<History['settlement']['error']>): boolean {
  return (
    (error.reasonAt !== null && error.reasonAt !== 'nowhere') ||
    error.name === 'AbortError' ||
    error.code === 'ABORT_ERR'
  );
}

export function deriveFacts(spec: CaseSpec, o: Observations): Facts {
  const { history } = o;
  const settled = history.settlement.kind;
  const error = history.settlement.error;
  const atSettle = history.atSettle;
  const pid = childPid(o);
  const leftoverPids = new Set(o.leftovers.map((l) => l.pid));

  const errorFact = (pick: (e: NonNullable<typeof error>) => FactValue): Value => {
    if (settled === 'pending') return 'unknown';
    return error ? pick(error) : null;
  };

  const childAtSettle = (): Value => {
    if (!atSettle) return 'unknown';
    if (pid === null) return 'none';
    return atSettle.processes.find((p) => p.pid === pid)?.state ?? 'unknown';
  };

  // Whether the target's process had already seen the child's exit when the call settled.
  // Unlike a /proc snapshot this does not race the child's own death: a target that
  // settles without waiting for the exit cannot have seen it, however fast the child died.
  const reapedAtSettle = (): Value => {
    if (pid === null || !history.spawns.some((s) => s.pid === pid)) return null;
    if (!atSettle) return 'unknown';
    return atSettle.exitsSeen.includes(pid);
  };

  const markerAtSettle = (): Value => {
    const marker = childMarker(spec);
    if (marker === null) return null;
    if (!atSettle) return 'unknown';
    return atSettle.markers[marker] ?? 'unknown';
  };

  const childSignals = (): Value => {
    if (pid === null) return [];
    const caught = o.events
      .filter((e) => e.pid === pid && e.kind === 'signal')
      .sort((a, b) => compareT(a.t, b.t))
      .map((e) => String(e.signal));
    // A signal the fixture cannot catch (SIGKILL) shows only in the exit status.
    const exit = o.history.spawns.find((s) => s.pid === pid)?.exit;
    if (exit?.signal && !caught.includes(exit.signal)) caught.push(exit.signal);
    return caught;
  };

  const childEnd = (): Value => {
    if (pid === null) return 'none';
    if (leftoverPids.has(pid)) return 'harness-killed';
    if (o.events.some((e) => e.pid === pid && e.kind === 'exit')) return 'exit';
    const exit = o.history.spawns.find((s) => s.pid === pid)?.exit;
    if (exit) return exit.signal ? 'killed' : 'exit';
    const last = history.afterWindow.find((p) => p.pid === pid);
    // Gone without writing its exit event: ended by a signal it did not survive.
    return last?.state === 'exited' ? 'killed' : 'unknown';
  };

  const descendantsRunning = (samples: History['afterWindow'] | undefined): Value => {
    if (!samples) return 'unknown';
    return samples.filter((p) => p.pid !== pid && p.state === 'running').length;
  };

  // Only a case whose caller exits on settlement asks; the runner sampled the moment it saw
  // the caller gone, so a process running then has outlived the code that started it.
  const outlivedCaller = (): { child: Value; descendants: Value } => {
    if (spec.caller !== 'exits-on-settle') return { child: null, descendants: null };
    if (!history.callerExit) return { child: 'unknown', descendants: 'unknown' };
    const running = history.callerExit.processes.filter((p) => p.state === 'running');
    return { child: running.some((p) => p.pid === pid), descendants: running.filter((p) => p.pid !== pid).length };
  };
  const outlived = outlivedCaller();

  return {
    settled,
    'error.name': errorFact((e) => e.name),
    'error.code': errorFact((e) => e.code),
    'error.signal': errorFact((e) => e.signal),
    'error.exitCode': errorFact((e) => e.exitCode),
    'error.reasonAt': errorFact((e) => e.reasonAt),
    'error.isAbort': errorFact(isAbortError),
    'spawn.attempts': history.spawns.length,
    spawned: history.spawns.some((s) => s.pid !== null) || o.records.length > 0,
    'child.atSettle': childAtSettle(),
    'child.reapedAtSettle': reapedAtSettle(),
    'child.markerAtSettle': markerAtSettle(),
    'child.signals': childSignals(),
    'child.end': childEnd(),
    'descendants.runningAtSettle': descendantsRunning(atSettle?.processes),
    'descendants.runningAfterWindow': descendantsRunning(history.afterWindow),
    'child.outlivedCaller': outlived.child,
    'descendants.outlivedCaller': outlived.descendants,
    'parent.abortListenersAfterSettle': atSettle ? atSettle.abortListeners : 'unknown',
    'parent.timersAfterSettle': atSettle ? atSettle.timers : 'unknown',
  };
}

function compareT(a: string, b: string): number {
  const d = BigInt(a) - BigInt(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

function msSince(t0: string, t: string): number {
  return Math.round(Number(BigInt(t) - BigInt(t0)) / 1e3) / 1e3;
}

/** Informational only: never the basis of a verdict. */
export function deriveDurations(o: Observations): { triggerToSettleMs: number | null; settleToChildEndMs: number | null } {
  const { history } = o;
  const settleT = history.settlement.t;
  const pid = childPid(o);
  const endT =
    pid === null
      ? null
      : (o.history.spawns.find((s) => s.pid === pid)?.exit?.t ??
        o.events.find((e) => e.pid === pid && e.kind === 'exit')?.t ??
        history.ends[pid] ??
        null);
  return {
    triggerToSettleMs: history.trigger.t && settleT ? msSince(history.trigger.t, settleT) : null,
    settleToChildEndMs: settleT && endT ? msSince(settleT, endT) : null,
  };
}

/** Informational only: how much the calling process's memory grew while the call ran. */
export function deriveMemory(history: History): { rssAtCallBytes: number; rssGrowthBytes: number | null } {
  const { atCall, atSettle } = history.rss;
  return { rssAtCallBytes: atCall, rssGrowthBytes: atSettle === null ? null : atSettle - atCall };
}

/** Worker and fixture events merged on the shared monotonic clock, in ms from the worker's start. */
export function buildTimeline(o: Observations): TimelineEntry[] {
  const { history } = o;
  const rows: Array<{ t: string; source: string; kind: string; detail?: Record<string, unknown> }> = [];
  rows.push({ t: history.t0, source: 'worker', kind: 'start' });
  for (const s of history.spawns) {
    rows.push({ t: s.t, source: 'worker', kind: 'spawn', detail: { pid: s.pid, error: s.error } });
    if (s.exit) rows.push({ t: s.exit.t, source: 'worker', kind: 'child-exit', detail: { pid: s.pid, code: s.exit.code, signal: s.exit.signal } });
  }
  if (history.trigger.t) rows.push({ t: history.trigger.t, source: 'worker', kind: 'abort' });
  if (history.settlement.t) rows.push({ t: history.settlement.t, source: 'worker', kind: history.settlement.kind });
  const watcher = history.callerExit ? 'runner' : 'worker';
  if (history.callerExit) rows.push({ t: history.callerExit.t, source: 'runner', kind: 'caller-gone' });
  for (const [pid, t] of Object.entries(history.ends)) rows.push({ t, source: watcher, kind: 'seen-gone', detail: { pid: Number(pid) } });
  for (const e of o.events) {
    const { t, pid, kind, role, ...rest } = e;
    rows.push({ t, source: `${String(role)}:${pid}`, kind, ...(Object.keys(rest).length ? { detail: rest } : {}) });
  }
  rows.sort((a, b) => compareT(a.t, b.t));
  return rows.map(({ t, ...r }) => ({ ms: msSince(history.t0, t), ...r }));
}

/**
 * A trial means something only if the child was ready before the target acted on it. The
 * harness waits for readiness before an abort, but a timeout runs on the target's own
 * clock: on a loaded machine it can fire before the fixture has even started. Such a
 * trial observed the machine, not the target.
 */
export function unmetPrecondition(spec: CaseSpec, o: Observations): string | null {
  const onTimeout = spec.trigger.kind === 'timeout' || (spec.trigger.kind === 'abort' && spec.trigger.after === 'signal');
  if (spec.call.command !== 'fixture' || !onTimeout || spec.call.timeoutMs === undefined) return null;
  const pid = childPid(o);
  const first = (kind: string) =>
    o.events.filter((e) => e.pid === pid && e.kind === kind).sort((a, b) => compareT(a.t, b.t))[0];
  const ready = first('ready');
  const signal = first('signal');
  const killedEarly = o.history.spawns.find((s) => s.pid === pid)?.exit?.signal;
  if (ready && (!signal || compareT(ready.t, signal.t) < 0)) return null;
  if (!ready && !signal && !killedEarly) return null;
  return `the ${spec.call.timeoutMs} ms timeout fired before the child was ready (the machine is busier than the case allows)`;
}
