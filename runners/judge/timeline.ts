// What a trial's observations say about time and memory: informational only, never the
// basis of a verdict, since these machines are noisy. Pure.

import type { Observations } from '../model/observations.ts';
import type { Judgement, TimelineEntry } from '../model/report-types.ts';
import { childPid, compareT, msSince, watched } from './read-observations.ts';

/**
 * Whether the worker's times are on the fixtures' (and the runner's) clock: Node's is, a
 * mapped one is (worker/clock.ts). A report from before the mapping ran off Node (`on`)
 * on the worker's own clock, and no time of it is set against another process's.
 */
export function oneClock(o: Observations, on?: string): boolean {
  const clock = o.worker.clock;
  return clock ? clock.clock !== 'own' : on === undefined;
}

export function deriveDurations(o: Observations, on?: string): Judgement['durations'] {
  const worker = o.worker;
  const settleT = worker.settlement.t;
  const pid = childPid(o);
  const shared = oneClock(o, on);
  const window = watched(o);
  // When the child ended, as near its end as was seen: its own record of its exit, else when
  // the watch first saw it gone, and only else when its parent was told, which can come later.
  const endT =
    pid === null
      ? null
      : ((shared ? o.fixtures.events.find((e) => e.pid === pid && e.kind === 'exit')?.t : undefined) ??
        (shared || window.by === 'worker' ? window.ends[pid] : undefined) ??
        worker.spawns.find((s) => s.pid === pid)?.exit?.t ??
        null);
  return {
    triggerToSettleMs: worker.trigger.t && settleT ? msSince(worker.trigger.t, settleT) : null,
    settleToChildEndMs: settleT && endT ? msSince(settleT, endT) : null,
  };
}

/** How much the calling process's memory grew while the call ran. */
export function deriveMemory(o: Observations): Judgement['memory'] {
  const { atCall, atSettle } = o.worker.rss;
  return { rssAtCallBytes: atCall, rssGrowthBytes: atSettle === null ? null : atSettle - atCall };
}

/**
 * Worker, runner and fixture events merged on the one monotonic clock, in ms from the
 * worker's start. Where the worker's clock is its own, only its own events are placed.
 */
export function buildTimeline(o: Observations, on?: string): TimelineEntry[] {
  const worker = o.worker;
  const window = watched(o);
  const shared = oneClock(o, on);
  const rows: Array<{ t: string; source: string; kind: string; detail?: Record<string, unknown> }> = [];
  rows.push({ t: worker.t0, source: 'worker', kind: 'start' });
  for (const s of worker.spawns) {
    rows.push({ t: s.t, source: 'worker', kind: 'spawn', detail: { pid: s.pid, error: s.error } });
    if (s.exit) rows.push({ t: s.exit.t, source: 'worker', kind: 'child-exit', detail: { pid: s.pid, code: s.exit.code, signal: s.exit.signal } });
  }
  if (worker.trigger.t) rows.push({ t: worker.trigger.t, source: 'worker', kind: worker.trigger.kind === 'timeout' ? 'timeout-start' : 'abort' });
  if (worker.settlement.t) rows.push({ t: worker.settlement.t, source: 'worker', kind: worker.settlement.kind });
  // The runner and the fixtures read the host's clock: off it, they are left out.
  if (shared || window.by === 'worker') {
    for (const [pid, t] of Object.entries(window.ends)) rows.push({ t, source: window.by, kind: 'seen-gone', detail: { pid: Number(pid) } });
    const watchEnd = o.runner.afterCaller ? o.runner.afterCaller.watchEnd : worker.watchEnd;
    if (watchEnd) rows.push({ t: watchEnd, source: window.by, kind: 'watch-end' });
  }
  if (shared && window.callerExit) rows.push({ t: window.callerExit.t, source: 'runner', kind: 'caller-gone' });
  for (const e of shared ? o.fixtures.events : []) {
    const { t, pid, kind, role, ...rest } = e;
    rows.push({ t, source: `${String(role)}:${pid}`, kind, ...(Object.keys(rest).length ? { detail: rest } : {}) });
  }
  rows.sort((a, b) => compareT(a.t, b.t));
  return rows.map(({ t, ...r }) => ({ ms: msSince(worker.t0, t), ...r }));
}
