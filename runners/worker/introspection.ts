// Calibrating what the worker can see, when it starts and before the target loads. Each
// way of looking (abort listeners on a signal, the timers a call leaves, the modules it
// loads, the spawns it makes, the processes it leaves) is tried on something the worker
// made itself and knows is there. A way that does not see it is not used: the facts it
// feeds are `unknown`, with the reason, never a confident 0. Node, Bun and Deno each
// reimplement these APIs; some of theirs are stubs.

import { createHook } from 'node:async_hooks';
import { ChildProcess, spawn } from 'node:child_process';
import { getEventListeners } from 'node:events';
import path from 'node:path';
import type { Introspection, Sight } from '../model/observations.ts';
import { processState, startTimeOf } from '../os/processes.ts';
import { bunNamespace, denoNamespace } from './runtime-spawns.ts';

/** The runtime's name and release, as it says them itself. */
export function runtimeName(): string {
  const versions = process.versions as Record<string, string | undefined>;
  if (versions.bun) return `bun ${versions.bun}`;
  const deno = (globalThis as { Deno?: { version?: { deno?: string } } }).Deno?.version?.deno;
  if (deno) return `deno ${deno}`;
  return `node ${process.version}`;
}

const seen = (how: string): Sight => ({ observed: true, how });
const blind = (reason: string): Sight => ({ observed: false, reason: `${reason} on ${runtimeName()}` });

/** getEventListeners must count a listener added and forget it once removed. */
function calibrateAbortListeners(): Sight {
  try {
    const signal = new AbortController().signal;
    const listener = () => {};
    const before = getEventListeners(signal, 'abort').length;
    signal.addEventListener('abort', listener);
    const added = getEventListeners(signal, 'abort').length;
    signal.removeEventListener('abort', listener);
    const removed = getEventListeners(signal, 'abort').length;
    if (added === before + 1 && removed === before) return seen("events.getEventListeners(signal, 'abort')");
    return blind(`events.getEventListeners(signal, 'abort') counted ${before}, ${added}, ${removed} for none, one and none of a known listener`);
  } catch (err) {
    return blind(`events.getEventListeners(signal, 'abort') threw: ${(err as Error).message}`);
  }
}

/** An async_hooks init hook must see a timer made while it is enabled, and the timer must say when it is cleared. */
function calibrateTimers(): Sight {
  const made: unknown[] = [];
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'Timeout') made.push(resource);
    },
  });
  hook.enable();
  const timer = setTimeout(() => {}, 60_000);
  hook.disable();
  const live = (timer as unknown as { _destroyed?: boolean })._destroyed === false;
  clearTimeout(timer);
  const cleared = (timer as unknown as { _destroyed?: boolean })._destroyed === true;
  if (!made.includes(timer)) return blind("async_hooks.createHook's init was not called for a timer made while it was enabled");
  if (!live || !cleared) return blind('a timer does not say whether it was cleared (its _destroyed flag)');
  return seen("async_hooks.createHook init of each Timeout, live until its _destroyed flag is set");
}

/**
 * The spawn watch (worker/spawns.ts) must see a spawn() go through the prototype, and on
 * Bun and Deno their own APIs must take the watch's wrappers. Each stand-in throws
 * instead of calling through, so no process starts: a failed exec would still fork one,
 * at every trial.
 */
function calibrateSpawns(dir: string): Sight {
  const missing = path.join(dir, 'childproof-calibration-no-such-file');
  const proto = ChildProcess.prototype as unknown as { spawn: (...a: unknown[]) => unknown };
  const node = standIn(proto, 'spawn', () => {
    spawn(missing, [], { stdio: 'ignore' }).on('error', () => {});
  });
  if (!node) return blind("node:child_process's spawn() does not go through ChildProcess.prototype.spawn");
  const ways = ['ChildProcess.prototype.spawn, wrapped'];
  const bun = bunNamespace();
  if (bun) {
    if (!standIn(bun as unknown as Record<string, unknown>, 'spawn', () => bun.spawn([missing]))) return blind('Bun.spawn did not take a wrapper');
    ways.push('Bun.spawn, replaced');
  }
  const deno = denoNamespace();
  if (deno) {
    const Command = deno.Command;
    const took = standIn(Command.prototype as unknown as Record<string, unknown>, 'spawn', () => (new Command(missing) as { spawn(): unknown }).spawn());
    if (!took) return blind("Deno.Command's spawn() does not go through Deno.Command.prototype.spawn");
    ways.push('Deno.Command.prototype.spawn, wrapped');
  }
  return seen(ways.join('; '));
}

/** Puts a throwing stand-in at obj[key] while `call` runs: whether the call reached it. */
function standIn(obj: Record<string, unknown>, key: string, call: () => unknown): boolean {
  const original = obj[key];
  const stop = new Error('childproof calibration: not spawned');
  let calls = 0;
  obj[key] = function () {
    calls++;
    throw stop;
  };
  try {
    call();
  } catch {
    // The stand-in's throw, or a runtime's own refusal: the watch saw the call or did not.
  } finally {
    obj[key] = original;
  }
  return calls === 1;
}

/** Reading a process's state must find the worker itself running. */
function calibrateProcesses(): Sight {
  const state = processState(process.pid, startTimeOf(process.pid));
  return state === 'running' ? seen(process.platform === 'linux' ? '/proc/PID/stat' : 'ps') : blind('the worker could not see itself running in /proc or ps');
}

/** What the worker calibrates at start; the module list is load-target.ts's own. */
export function calibrate(dir: string): Omit<Introspection, 'modules'> {
  return {
    abortListeners: calibrateAbortListeners(),
    timers: calibrateTimers(),
    spawns: calibrateSpawns(dir),
    processes: calibrateProcesses(),
  };
}
