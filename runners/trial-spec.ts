// What the runner hands a trial worker, and the small pure helpers both sides share.

import type { CaseSpec, ChildBehaviour, TimeoutValue } from './types.ts';

export interface TrialSpec {
  /** The trial's private directory: records, events, readiness and markers live here. */
  dir: string;
  /** Appears in every fixture's argv so leftovers can be found by their command line. */
  tag: string;
  /** Hard lifetime of every fixture process. */
  capMs: number;
  deadlineMs: number;
  fixture: string;
  adapterPath: string;
  /** The probe's own options, laid over the case's. */
  probeOptions: Record<string, unknown>;
  target: TargetSpec;
  case: CaseSpec;
}

/** Where the worker gets the module it hands the adapter. */
export type TargetSpec =
  | { kind: 'builtin'; module: string }
  | {
      kind: 'material';
      entryUrls: string | Record<string, string>;
      materialUrl: string;
      originalRootUrl: string | null;
      transpiled: Record<string, string>;
    };

export function decodeTimeout(value: TimeoutValue): number {
  if (value === 'NaN') return NaN;
  if (value === 'Infinity') return Infinity;
  if (value === '-Infinity') return -Infinity;
  return value;
}

export function fixtureArgs(spec: TrialSpec, role: string, behaviour: ChildBehaviour): string[] {
  return [
    spec.fixture,
    '--dir', spec.dir,
    '--tag', spec.tag,
    '--role', role,
    '--cap', String(spec.capMs),
    '--spec', Buffer.from(JSON.stringify(behaviour)).toString('base64url'),
  ];
}

/** Every marker file the behaviour (and its grandchildren) may write. */
export function markersOf(behaviour: ChildBehaviour): string[] {
  const own = Object.values(behaviour.onSignal ?? {}).flatMap((r) => (r?.marker ? [r.marker] : []));
  return [...new Set([...own, ...(behaviour.grandchildren ?? []).flatMap((g) => markersOf(g.behaviour))])];
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
