// The shape of a case file. Its schema is schemas/case.schema.json:
// the types generated from it (model/schema-types/) must agree with these both ways, or
// test/model/schema-types.unit.test.ts fails.
// cases/INTERPRETING.md says what each field means to a runner.

import type { Clause } from './clauses.ts';
import { factKind, type TrialKind } from './kinds/kind.ts';
import { SERVER_FACTS, type SERVER_TRIGGERS } from './kinds/server-vocabulary.ts';

export type SignalName = 'SIGTERM' | 'SIGINT' | 'SIGHUP' | 'SIGQUIT' | 'SIGUSR1' | 'SIGUSR2';

/** What the fixture does when one signal arrives. */
interface SignalReaction {
  /** exit: die (after an optional cleanup); ignore: keep running; coin-flip: either, by a
   *  coin that is the trial directory's name (test-only: a nondeterministic child, to prove --repeat). */
  action: 'exit' | 'ignore' | 'coin-flip';
  /** Time spent "cleaning up" before exiting. */
  delayMs?: number;
  /** File (relative to the trial directory) written when cleanup completes. */
  marker?: string;
  /** Exit with this code; without it the fixture dies by the signal itself. */
  exitCode?: number;
}

/** The behaviour of one fixture process: the child, or a grandchild it spawns. */
export interface ChildBehaviour {
  onSignal?: Partial<Record<SignalName, SignalReaction>>;
  /** ignore: never read stdin; exit-on-eof: exit 0 when stdin ends; mcp-handshake: read
   *  JSON-RPC lines and never answer (stays alive on EOF). */
  stdin?: 'ignore' | 'exit-on-eof' | 'mcp-handshake';
  /** keep: keep the IPC channel the parent opened (a message listener holds it open) and
   *  log its closing; the call must open one (call.ipc). */
  ipc?: 'keep';
  /** Exit by itself after this long (after readiness). Absent: run until stopped. */
  exitAfterMs?: number;
  exitCode?: number;
  output?: { bytes: number; stream?: 'stdout' | 'stderr' };
  grandchildren?: GrandchildSpec[];
}

interface GrandchildSpec {
  /** inherit: the grandchild shares the child's stdout and stderr (and so the caller's pipes). */
  stdio: 'inherit' | 'ignore';
  /** detached: the grandchild calls setsid and leaves the child's process group. */
  group: 'same' | 'detached';
  behaviour: ChildBehaviour;
}

/** Timeout values that JSON cannot spell are written as these strings. */
export type TimeoutValue = number | 'NaN' | 'Infinity' | '-Infinity';

interface CaseCall {
  /** fixture: our instrumented child; missing: a command that does not exist (ENOENT);
   *  not-executable: a file without execute permission (EACCES); target: the probe's own
   *  program, started by the harness as a server (a server case: CaseSpec.kind). */
  command: 'fixture' | 'missing' | 'not-executable' | 'target';
  /** missing: run in a directory that does not exist, so the spawn fails whatever the command. */
  cwd?: 'missing';
  /** Make the call this many times in turn, on one signal and one set of options: each
   *  call but the last runs a child that exits 0 once ready (or the failing command), the
   *  last runs the case's child and meets the trigger. What each call leaves on the shared
   *  signal adds up. */
  calls?: number;
  timeoutMs?: TimeoutValue;
  /** Pass an AbortSignal even when the trigger does not abort (to check hygiene), or
   *  `lookalike`: an object shaped like one that is not an AbortSignal; `any`: the
   *  harness's signal composed by AbortSignal.any, as a caller joining signals passes it. */
  signal?: boolean | 'lookalike' | 'any';
  /** Run the command through a shell, as the second command of a list
   *  (`cd DIR && COMMAND`), so the shell stays between the target and the command. */
  shell?: boolean;
  /** Start the child with the target's detached option: it leads a process group of its own. */
  detached?: boolean;
  /** Start the child with an IPC channel to the caller (fork(), or the target's IPC option). */
  ipc?: boolean;
  /** Bytes of output the target may buffer before it must stop the child and reject. */
  maxBuffer?: number;
  /** Give the child a stdin pipe the caller holds open and writes nothing to. */
  stdin?: 'pipe';
  /** Extra options the probe understands (stopSignal, killSignal, ...). */
  options?: Record<string, unknown>;
}

type TriggerKind = ClientTriggerKind | ServerTriggerKind;

/** What a client case's caller meets. */
export type ClientTriggerKind = 'none' | 'abort' | 'pre-aborted' | 'timeout';

/** What ends a server's client: its stdin closed, the client killed, a signal from it,
 *  or the MCP SDK's client closing as its release does. */
export type ServerTriggerKind = (typeof SERVER_TRIGGERS)[number];


/** How the harness starts a server and knows it is ready (cases/INTERPRETING.md, Server cases). */
export interface ServerSetup {
  /** mcp: send MCP initialize and wait for its answer; line: wait for the first line on
   *  stdout; none: ready once started. */
  handshake: 'mcp' | 'line' | 'none';
  /** How long to wait for the answer before the trigger is applied anyway. */
  readyMs?: number;
  /** shell: a shell runs the program and then exits with its status, as a wrapper script
   *  does; npx: npx runs the package's bin. */
  launcher?: 'none' | 'shell' | 'npx';
}

/** As long as a busy machine may take to start npx, npm and a server: a server that
 *  answers ends the wait at once, so only one that never answers waits it out. */
export const DEFAULT_READY_MS = 15_000;

