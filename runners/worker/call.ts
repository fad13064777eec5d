// Building the generic call a trial hands its adapter, from the case and the probe's
// options. Pure but for the AbortController it creates.

import path from 'node:path';
import { fixtureArgv } from '../protocol/fixture-argv.mjs';
import type { GenericCall } from '../model/adapter.ts';
import type { TimeoutValue, Trigger } from '../model/case.ts';
import type { TrialSpec } from './messages.ts';

export function decodeTimeout(value: TimeoutValue): number {
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
  return Object.assign(new Error('childproof: trial aborted'), { name: 'ChildproofAbortReason' });
}

/** Shaped like an AbortSignal, but not one: a library should refuse it before spawning. */
const LOOKALIKE = { aborted: false, reason: undefined, onabort: null, addEventListener() {}, removeEventListener() {}, throwIfAborted() {} };

export function buildCall(spec: TrialSpec, controller: AbortController | null): GenericCall {
  const { call: c } = spec.case;
  const call: GenericCall =
    c.command === 'missing'
      ? { file: path.join(spec.dir, 'no-such-command'), args: [], cwd: spec.dir, options: {} }
      : {
          file: spec.fixtureNode,
          args: fixtureArgv({ fixture: spec.fixture, dir: spec.dir, tag: spec.tag, role: 'child', capMs: spec.capMs, behaviour: spec.case.child }),
          cwd: spec.dir,
          options: {},
        };
  call.options = { ...(c.options ?? {}), ...spec.probeOptions };
  if (controller) call.signal = controller.signal;
  if (c.signal === 'lookalike') call.signal = LOOKALIKE as unknown as AbortSignal;
  if (c.timeoutMs !== undefined) call.timeout = decodeTimeout(c.timeoutMs);
  if (c.shell) {
    call.shell = { file: call.file, args: call.args };
    call.file = shellCommandLine(call.cwd, call.file, call.args);
    call.args = [];
  }
  if (c.maxBuffer !== undefined) call.maxBuffer = c.maxBuffer;
  return call;
}
