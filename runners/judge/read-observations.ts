// Small readings of a trial's observations that several judgements share. Pure.

import type { Observations, ProcSample, SpawnObservation } from '../model/observations.ts';

/** The process running the case's behaviour: the fixture in role `child`, else the
 *  first command the target spawned (a child killed before it could write its record). */
export function childPid(o: Observations): number | null {
  const record = o.fixtures.records.find((r) => r.role === 'child');
  if (record) return record.pid;
  return commandSpawns(o).find((s) => s.pid !== null)?.pid ?? null;
}

/** The spawns of the case's command, not of the target's own helpers. */
export function commandSpawns(o: Observations): SpawnObservation[] {
  return o.worker.spawns.filter((s) => s.command);
}

/**
 * Who watched the window after settlement, and what they saw. A caller that exits on
 * settlement leaves the watching to the runner: its samples then stand for the window.
 */
export function watched(o: Observations): {
  by: 'worker' | 'runner';
  afterWindow: ProcSample[];
  ends: Record<string, string>;
  callerExit: { t: string; processes: ProcSample[] } | null;
} {
  const a = o.runner.afterCaller;
  if (!a) return { by: 'worker', afterWindow: o.worker.afterWindow, ends: o.worker.ends, callerExit: null };
  return { by: 'runner', afterWindow: a.afterWindow, ends: a.ends, callerExit: { t: a.t, processes: a.processes } };
}

/** Orders two CLOCK_MONOTONIC readings (decimal strings of nanoseconds). */
export function compareT(a: string, b: string): number {
  const d = BigInt(a) - BigInt(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

export function msSince(t0: string, t: string): number {
  return Math.round(Number(BigInt(t) - BigInt(t0)) / 1e3) / 1e3;
}
