// One trial, in a process of its own: call the adapter, fire the trigger, and at the
// first reaction to settlement sample everything synchronously. The worker watches; it
// never signals a fixture. It writes what it saw to worker.json and interprets nothing.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ClientTriggerKind } from '../model/case.ts';
import type { AdapterError, Settlement, WorkerObservations } from '../model/observations.ts';
import { joinCgroup } from '../os/cgroup.ts';
import { adapterLocation } from './adapter-frame.ts';
import { lacking, missingExports, watchEntry } from './entry-watch.ts';
import { abortReason, buildCall, handedOf, handedSignal, prepareCommand } from './call.ts';
import { handedNames, watchSignalUse } from './record-reach.ts';
import { eventCounts, now, PROTOCOL, readMessage, readyDir, TRIAL_FILE, WORKER_FILE, writeAtomic } from '../protocol/trial-dir.mjs';
import { trialPath } from '../protocol/trial-path.mjs';
import { describeError, firstLine, stackOf } from './describe-rejection.ts';
import { loadAdapter, loadTarget, watchModules } from './load-target.ts';
import type { TrialSpec, WorkerOutput } from './messages.ts';
import { sampleAtSettle, sampleProcesses } from './sample.ts';
import { watchSpawns } from './spawns.ts';
import { trackTimers } from './timers.ts';
import { calibrate, runtimeName } from './introspection.ts';
import { closeMapping, joinFixtureClock } from './clock.ts';
import { redactor } from './redact.ts';
import { abortWhen, childIsReady, childWasSignalled } from './trigger.ts';
import { watchFixtures } from './window-sights.ts';


// The flag that lets the worker read Node's module cache is the harness's, not the
// caller's: a target that forks with process.execArgv must not pass it on.
process.execArgv = process.execArgv.filter((a) => a !== '--expose-internals');

const spec = readMessage(process.argv[2] ?? TRIAL_FILE, 'the trial') as unknown as TrialSpec;
const { dir, case: caseSpec } = spec;
// Into the trial's cgroup before the target loads: whatever it starts, by any route, is
// there for the runner to find afterwards (os/cgroup.ts). Without one, the mark serves.
if (spec.cgroup) joinCgroup(spec.cgroup);
const { trigger } = caseSpec;
fs.mkdirSync(readyDir(dir), { recursive: true });
// Before any time is recorded: every time below is on the fixtures' clock, or says it is not.
const clock = await joinFixtureClock();

const observed: WorkerObservations = {
  t0: now(),
  clock,
  spawns: [],
  // A worker runs client cases only: a server case has no caller (engine/kinds/server-trial.ts).
  trigger: { kind: trigger.kind as ClientTriggerKind, t: null, fired: false },
  settlement: { kind: 'pending', t: null, error: null },
  atSettle: null,
  ends: {},
  afterWindow: [],
  rss: { atCall: process.memoryUsage().rss, atSettle: null },
  problems: [],
  entered: null,
};
const pending = () => observed.settlement.kind === 'pending';
const redact = redactor(dir, spec.fixture);

let adapterLoaded = false;
const loadedModules = watchModules(spec.target, spec.hooks, () => (adapterLoaded ? pathToFileURL(spec.adapterPath).href : null));
// Before the target loads and before the spawn watch is in place: every way of looking is
// tried on something the worker made itself (worker/introspection.ts).
// The module list is judged when the worker finishes, once it has something to show.
const sights = calibrate(dir);

function finish(): never {
  const listed = loadedModules();
  const modules = listed.sight.observed ? listed.sight : { observed: false as const, reason: `${listed.sight.reason} on ${runtimeName()}` };
  observed.introspection = { ...sights, modules };
  observed.reach = { handed: handedNames(handed), cwd: trialPath(dir, handed.cwd!), signalUses: signalUse?.uses() ?? null, timerDelays: sights.timers.observed && timerDelays ? timerDelays() : null };
  observed.clock = closeMapping(clock);
  const output: WorkerOutput = { protocol: PROTOCOL, observations: observed, modules: listed.modules };
  // Whole or not at all. Not through model/files.ts: its library installs signal
  // handlers, and the calling process must carry nothing the target would not.
  writeAtomic(path.join(dir, WORKER_FILE), JSON.stringify(output));
  // Exit without waiting for the target: a pending call or a live child must not keep
  // the worker alive, and the runner deals with whatever remains.
  process.exit(0);
}

