// Hand-made observations of one trial, for tests of what is derived from them: a child
// aborted while it cleans up, with one grandchild, each part replaceable.

import type { CaseSpec } from '../../runners/model/case.ts';
import type { AfterCaller, FixtureRecord, Leftover, Observations, RawEvent, WorkerObservations } from '../../runners/model/observations.ts';

export const spec: CaseSpec = {
  id: 'core/x',
  title: 'x',
  requires: ['signal'],
  child: { onSignal: { SIGTERM: { action: 'exit', delayMs: 200, marker: 'done', exitCode: 0 } } },
  call: { command: 'fixture' },
  trigger: { kind: 'abort', after: 'ready' },
  windowMs: 1000,
  assertions: [{ clause: 'reason-preserved', fact: 'settled', equals: 'rejected' }],
};

export function history(over: Partial<WorkerObservations> = {}): WorkerObservations {
  return {
    t0: '1000000',
    spawns: [{ t: '2000000', file: 'node', command: true, pid: 42, error: null, exit: null }],
    trigger: { kind: 'abort', t: '3000000', fired: true },
    settlement: {
      kind: 'rejected',
      t: '4000000',
      error: { name: 'AbortError', code: 'ABORT_ERR', signal: null, exitCode: null, timedOut: null, cause: null, message: 'aborted', reasonAt: 'cause' },
    },
    atSettle: {
      processes: [
        { pid: 42, role: 'child', state: 'running' },
        { pid: 43, role: 'child.g0', state: 'running' },
      ],
      markers: { done: false },
      abortListeners: 0,
      timers: 1,
      exitsSeen: [],
    },
    ends: {},
    afterWindow: [
      { pid: 42, role: 'child', state: 'exited' },
      { pid: 43, role: 'child.g0', state: 'running' },
    ],
    rss: { atCall: 50_000_000, atSettle: 58_000_000 },
    problems: [],
    ...over,
  };
}

export function observe(
  h: WorkerObservations,
  over: { records?: FixtureRecord[]; events?: RawEvent[]; leftovers?: Leftover[]; afterCaller?: AfterCaller } = {},
): Observations {
  return {
    setup: '0'.repeat(64),
    worker: h,
    fixtures: {
      records: over.records ?? [
        { pid: 42, ppid: 1, pgid: 42, startTime: '9', role: 'child', t: '2500000' },
        { pid: 43, ppid: 42, pgid: 42, startTime: '9', role: 'child.g0', t: '2600000' },
      ],
      events: over.events ?? [
        { t: '3100000', pid: 42, kind: 'signal', signal: 'SIGTERM', role: 'child' },
        { t: '5000000', pid: 42, kind: 'marker', role: 'child' },
        { t: '5100000', pid: 42, kind: 'exit', code: 0, role: 'child' },
      ],
    },
    runner: { afterCaller: over.afterCaller ?? null, leftovers: over.leftovers ?? [] },
  };
}