export interface Trigger {
  kind: TriggerKind;
  /** For abort: when to abort. ready: once the child reported readiness; exit: the
   *  moment the child's exit is observed, before the target has seen it; signal: once
   *  the child reports its first signal (so an abort lands after a timeout has fired). */
  after?: 'ready' | 'exit' | 'signal';
  /** What the harness aborts with: an Error (the default), a string, a plain object, or
   *  nothing, so the signal makes its own AbortError; or a DOMException named TimeoutError,
   *  what AbortSignal.timeout() aborts with. Found again on the rejection by identity. */
  reason?: 'error' | 'string' | 'object' | 'none' | 'timeout';
  /** For a signal trigger: what the client sends the process it started. */
  signal?: SignalName;
}

export { CLAUSE_MEANING, CLAUSES, clausesOf, type Clause } from './clauses.ts';

export type Feature = 'signal' | 'timeout' | 'stopSignal' | 'killSignal' | 'exit-status' | 'shell' | 'maxBuffer' | 'detached' | 'ipc' | 'stdin';

/** Every fact a runner derives, in the order reports list them (case schema $defs/factName). */
export const FACT_NAMES = [
  'settled',
  'error.name',
  'error.code',
  'error.signal',
  'error.exitCode',
  'error.reasonAt',
  'error.isAbort',
  'error.isTimeout',
  'spawn.attempts',
  'spawned',
  'child.atSettle',
  'child.reapedAtSettle',
  'child.markerAtSettle',
  'child.signals',
  'child.end',
  'descendants.runningAtSettle',
  'descendants.runningAfterWindow',
  'helpers.spawns',
  'child.outlivedCaller',
  'descendants.outlivedCaller',
  'parent.abortListenersAfterSettle',
  'parent.timersAfterSettle',
  'child.stdinEnded',
  'child.ipcOpenAtSettle',
  'child.exitReported',
  'runner.leftovers',
  ...SERVER_FACTS,
] as const;

export type FactName = (typeof FACT_NAMES)[number];

/** Facts added after semantics 1, by the version that added them (INTERPRETING.md,
 *  Semantics versions): a report of an earlier version does not list them. */
const FACT_SINCE: Partial<Record<FactName, number>> = {
  'child.stdinEnded': 4,
  'child.ipcOpenAtSettle': 4,
  'child.exitReported': 6,
  'runner.leftovers': 7,
  ...Object.fromEntries(SERVER_FACTS.map((f) => [f, 5])),
};

/** The facts a trial of a report of this semantics version lists: those of its kind. */
export function factNamesAt(semantics: number, kind: TrialKind = 'library'): FactName[] {
  return FACT_NAMES.filter((f) => (FACT_SINCE[f] ?? 1) <= semantics && factKind(f) === kind);
}

export type FactValue = string | number | boolean | null | string[];

export interface Assertion {
  clause: Clause;
  fact: FactName;
  equals?: FactValue;
  oneOf?: FactValue[];
  includes?: FactValue;
  excludes?: FactValue;
}

/**
 * What every client case asserts without writing it: the call settles. A hang is worse
 * for a caller than an early settlement, and would otherwise only leave other facts unknown.
 */
export const SETTLES: Assertion = { clause: 'settles', fact: 'settled', oneOf: ['resolved', 'rejected', 'threw'] };

/**
 * What every client case asserts without writing it, in the order the loader puts them
 * before the file's own: the call settles, and the harness has nothing of it to end. A
 * leftover is always a finding (INTERPRETING.md), so no case may leave it unjudged.
 */
export const IMPLIED: Assertion[] = [SETTLES, { clause: 'leaves-nothing-running', fact: 'runner.leftovers', equals: 0 }];

export interface CaseSpec {
  id: string;
  title: string;
  description?: string;
  requires: Feature[];
  /** A control for probes without these: one that supports them all runs the cases that use them instead. */
  onlyWithout?: Feature[];
  child: ChildBehaviour;
  call: CaseCall;
  trigger: Trigger;
  /** How long to keep observing after settlement. */
  windowMs: number;
  /** exits-on-settle: the calling process exits the moment the call settles, as a
   *  command-line tool would, and the runner watches what outlives it. */
  caller?: 'stays' | 'exits-on-settle';
  /** Why no known-bad implementation is expected to fail this case. */
  observationOnly?: string;
  /** Facts that race whatever the target does, each with why: not news when they differ. */
  racy?: Partial<Record<FactName, string>>;
  /** How long the target may take to settle before the trial records `pending`; DEFAULT_DEADLINE_MS if absent. */
  deadlineMs?: number;
  /** Which kind of trial (model/kinds/kind.ts): absent, a library's. */
  kind?: TrialKind;
  /** A server case's setup: the probe's program is the child (call.command is `target`). */
  server?: ServerSetup;
  assertions: Assertion[];
}

export const DEFAULT_DEADLINE_MS = 10_000;

/** A case as loaded: the spec plus where it came from and the digest of its bytes. */
export interface LoadedCase {
  spec: CaseSpec;
  file: string;
  sha256: string;
  /** The case's kind, as its file says (model/kinds/kind.ts, caseKind). */
  kind: TrialKind;
  /** How many assertions the loader put before the file's own (IMPLIED, where the file has none of that clause). */
  implied?: number;
}

/** Why a probe with these `supports` does not run the case, or null: it lacks a feature the
 *  case requires, or it has every feature of a control meant for probes without them. */
export function notExpressed(spec: Pick<CaseSpec, 'requires' | 'onlyWithout'>, supports: readonly string[], probe: string): string | null {
  const missing = spec.requires.filter((f) => !supports.includes(f));
  if (missing.length) return `${probe} does not support ${missing.join(', ')}`;
  const has = spec.onlyWithout ?? [];
  if (has.length && has.every((f) => supports.includes(f))) return `${probe} supports ${has.join(', ')}: this control is for a probe without ${has.length === 1 ? 'it' : 'them'}, and the cases that use ${has.length === 1 ? 'it' : 'them'} run instead`;
  return null;
}
