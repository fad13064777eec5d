// One trial, in a process of its own: call the adapter, fire the trigger, and at the
// first reaction to settlement sample everything synchronously. The worker watches; it
// never signals a fixture. It writes what it saw to history.json and interprets nothing.

import { createHook } from 'node:async_hooks';
import { ChildProcess } from 'node:child_process';
import { getEventListeners } from 'node:events';
import fs from 'node:fs';
import { createRequire, register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getSystemErrorName } from 'node:util';
import { MessageChannel } from 'node:worker_threads';
import { processState } from './observe.ts';
import { describeError } from './error-shape.ts';
import type { Adapter, GenericCall, History, ProcSample, SpawnObservation, Trigger } from './types.ts';
import type { TrialSpec } from './trial-spec.ts';
import { decodeTimeout, fixtureArgs, markersOf, shellCommandLine } from './trial-spec.ts';
import { readRecords } from './trial-files.ts';

const now = () => process.hrtime.bigint().toString();
const POLL_MS = 10;

const spec: TrialSpec = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const { dir } = spec;
const readyDir = path.join(dir, 'ready');
fs.mkdirSync(readyDir, { recursive: true });

const history: History = {
  t0: now(),
  spawns: [],
  trigger: { kind: spec.case.trigger.kind, t: null, fired: false },
  settlement: { kind: 'pending', t: null, error: null },
  atSettle: null,
  ends: {},
  afterWindow: [],
  rss: { atCall: process.memoryUsage().rss, atSettle: null },
  modules: [],
  problems: [],
};

// ---- what gets loaded ---------------------------------------------------------------------
// The hooks report every ESM load; CommonJS requires show up in the require cache.
const loaded = new Set<string>();
const channel = new MessageChannel();
channel.port1.on('message', (url: string) => loaded.add(url));
channel.port1.unref();
const target = spec.target;
register(new URL('./loader-hooks.mjs', import.meta.url), {
  data: {
    port: channel.port2,
    materialUrl: target.kind === 'material' ? target.materialUrl : null,
    originalRootUrl: target.kind === 'material' ? target.originalRootUrl : null,
    transpiled: target.kind === 'material' ? target.transpiled : {},
  },
  transferList: [channel.port2],
});

function finish(): never {
  const cjs = Object.keys(createRequire(import.meta.url).cache).map((f) => pathToFileURL(f).href);
  history.modules = [...new Set([...loaded, ...cjs])];
  const out = path.join(dir, 'history.json');
  fs.writeFileSync(`${out}.tmp`, JSON.stringify(history));
  fs.renameSync(`${out}.tmp`, out);
  // Exit without waiting for the target: a pending call or a live child must not keep
  // the worker alive, and the runner deals with whatever remains.
  process.exit(0);
}

// ---- observing spawns ----------------------------------------------------------------
// Every library here reaches the OS through ChildProcess.prototype.spawn. Wrapping it
// (and calling straight through) shows each attempt, its pid, and the exit status only
// the parent can see, such as death by SIGKILL. Our 'exit' listener is attached inside
// spawn, so it runs before any the target adds afterwards.
let onChildExit: (() => void) | null = null;
// `spawn` is an undocumented method of ChildProcess, so it is absent from the types.
type Spawnable = { spawn(this: ChildProcess, options: { file: string }): unknown };
const proto = ChildProcess.prototype as unknown as Spawnable;
const originalSpawn = proto.spawn;
proto.spawn = function (this: ChildProcess, options: { file: string }) {
  const seen: SpawnObservation = { t: now(), file: options.file, pid: null, error: null, exit: null };
  history.spawns.push(seen);
  let result: unknown;
  try {
    result = originalSpawn.call(this, options);
  } catch (err) {
    seen.error = (err as NodeJS.ErrnoException).code ?? String(err);
    throw err;
  }
  if (typeof result === 'number' && result < 0) seen.error = getSystemErrorName(result);
  seen.pid = this.pid ?? null;
  this.once('exit', (code: number | null, signal: string | null) => {
    seen.exit = { t: now(), code, signal };
    if (history.spawns[0] === seen) onChildExit?.();
  });
  return result as never;
};

// ---- the call ------------------------------------------------------------------------
const caseSpec = spec.case;
/** The abort reason the case asks for; `none` lets the signal make its own AbortError. */
function makeReason(kind: Trigger['reason']): unknown {
  if (kind === 'none') return undefined;
  if (kind === 'string') return 'childproof: trial aborted';
  if (kind === 'object') return { childproof: 'trial aborted' };
  return Object.assign(new Error('childproof: trial aborted'), { name: 'ChildproofAbortReason' });
}
const wantsSignal =
  caseSpec.trigger.kind === 'abort' || caseSpec.trigger.kind === 'pre-aborted' || caseSpec.call.signal === true;
