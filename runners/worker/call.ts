// Building the generic calls a trial hands its adapter, from the case and the probe's
// options. Pure but for the signal it composes and the non-executable file it writes.

import fs from 'node:fs';
import path from 'node:path';
import { fixtureArgv } from '../protocol/fixture-argv.mjs';
import { MISSING_COMMAND, MISSING_CWD, NOT_EXECUTABLE } from '../protocol/trial-dir.mjs';
import type { GenericCall } from '../model/adapter.ts';
import type { TimeoutValue, Trigger } from '../model/case.ts';
import type { TrialSpec } from './messages.ts';
import type { Handed } from './record-reach.ts';

function decodeTimeout(value: TimeoutValue): number {
  if (value === 'NaN') return NaN;
  if (value === 'Infinity') return Infinity;
  if (value === '-Infinity') return -Infinity;
  return value;
}

/** One word for a POSIX shell, quoted only when it has to be. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command line shell mode runs. A shell given one simple command replaces itself
 * with it (dash and bash both exec it), so the command is written as the second of a
 * list, the way scripts usually say it: the shell then stays in between, and what the
 * target signals is the shell, not the command.
 */
export function shellCommandLine(cwd: string, file: string, args: string[]): string {
  return `cd ${shellQuote(cwd)} && ${[file, ...args].map(shellQuote).join(' ')}`;
}

/** The abort reason the case asks for; `none` lets the signal make its own AbortError. */
export function abortReason(kind: Trigger['reason']): unknown {
  if (kind === 'none') return undefined;
  if (kind === 'string') return 'childproof: trial aborted';
  if (kind === 'object') return { childproof: 'trial aborted' };
  // What AbortSignal.timeout() aborts with, made at once so the abort still waits on an event.
  if (kind === 'timeout') return new DOMException('The operation was aborted due to timeout', 'TimeoutError');
  return Object.assign(new Error('childproof: trial aborted'), { name: 'ChildproofAbortReason' });
}

/** Shaped like an AbortSignal, but not one: a library should refuse it before spawning. */
const LOOKALIKE = { aborted: false, reason: undefined, onabort: null, addEventListener() {}, removeEventListener() {}, throwIfAborted() {} };

const cwdOf = (spec: TrialSpec) => (spec.case.call.cwd === 'missing' ? path.join(spec.dir, MISSING_CWD) : spec.dir);

/** A file the call cannot execute (EACCES): written before the call, without execute permission. */
export function prepareCommand(spec: TrialSpec): void {
  if (spec.case.call.command === 'not-executable') fs.writeFileSync(path.join(spec.dir, NOT_EXECUTABLE), '#!/bin/sh\nexit 0\n', { mode: 0o644 });
}

/** The behaviour of every call but the last when a case makes several: a child that exits 0 once ready. */
const EARLIER_CALL = { exitAfterMs: 0 };

/**
 * The generic call for one of the case's calls, counted from 1: the last (or only) one
 * runs the case's child in role `child`; an earlier one runs a child that exits at once,
 * in role `call-N`, so that the child the facts speak of is the last call's.
 */
export function buildCall(spec: TrialSpec, signal: AbortSignal | null, nth = 1): GenericCall {
  const { call: c } = spec.case;
  const last = nth === (c.calls ?? 1);
  const cwd = cwdOf(spec);
  const call: GenericCall =
    c.command === 'fixture'
      ? {
          file: spec.fixtureNode,
          args: fixtureArgv({
            fixture: spec.fixture,
            dir: spec.dir,
            tag: spec.tag,
            role: last ? 'child' : `call-${nth}`,
            capMs: spec.capMs,
            behaviour: last ? spec.case.child : EARLIER_CALL,
          }),
          cwd,
          options: {},
        }
      : { file: path.join(spec.dir, c.command === 'missing' ? MISSING_COMMAND : NOT_EXECUTABLE), args: [], cwd, options: {} };
  call.options = { ...(c.options ?? {}), ...spec.probeOptions };
  if (signal) call.signal = signal;
  if (c.signal === 'lookalike') call.signal = LOOKALIKE as unknown as AbortSignal;
  if (c.timeoutMs !== undefined) call.timeout = decodeTimeout(c.timeoutMs);
  if (c.shell) {
    call.shell = { file: call.file, args: call.args };
    call.file = shellCommandLine(spec.dir, call.file, call.args);
    call.args = [];
  }
  if (c.detached) call.detached = true;
  if (c.ipc) call.ipc = true;
  if (c.stdin) call.stdin = c.stdin;
  if (c.maxBuffer !== undefined) call.maxBuffer = c.maxBuffer;
  return call;
}

/** The signal the target is handed: the harness's own, or composed from it by AbortSignal.any. */
export function handedSignal(spec: TrialSpec, controller: AbortController | null): AbortSignal | null {
  if (!controller) return null;
  return spec.case.call.signal === 'any' ? AbortSignal.any([controller.signal]) : controller.signal;
}

/** What the call hands over that a spawn can carry on: the signal, the timeout, the kill signal, detached, a shell, a cwd. */
export function handedOf(spec: TrialSpec, signal: AbortSignal | null): Handed {
  const { timeoutMs, options, cwd, detached, shell, stdin, ipc, maxBuffer } = spec.case.call;
  const { killSignal, stopSignal } = { ...(options ?? {}), ...spec.probeOptions } as Record<string, unknown>;
  return {
    signal,
    ...(spec.case.call.signal === 'lookalike' ? { lookalike: true } : {}),
    ...(timeoutMs !== undefined ? { timeout: decodeTimeout(timeoutMs) } : {}),
    ...(killSignal !== undefined ? { killSignal } : {}),
    ...(stopSignal !== undefined ? { stopSignal } : {}),
    ...(detached ? { detached: true } : {}),
    ...(shell ? { shell: true } : {}),
    ...(stdin === 'pipe' ? { stdin: true } : {}),
    ...(ipc ? { ipc: true } : {}),
    ...(maxBuffer !== undefined ? { maxBuffer } : {}),
    cwd: cwdOf(spec),
    ...(cwd !== undefined ? { cwdAsked: true } : {}),
  };
}