// An exception nobody catches ends the calling process, as it would the target's user's.
// What was seen until then is written, with the party whose code threw, before it ends:
// before settlement and not the adapter's, it is how the call ended (`crashed`).
process.on('uncaughtExceptionMonitor', (err) => {
  const inTarget = spec.target.kind === 'material' && (stackOf(err) ?? '').includes(fileURLToPath(spec.target.materialUrl));
  const where = adapterLocation(err, spec.adapterPath, spec.adapterSource, spec.adapterBase);
  if (pending() && !where && observed.entered) onSettled('crashed', err);
  const whose = inTarget ? ", thrown in the target's code" : where ? `, thrown in the adapter (at ${where})` : '';
  observed.problems.push(`an uncaught exception ended the calling process${whose}: ${firstLine(err, redact)}`);
  finish();
});

const wantsSignal = trigger.kind === 'abort' || trigger.kind === 'pre-aborted' || caseSpec.call.signal === true || caseSpec.call.signal === 'any';
const controller = wantsSignal ? new AbortController() : null;
// What the target is handed, and what its leftovers are counted on: one signal for every call.
const signal = handedSignal(spec, controller);
// Whether what the call hands over reaches the target (worker/record-reach.ts).
const signalUse = signal ? watchSignalUse(signal) : null;
const handed = handedOf(spec, signal);
let timerDelays: (() => number[]) | null = null;
let onChildExit: (() => void) | null = null;
watchSpawns(observed.spawns, dir, redact, () => onChildExit?.(), (what) => {
  if (!observed.problems.includes(what)) observed.problems.push(what);
}, handed);
const calls = caseSpec.call.calls ?? 1;
function abort(): void {
  if (!controller || observed.trigger.fired) return;
  observed.trigger.t = now();
  observed.trigger.fired = true;
  controller.abort(abortReason(trigger.reason));
}
prepareCommand(spec);

function adapterFailed(stage: AdapterError['stage'], err: unknown, message?: string): never {
  const at = err === null ? null : adapterLocation(err, spec.adapterPath, spec.adapterSource, spec.adapterBase);
  observed.adapterError = { stage, message: firstLine(message ?? err, redact), at };
  finish();
}

let adapter: Awaited<ReturnType<typeof loadAdapter>>;
let target: unknown;
try {
  adapter = await loadAdapter(spec.adapterPath);
  adapterLoaded = true;
} catch (err) {
  adapterFailed('load-adapter', err);
}
try {
  const loaded = await loadTarget(spec.target);
  const missing = missingExports(adapter!.uses, loaded);
  if (missing.length) adapterFailed('uses', null, lacking(missing, Object.keys(loaded as object)));
  target = watchEntry(loaded, spec.target.kind === 'material' && typeof spec.target.entryUrls !== 'string', (name) => {
    observed.entered ??= { export: name, t: now() };
  });
} catch (err) {
  adapterFailed('load-target', err);
}

const timers = trackTimers(pending);
timerDelays = timers.delays;

function onSettled(kind: Exclude<Settlement['kind'], 'pending'>, error: unknown): void {
  if (!pending()) return;
  // Settled before any export of the target ran: whatever happened was the adapter's.
  if (!observed.entered) adapterFailed('call', kind === 'resolved' ? null : error, kind === 'resolved' ? 'run() settled without calling into the target' : undefined);
  const t = now();
  timers.disable();
  observed.settlement = { kind, t, error: kind === 'resolved' ? null : describeError(error, signalUse ? signalUse.quietly(() => controller?.signal.reason) : controller?.signal.reason, observed.trigger.fired, redact) };
  observed.atSettle = sampleAtSettle(dir, caseSpec.child, observed.spawns, signal, timers.live());
  observed.rss.atSettle = process.memoryUsage().rss;
  // A caller that exits on settlement, or crashed, leaves the watching to the runner.
  if (caseSpec.caller === 'exits-on-settle' || kind === 'crashed') {
    observed.afterWindow = observed.atSettle.processes;
    finish();
  }
  watchAfterSettle();
}