const controller = wantsSignal ? new AbortController() : null;

function abort(): void {
  if (!controller || controller.signal.aborted) return;
  history.trigger.t = now();
  history.trigger.fired = true;
  controller.abort(makeReason(caseSpec.trigger.reason));
}

const call: GenericCall =
  caseSpec.call.command === 'missing'
    ? { file: path.join(dir, 'no-such-command'), args: [], cwd: dir, options: {} }
    : { file: process.execPath, args: fixtureArgs(spec, 'child', caseSpec.child), cwd: dir, options: {} };
call.options = { ...(caseSpec.call.options ?? {}), ...spec.probeOptions };
if (controller) call.signal = controller.signal;
// Shaped like an AbortSignal, but not one: a library should refuse it before spawning.
if (caseSpec.call.signal === 'lookalike') {
  call.signal = { aborted: false, reason: undefined, onabort: null, addEventListener() {}, removeEventListener() {}, throwIfAborted() {} } as unknown as AbortSignal;
}
if (caseSpec.call.timeoutMs !== undefined) call.timeout = decodeTimeout(caseSpec.call.timeoutMs);
if (caseSpec.call.shell) {
  call.shell = { file: call.file, args: call.args };
  call.file = shellCommandLine(call.cwd, call.file, call.args);
  call.args = [];
}
if (caseSpec.call.maxBuffer !== undefined) call.maxBuffer = caseSpec.call.maxBuffer;

let adapter: Adapter;
let targetModule: unknown;
try {
  const mod = await import(pathToFileURL(spec.adapterPath).href);
  adapter = (mod.default ?? mod.adapter ?? mod) as Adapter;
  if (typeof adapter.run !== 'function') throw new Error('the adapter exports no run(call, target) function');
} catch (err) {
  history.problems.push(`the adapter could not be loaded: ${(err as Error).message}`);
  finish();
}
try {
  if (target.kind === 'builtin') targetModule = await import(target.module);
  else if (typeof target.entryUrls === 'string') targetModule = await import(target.entryUrls);
  else {
    const named: Record<string, unknown> = {};
    for (const [name, url] of Object.entries(target.entryUrls)) named[name] = await import(url);
    targetModule = named;
  }
} catch (err) {
  history.problems.push(`the target could not be loaded: ${(err as Error).message}`);
  finish();
}

// ---- timers the target leaves -----------------------------------------------------------
// Only timers created after the call starts and not by the harness count. A Timeout is
// marked _destroyed once cleared or fired, which is visible synchronously (async_hooks'
// destroy callback is not).
const harnessTimers = new Set<unknown>();
const targetTimers: Array<{ _destroyed?: boolean }> = [];
const timerHook = createHook({
  init(_id, type, _trigger, resource) {
    if (type === 'Timeout' && !harnessTimers.has(resource)) targetTimers.push(resource as { _destroyed?: boolean });
  },
});
function harnessTimer(fn: () => void, ms: number): NodeJS.Timeout {
  timerHook.disable();
  const t = setTimeout(fn, ms);
  harnessTimers.add(t);
  if (history.settlement.kind === 'pending') timerHook.enable();
  return t;
}

// ---- sampling ----------------------------------------------------------------------------
function knownProcesses(): Array<{ pid: number; role: string; startTime: string | null }> {
  const records = readRecords(dir);
  const byPid = new Map(records.map((r) => [r.pid, { pid: r.pid, role: r.role, startTime: r.startTime }]));
  // A direct child killed before it could write its record is still known from spawn;
  // so is a shell standing between the target and the fixture.
  const role = records.some((r) => r.role === 'child') ? 'spawned' : 'child';
  for (const s of history.spawns) {
    if (s.pid !== null && !byPid.has(s.pid)) byPid.set(s.pid, { pid: s.pid, role, startTime: null });
  }
  return [...byPid.values()];
}

function sampleProcesses(): ProcSample[] {
  return knownProcesses().map((p) => {
    const spawn = history.spawns.find((s) => s.pid === p.pid);
    const state = spawn?.exit ? 'exited' : processState(p.pid, p.startTime);
    return { pid: p.pid, role: p.role, state };
  });
}

