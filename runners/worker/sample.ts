// Sampling a trial's processes and markers, synchronously: at settlement nothing may
// yield to the event loop before the sample is taken.

import fs from 'node:fs';
import path from 'node:path';
import { getEventListeners } from 'node:events';
import type { ChildBehaviour } from '../model/case.ts';
import { HELPER_ROLE, type ProcSample, type SpawnObservation, type WorkerObservations } from '../model/observations.ts';
import { processState } from '../os/processes.ts';
import { eventCounts, readRecords } from '../protocol/trial-dir.mjs';

/** Every marker file the behaviour (and its grandchildren) may write. */
function markersOf(behaviour: ChildBehaviour): string[] {
  const own = Object.values(behaviour.onSignal ?? {}).flatMap((r) => (r?.marker ? [r.marker] : []));
  return [...new Set([...own, ...(behaviour.grandchildren ?? []).flatMap((g) => markersOf(g.behaviour))])];
}

function knownProcesses(dir: string, spawns: SpawnObservation[]): Array<{ pid: number; role: string; startTime: string | null }> {
  const records = readRecords(dir);
  const byPid = new Map(records.map((r) => [r.pid, { pid: r.pid, role: r.role, startTime: r.startTime }]));
  // A direct child killed before it could write its record is still known from spawn;
  // so is a shell standing between the target and the fixture. A process the target
  // started for its own ends is a helper, not the command's.
  const role = records.some((r) => r.role === 'child') ? 'spawned' : 'child';
  for (const s of spawns) {
    if (s.pid !== null && !byPid.has(s.pid)) byPid.set(s.pid, { pid: s.pid, role: s.command ? role : HELPER_ROLE, startTime: null });
  }
  return [...byPid.values()];
}

export function sampleProcesses(dir: string, spawns: SpawnObservation[]): ProcSample[] {
  return knownProcesses(dir, spawns).map((p) => {
    const spawn = spawns.find((s) => s.pid === p.pid);
    const state = spawn?.exit ? 'exited' : processState(p.pid, p.startTime);
    return { pid: p.pid, role: p.role, state };
  });
}

/** Everything true of the trial the instant the call settled. */
export function sampleAtSettle(
  dir: string,
  behaviour: ChildBehaviour,
  spawns: SpawnObservation[],
  signal: AbortSignal | null,
  timers: number,
): NonNullable<WorkerObservations['atSettle']> {
  const markers: Record<string, boolean> = {};
  for (const m of markersOf(behaviour)) markers[m] = fs.existsSync(path.join(dir, m));
  return {
    processes: sampleProcesses(dir, spawns),
    markers,
    abortListeners: signal ? abortListenersOn(signal) : null,
    timers,
    exitsSeen: spawns.flatMap((s) => (s.exit && s.pid !== null ? [s.pid] : [])),
    events: eventCounts(dir),
  };
}

/** Where a runtime cannot count them (Bun 1.0 throws), its calibration says so and the fact is unknown. */
function abortListenersOn(signal: AbortSignal): number | null {
  try {
    return getEventListeners(signal, 'abort').length;
  } catch {
    return null;
  }
}
