// Whether the options a call hands over reach the target. The signal: each accessor and method of
// that one AbortSignal is wrapped on the instance itself, calling through to the
// prototype's, so whatever reads it (the target, or Node's spawn it was passed to) is
// recorded and nothing else changes. The harness's own reads go around the record. The
// timeout and kill signal: whether a spawn's own options carry them (spawns.ts), beside the
// timers the call made (timers.ts). The cwd and an IPC channel: whether a spawn carries
// them, beside what the child records of itself (fixture.mjs). What the judge makes of it
// is judge/calibration.ts.

import { constants as osConstants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Carried, HandedNames } from '../model/reach.ts';

const READS = ['aborted', 'reason', 'onabort'] as const;
// dispatchEvent is left out: aborting the signal dispatches on it, and that is the harness.
const CALLS = ['addEventListener', 'removeEventListener', 'throwIfAborted'] as const;

interface SignalUse {
  /** What was used of the signal, in the order first used. */
  uses(): string[];
  /** Runs the harness's own read of the signal without recording it. */
  quietly<T>(read: () => T): T;
}

function descriptorOf(o: object, name: string): PropertyDescriptor | undefined {
  for (let p: object | null = o; p; p = Object.getPrototypeOf(p)) {
    const d = Object.getOwnPropertyDescriptor(p, name);
    if (d) return d;
  }
  return undefined;
}

export function watchSignalUse(signal: AbortSignal): SignalUse {
  const used: string[] = [];
  let quiet = false;
  const note = (name: string) => {
    if (!quiet && !used.includes(name)) used.push(name);
  };
  for (const name of READS) {
    const d = descriptorOf(signal, name);
    if (!d?.get) continue;
    const { get, set } = d;
    Object.defineProperty(signal, name, {
      configurable: true,
      get(this: AbortSignal) {
        note(name);
        return get.call(this);
      },
      ...(set ? { set(this: AbortSignal, v: unknown) { note(name); set.call(this, v); } } : {}),
    });
  }
  for (const name of CALLS) {
    const fn = (signal as unknown as Record<string, unknown>)[name];
    if (typeof fn !== 'function') continue;
    Object.defineProperty(signal, name, {
      configurable: true,
      writable: true,
      value(this: AbortSignal, ...args: unknown[]) {
        note(name);
        return (fn as (...a: unknown[]) => unknown).apply(this, args);
      },
    });
  }
  return {
    uses: () => [...used],
    quietly<T>(read: () => T): T {
      quiet = true;
      try {
        return read();
      } finally {
        quiet = false;
      }
    },
  };
}

/** What the call hands over that a spawn's options can carry on. */
export interface Handed {
  signal: AbortSignal | null;
  /** The case hands a lookalike of a signal instead: a signal as far as what it needs goes. */
  lookalike?: boolean;
  timeout?: number;
  killSignal?: unknown;
  /** The case asks for a child that leads a process group of its own. */
  detached?: boolean;
  /** The case's command is a shell command line. */
  shell?: boolean;
  /** The case asks for a stdin pipe held open. */
  stdin?: boolean;
  /** The working directory handed over (every call hands one), and whether it is one the
   *  case names itself, which its verdicts then rest on. */
  cwd?: string;
  cwdAsked?: boolean;
  /** The case asks for an IPC channel to the child. */
  ipc?: boolean;
  maxBuffer?: number;
  stopSignal?: unknown;
}

/** The options handed over, by name, with the timeout's value: what the judge weighs. */
export function handedNames(h: Handed): HandedNames {
  // JSON has no NaN or Infinity: those are kept as their names.
  const timeout = h.timeout === undefined ? null : Number.isFinite(h.timeout) ? h.timeout : String(h.timeout);
  const name = (v: unknown) => (v === undefined ? null : String(v));
  return {
    signal: h.signal !== null || h.lookalike === true,
    timeout,
    killSignal: name(h.killSignal),
    detached: h.detached === true,
    shell: h.shell === true,
    stdin: h.stdin === true,
    cwd: h.cwdAsked === true,
    ipc: h.ipc === true,
    maxBuffer: h.maxBuffer ?? null,
    stopSignal: name(h.stopSignal),
  };
}

/** Whether a spawn's stdio gives the child a stdin pipe: Node's default, 'pipe', or a first entry that is one (spawnSync's binding has it as { type: 'pipe' }). */
function pipedStdin(stdio: unknown): boolean {
  const first = Array.isArray(stdio) ? stdio[0] : stdio;
  if (first === undefined || first === null) return true;
  if (first === 'pipe' || first === 'overlapped') return true;
  return typeof first === 'object' && ['pipe', 'overlapped'].includes(String((first as { type?: unknown }).type));
}

/** A shell, by its file's name: what runs a command line given as one string. */
const SHELL = /(^|\/)(sh|bash|dash|zsh|ash|ksh|mksh)$/;

const signalNumber = (s: unknown): unknown => (typeof s === 'string' ? (osConstants.signals as Record<string, number>)[s] ?? s : s);

/** A spawn's own options, as the API they were handed to names them. */
export interface SeenOptions {
  runtime: 'node' | 'bun' | 'deno';
  options: Record<string, unknown>;
}

/** Which of the options handed over a spawn's own options carry: a detached child asked
 *  for and spawned detached, a command line run by a shell (`file`, what was spawned), a
 *  stdin pipe asked for and given, an IPC channel, the cwd, the output limit. Node's spawn
 *  keeps them in its options (spawnSync's binding has the kill signal as a number); Bun.spawn
 *  and Deno.Command name some their own way, and pipe no stdin unless asked. */
export function carriedBy(seen: SeenOptions, handed: Handed, file = ''): Carried[] {
  const { runtime, options } = seen;
  const out: Carried[] = [];
  if (handed.signal && options.signal === handed.signal) out.push('signal');
  if (handed.timeout !== undefined && typeof options.timeout === 'number' && Object.is(options.timeout, handed.timeout)) out.push('timeout');
  if (handed.killSignal !== undefined && options.killSignal !== undefined && signalNumber(options.killSignal) === signalNumber(handed.killSignal)) out.push('killSignal');
  if (handed.detached && options.detached === true) out.push('detached');
  if (handed.shell && (options.shell === true || typeof options.shell === 'string' || SHELL.test(file))) out.push('shell');
  if (handed.stdin && (runtime === 'node' ? pipedStdin(options.stdio) : options.stdin === (runtime === 'bun' ? 'pipe' : 'piped'))) out.push('stdin');
  if (handed.cwd !== undefined && options.cwd !== undefined && sameDir(options.cwd, handed.cwd)) out.push('cwd');
  if (handed.ipc && (Array.isArray(options.stdio) ? options.stdio.includes('ipc') : runtime === 'bun' && typeof options.ipc === 'function')) out.push('ipc');
  if (handed.maxBuffer !== undefined && Object.is(options.maxBuffer, handed.maxBuffer)) out.push('maxBuffer');
  return out;
}

/** A cwd option naming `dir`: a path or a file: URL, as Node's spawn takes it. */
function sameDir(option: unknown, dir: string): boolean {
  const text = option instanceof URL ? (option.protocol === 'file:' ? fileURLToPath(option) : '') : typeof option === 'string' ? option : '';
  return text !== '' && path.resolve(text) === path.resolve(dir);
}