function onSettled(kind: 'resolved' | 'rejected' | 'threw', error: unknown): void {
  if (history.settlement.kind !== 'pending') return;
  const t = now();
  timerHook.disable();
  history.settlement = { kind, t, error: kind === 'resolved' ? null : describeError(error, controller?.signal.reason, history.trigger.fired) };
  const markers: Record<string, boolean> = {};
  for (const m of markersOf(caseSpec.child)) markers[m] = fs.existsSync(path.join(dir, m));
  history.atSettle = {
    processes: sampleProcesses(),
    markers,
    abortListeners: controller ? getEventListeners(controller.signal, 'abort').length : null,
    timers: targetTimers.filter((tm) => !tm._destroyed).length,
    exitsSeen: history.spawns.flatMap((s) => (s.exit && s.pid !== null ? [s.pid] : [])),
  };
  history.rss.atSettle = process.memoryUsage().rss;
  // A caller that exits on settlement leaves the watching to the runner.
  if (caseSpec.caller === 'exits-on-settle') {
    history.afterWindow = history.atSettle.processes;
    finish();
  }
  watchWindow();
}

// After settlement: note when each process ends, until the window closes or nothing of
// the trial is left running. Polling here is sampling, not synchronization.
function watchWindow(): void {
  const until = Date.now() + caseSpec.windowMs;
  const tick = () => {
    const samples = sampleProcesses();
    for (const s of samples) if (s.state === 'exited' && !history.ends[s.pid]) history.ends[s.pid] = now();
    // A direct child's exit status (death by SIGKILL, say) is only known once Node has
    // reaped it, so the window stays open until that has been seen too.
    const settledDown =
      samples.every((s) => s.state === 'exited') && history.spawns.every((s) => s.pid === null || s.exit !== null);
    if (Date.now() >= until || settledDown) {
      history.afterWindow = samples;
      finish();
    }
    harnessTimer(tick, POLL_MS);
  };
  tick();
}

// ---- the trigger ------------------------------------------------------------------------
/**
 * Calls `then` once `seen()` holds, re-checking whenever `watchDir` changes, unless the
 * call settles first. Readiness and the child's signals are files the fixture writes, so
 * waiting on them is waiting on an event, never on a clock.
 */
function whenSeen(watchDir: string, seen: () => boolean, then: () => void): void {
  fs.mkdirSync(watchDir, { recursive: true });
  let watcher: fs.FSWatcher | null = null;
  const check = () => {
    if (watcher && (seen() || history.settlement.kind !== 'pending')) {
      watcher.close();
      watcher = null;
      if (history.settlement.kind === 'pending') then();
    }
  };
  watcher = fs.watch(watchDir, check);
  check();
}

const childIsReady = () => fs.existsSync(path.join(readyDir, 'child'));

function childWasSignalled(): boolean {
  const child = readRecords(dir).find((r) => r.role === 'child');
  if (!child) return false;
  try {
    return fs.readFileSync(path.join(dir, 'events', `${child.pid}.jsonl`), 'utf8').includes('"kind":"signal"');
  } catch {
    return false;
  }
}

const { trigger } = caseSpec;
if (trigger.kind === 'pre-aborted') abort();
if (trigger.kind === 'abort' && trigger.after === 'exit') onChildExit = abort;

// The target never settling is a fact (settled: pending); a fixture that started but
// never became ready is a harness problem, and the trial is an error.
harnessTimer(() => {
  const started = history.spawns.some((s) => s.pid !== null);
  if (started && caseSpec.call.command === 'fixture' && !childIsReady()) {
    history.problems.push(`the fixture was spawned but never reported readiness within ${spec.deadlineMs} ms`);
  }
  history.afterWindow = sampleProcesses();
  finish();
}, spec.deadlineMs);

history.rss.atCall = process.memoryUsage().rss;
timerHook.enable();
let pending: Promise<unknown> | null = null;
try {
  pending = adapter!.run(call, targetModule);
} catch (err) {
  onSettled('threw', err);
}
if (pending) {
  pending.then(
    () => onSettled('resolved', null),
    (err) => onSettled('rejected', err),
  );
  const after = trigger.after ?? 'ready';
  if (trigger.kind === 'abort' && after !== 'exit') {
    timerHook.disable();
    if (after === 'ready') whenSeen(readyDir, childIsReady, abort);
    else whenSeen(path.join(dir, 'events'), childWasSignalled, abort);
    if (history.settlement.kind === 'pending') timerHook.enable();
  }
}
