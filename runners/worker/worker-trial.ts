// A library trial's worker, as state: what it was asked (the trial's spec), what it has
// seen so far (the observations it writes), and the signal it hands the target. Opened
// once, before the target loads; finished once, by writing worker.json and exiting.

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CaseSpec, ClientTriggerKind } from '../model/case.ts';
import type { AdapterError, ClockMapping, WorkerObservations } from '../model/observations.ts';
import { now, PROTOCOL, WORKER_FILE, writeAtomic } from '../protocol/trial-dir.mjs';
import { trialPath } from '../protocol/trial-path.mjs';
import { adapterLocation } from './adapter-frame.ts';
import { abortReason, handedOf, handedSignal, prepareCommand } from './call.ts';
import { closeMapping } from './clock.ts';
import { firstLine } from './describe-rejection.ts';
import { calibrate, runtimeName } from './introspection.ts';
import { watchModules } from './load-target.ts';
import type { TrialSpec, WorkerOutput } from './messages.ts';
import { handedNames, watchSignalUse } from './record-reach.ts';
import { redactor } from './redact.ts';
import { watchSpawns } from './spawns.ts';
import type { TimerTracker } from './timers.ts';

export interface WorkerTrial {
  spec: TrialSpec;
  dir: string;
  caseSpec: CaseSpec;
  observed: WorkerObservations;
  /** Whose clock the times are on: the fixtures', joined before any time was recorded. */
  clock: ClockMapping;
  redact: (text: string) => string;
  controller: AbortController | null;
  /** What the target is handed, and what its leftovers are counted on: one signal for every call. */
  signal: AbortSignal | null;
  signalUse: ReturnType<typeof watchSignalUse> | null;
  handed: ReturnType<typeof handedOf>;
  /** Set once the target has loaded: the target's timers are counted from then. */
  timers: TimerTracker | null;
  /** The harness's own deadline for the trial, armed once the calls are about to start. */
  deadline: NodeJS.Timeout | null;
  /** Called when the case's command exits (an abort after the exit waits for it). */
  onChildExit: (() => void) | null;
  adapterLoaded: boolean;
  modules: ReturnType<typeof watchModules>;
  sights: ReturnType<typeof calibrate>;
}

export const pending = (w: WorkerTrial): boolean => w.observed.settlement.kind === 'pending';

/** The trial before its target loads: observations begun, every way of looking calibrated
 *  on something the worker made itself (introspection.ts), the spawn watch in place. */
export function openTrial(spec: TrialSpec, clock: ClockMapping): WorkerTrial {
  const { dir, case: caseSpec } = spec;
  const observed: WorkerObservations = {
    t0: now(),
    clock,
    spawns: [],
    // A worker runs client cases only: a server case has no caller (engine/kinds/server-trial.ts).
    trigger: { kind: caseSpec.trigger.kind as ClientTriggerKind, t: null, fired: false },
    settlement: { kind: 'pending', t: null, error: null },
    atSettle: null,
    ends: {},
    afterWindow: [],
    rss: { atCall: process.memoryUsage().rss, atSettle: null },
    problems: [],
    entered: null,
  };
  const w = { spec, dir, caseSpec, observed, clock, redact: redactor(dir, spec.fixture), timers: null, deadline: null, onChildExit: null, adapterLoaded: false } as Partial<WorkerTrial> as WorkerTrial;
  w.modules = watchModules(spec.target, spec.hooks, () => (w.adapterLoaded ? pathToFileURL(spec.adapterPath).href : null));
  // The module list is judged when the worker finishes, once it has something to show.
  w.sights = calibrate(dir);
  const { trigger } = caseSpec;
  const wantsSignal = trigger.kind === 'abort' || trigger.kind === 'pre-aborted' || caseSpec.call.signal === true || caseSpec.call.signal === 'any';
  w.controller = wantsSignal ? new AbortController() : null;
  w.signal = handedSignal(spec, w.controller);
  // Whether what the call hands over reaches the target (worker/record-reach.ts).
  w.signalUse = w.signal ? watchSignalUse(w.signal) : null;
  w.handed = handedOf(spec, w.signal);
  watchSpawns(observed.spawns, dir, w.redact, () => w.onChildExit?.(), (what) => {
    if (!observed.problems.includes(what)) observed.problems.push(what);
  }, w.handed);
  prepareCommand(spec);
  return w;
}

/** Writes what the worker saw, whole or not at all, and exits. */
export function finish(w: WorkerTrial): never {
  const { observed, sights } = w;
  const listed = w.modules();
  const modules = listed.sight.observed ? listed.sight : { observed: false as const, reason: `${listed.sight.reason} on ${runtimeName()}` };
  observed.introspection = { ...sights, modules };
  const delays = sights.timers.observed && w.timers ? w.timers.delays() : null;
  observed.reach = { handed: handedNames(w.handed), cwd: trialPath(w.dir, w.handed.cwd!), signalUses: w.signalUse?.uses() ?? null, timerDelays: delays };
  observed.clock = closeMapping(w.clock);
  const output: WorkerOutput = { protocol: PROTOCOL, observations: observed, modules: listed.modules };
  // Not through model/files.ts: its library installs signal handlers, and the calling
  // process must carry nothing the target would not.
  writeAtomic(path.join(w.dir, WORKER_FILE), JSON.stringify(output));
  // Exit without waiting for the target: a pending call or a live child must not keep
  // the worker alive, and the runner deals with whatever remains.
  process.exit(0);
}

/** The adapter, not the target, failed at `stage`: the trial ends here, an error. */
export function adapterFailed(w: WorkerTrial, stage: AdapterError['stage'], err: unknown, message?: string): never {
  const at = err === null ? null : adapterLocation(err, w.spec.adapterPath, w.spec.adapterSource, w.spec.adapterBase);
  w.observed.adapterError = { stage, message: firstLine(message ?? err, w.redact), at };
  finish(w);
}

/** The case's trigger, once: the signal handed to the target aborts. */
export function abort(w: WorkerTrial): void {
  if (!w.controller || w.observed.trigger.fired) return;
  w.observed.trigger.t = now();
  w.observed.trigger.fired = true;
  w.controller.abort(abortReason(w.caseSpec.trigger.reason));
}