// After settlement: the one watch of the window (os/window.ts), on the worker's own timers.
function watchAfterSettle(): void {
  watchFixtures({
    dir,
    spawns: observed.spawns,
    windowMs: caseSpec.windowMs,
    ends: observed.ends,
    reaping: true,
    schedule: (tick, ms) => timers.harnessTimer(tick, ms),
    done: (afterWindow, watchEnd, eventsAtWatchEnd) => {
      observed.afterWindow = afterWindow;
      observed.watchEnd = watchEnd;
      observed.eventsAtWatchEnd = eventsAtWatchEnd;
      finish();
    },
  });
}

if (trigger.kind === 'pre-aborted') abort();
if (trigger.kind === 'abort' && trigger.after === 'exit') onChildExit = abort;

// The target never settling is a fact (settled: pending), by each call's own deadline (startCall);
// a fixture that started but never became ready is a harness problem, and the trial an error.
const deadline = timers.harnessTimer(() => {
  const started = observed.spawns.some((s) => s.pid !== null);
  if (started && caseSpec.call.command === 'fixture' && !childIsReady(dir)) {
    observed.problems.push(`the fixture was spawned but never reported readiness within ${spec.deadlineMs} ms`);
  }
  // The event the abort waited for happened and the harness missed it: the call was never
  // asked to stop, so its never settling says nothing of the target.
  const after = trigger.after ?? 'ready';
  const missed = after === 'ready' ? childIsReady(dir) : after === 'signal' ? childWasSignalled(dir) : false;
  if (trigger.kind === 'abort' && !observed.trigger.fired && missed) {
    observed.problems.push(`the child's ${after === 'ready' ? 'readiness' : 'first signal'} was written but the worker never saw it, so the abort never fired`);
  }
  if (!observed.entered && observed.problems.length === 0) adapterFailed('call', null, `run() did not settle within ${spec.deadlineMs} ms and never called into the target`);
  observed.afterWindow = sampleProcesses(dir, observed.spawns);
  observed.watchEnd = now();
  observed.eventsAtWatchEnd = eventCounts(dir);
  finish();
}, spec.deadlineMs);

/** Starts one call through the adapter: its promise, or what it threw. An adapter that
 *  returns no promise failed, and the trial ends here. */
function startCall(nth: number): Promise<unknown> | { threw: unknown } {
  let promise: unknown;
  // A timeout's trigger is the call that hands it over: the target's own timer starts there.
  if (trigger.kind === 'timeout' && nth === calls) observed.trigger.t = now();
  deadline.refresh();
  try {
    promise = adapter!.run(buildCall(spec, signal, nth), target);
  } catch (err) {
    return { threw: err };
  }
  if (typeof (promise as { then?: unknown } | null)?.then !== 'function') adapterFailed('call', null, `run() returned ${promise === null ? 'null' : typeof promise}, not a promise`);
  return promise as Promise<unknown>;
}

// The calls before the last, one after another on the same signal: each must settle
// before the next starts, as a daemon's calls on its shutdown signal do.
async function earlierCalls(): Promise<void> {
  observed.earlierCalls = [];
  for (let nth = 1; nth < calls; nth++) {
    const started = startCall(nth);
    let kind: 'resolved' | 'rejected' | 'threw' = 'resolved';
    let error: unknown = null;
    if ('threw' in started) [kind, error] = ['threw', started.threw];
    else await started.then(() => undefined, (err) => ([kind, error] = ['rejected', err]));
    if (!observed.entered) adapterFailed('call', kind === 'resolved' ? null : error, kind === 'resolved' ? 'run() settled without calling into the target' : undefined);
    observed.earlierCalls.push({ kind, t: now(), error: kind === 'resolved' ? null : describeError(error, undefined, false, redact) });
  }
}

observed.rss.atCall = process.memoryUsage().rss;
timers.enable();
if (calls > 1) await earlierCalls();
const started = startCall(calls);
if ('threw' in started) onSettled('threw', started.threw);
else {
  started.then(
    () => onSettled('resolved', null),
    (err) => onSettled('rejected', err),
  );
  const after = trigger.after ?? 'ready';
  if (trigger.kind === 'abort' && after !== 'exit') {
    timers.disable();
    abortWhen(after, dir, () => !pending(), abort);
    if (pending()) timers.enable();
  }
}
