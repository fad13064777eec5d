// The data that flows between childproof's modules. Each shape here mirrors a schema
// in schemas/; when one changes, the other changes in the same commit.

export type SignalName = 'SIGTERM' | 'SIGINT' | 'SIGHUP' | 'SIGQUIT' | 'SIGUSR1' | 'SIGUSR2';

/** What the fixture does when one signal arrives. */
export interface SignalReaction {
  /** exit: die (after an optional cleanup); ignore: keep running. */
  action: 'exit' | 'ignore';
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
  /** Exit by itself after this long (after readiness). Absent: run until stopped. */
  exitAfterMs?: number;
  exitCode?: number;
  output?: { bytes: number; stream?: 'stdout' | 'stderr' };
  grandchildren?: GrandchildSpec[];
}

export interface GrandchildSpec {
  /** inherit: the grandchild shares the child's stdout and stderr (and so the caller's pipes). */
  stdio: 'inherit' | 'ignore';
  /** detached: the grandchild calls setsid and leaves the child's process group. */
  group: 'same' | 'detached';
  behaviour: ChildBehaviour;
}

/** Timeout values that JSON cannot spell are written as these strings. */
export type TimeoutValue = number | 'NaN' | 'Infinity' | '-Infinity';

export interface CaseCall {
  /** fixture: our instrumented child; missing: a command that does not exist. */
  command: 'fixture' | 'missing';
  timeoutMs?: TimeoutValue;
  /** Pass an AbortSignal even when the trigger does not abort (to check hygiene), or
   *  `lookalike`: an object shaped like one that is not an AbortSignal. */
  signal?: boolean | 'lookalike';
  /** Run the command through a shell, as the second command of a list
   *  (`cd DIR && COMMAND`), so the shell stays between the target and the command. */
  shell?: boolean;
  /** Bytes of output the target may buffer before it must stop the child and reject. */
  maxBuffer?: number;
  /** Extra options the probe understands (stopSignal, killSignal, ...). */
  options?: Record<string, unknown>;
}

export type TriggerKind = 'none' | 'abort' | 'pre-aborted' | 'timeout';

export interface Trigger {
  kind: TriggerKind;
  /** For abort: when to abort. ready: once the child reported readiness; exit: the
   *  moment the child's exit is observed, before the target has seen it; signal: once
   *  the child reports its first signal (so an abort lands after a timeout has fired). */
  after?: 'ready' | 'exit' | 'signal';
  /** What the harness aborts with: an Error (the default), a string, a plain object, or
   *  nothing, so the signal makes its own AbortError. Found again on the rejection by identity. */
  reason?: 'error' | 'string' | 'object' | 'none';
}

export type Operator = 'equals' | 'oneOf' | 'includes' | 'excludes';

export type Clause =
  | 'settles-after-exit'
  | 'reason-preserved'
  | 'escalates'
  | 'validates-before-spawn'
  | 'no-orphans'
  | 'hygiene';

export interface Assertion {
  clause: Clause;
  fact: FactName;
  equals?: FactValue;
  oneOf?: FactValue[];
  includes?: FactValue;
  excludes?: FactValue;
}

export interface CaseSpec {
  id: string;
  title: string;
  description?: string;
  requires: Feature[];
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
  /** How long the target may take to settle before the trial records `pending`. */
  deadlineMs?: number;
  assertions: Assertion[];
}

/** A case as loaded: the spec plus where it came from and the digest of its bytes. */
export interface LoadedCase {
  spec: CaseSpec;
  file: string;
  sha256: string;
}

export type Feature = 'signal' | 'timeout' | 'stopSignal' | 'killSignal' | 'exit-status' | 'shell' | 'maxBuffer';

export interface KnownDivergence {
  case: string;
  fact: FactName;
  value: FactValue;
  why: string;
  /** The fact is a snapshot that races this target (it does not wait for the exit), so
   *  the divergence may or may not show; when it does, it shows with this value. */
  racy?: boolean;
}

/** One file of a pin: its path below the root and its git blob id(s). */
export interface PinnedPath {
  path: string;
  blob: string;
  blobSha256?: string;
}

/**
 * What code a probe runs. `root` and `checkout` are relative to the probe directory;
 * left out, the user supplies them with --source.
 */
export type Identity =
  | { kind: 'builtin'; module: string }
  | { kind: 'files'; root?: string; entry: Entry; paths: PinnedPath[] }
  | { kind: 'git'; checkout?: string; commit: string; entry: Entry; paths: PinnedPath[] }
  | { kind: 'package'; name: string; version: string; installedAs?: string; entry: Entry; paths: PinnedPath[] };

/**
 * The module the adapter receives as its target, or several by name (a library whose
 * documented API spans more than one import path): then the target is { name: module }.
 */
export type Entry = string | Record<string, string>;

/** What was checked before a probe's code ran, as the report states it. */
export interface Verified {
  kind: Identity['kind'];
  /** Where the bytes came from: the runtime, a git object database, a directory, one file. */
  source: 'runtime' | 'checkout' | 'directory' | 'file' | 'package';
  module?: string;
  node?: string;
  nodeSha256?: string;
  commit?: string;
  /** False when a git pin was checked against the file alone, so the commit was not. */
  commitChecked?: boolean;
  package?: { name: string; version: string };
  files: Array<{ path: string; blob: string; blobSha256?: string; size: number }>;
  /** What turned the verified bytes into running code. */
  loader: string;
  /** Modules the trials loaded that no pin covers (dependencies, for instance). */
  unverifiedModules: string[];
}

export interface ProbeSpec {
  name: string;
  title: string;
  identity: Identity;
  /** What the user must supply with --source when the identity names no root. */
  source?: string;
  /** The Node releases the target runs on (a semver range); a package's own engines.node otherwise. */
  node?: string;
  adapter: string;
  supports: Feature[];
  /** Options added to every call this probe makes, over the case's own. */
  options?: Record<string, unknown>;
  /** A known-bad variant of another probe, breaking exactly one clause. */
  mutant?: { of: string; breaks: Clause; how?: string };
  knownDivergences?: KnownDivergence[];
}

export interface LoadedProbe {
  spec: ProbeSpec;
  dir: string;
  /** Where its identity's roots and its adapter resolve: the base probe's, for a variant. */
  codeDir: string;
  file: string;
}

// ---- adapters ------------------------------------------------------------------------

/** The generic call every adapter translates into its target's API. */
export interface GenericCall {
  file: string;
  args: string[];
  cwd: string;
  signal?: AbortSignal;
  /** The case's timeout, already decoded (NaN, Infinity included). */
  timeout?: number;
  /** Shell mode. `file` is then the whole command line, quoted, and `args` is empty: the
   *  form a library's shell option takes. These are the command's own words, for a
   *  target that writes the line itself (zx). */
  shell?: { file: string; args: string[] };
  maxBuffer?: number;
  options: Record<string, unknown>;
}

/**
 * An adapter receives its target (the verified module, or the Node builtin) rather than
 * importing it, so the code it calls is always the code that was verified.
 */
export interface Adapter {
  run(call: GenericCall, target: unknown): Promise<unknown>;
}

// ---- what a trial saw ------------------------------------------------------------------

/** A timestamped line written by a process of the trial; t is CLOCK_MONOTONIC in ns. */
export interface RawEvent {
  t: string;
  pid: number;
  kind: string;
  [key: string]: unknown;
}

/** What a fixture writes about itself before anything else. */
export interface FixtureRecord {
  pid: number;
  ppid: number;
  pgid: number;
  /** /proc/PID/stat field 22, to tell this process from a later one with the same pid. */
  startTime: string | null;
  role: string;
  t: string;
}

export type ProcState = 'running' | 'exited';

export interface ProcSample {
  pid: number;
  role: string;
  state: ProcState;
}

export interface SpawnObservation {
  t: string;
  file: string;
  pid: number | null;
  error: string | null;
  exit: { t: string; code: number | null; signal: string | null } | null;
}

export interface ErrorObservation {
  name: string | null;
  code: string | number | null;
  signal: string | null;
  exitCode: number | null;
  message: string | null;
  reasonAt: 'error' | 'cause' | 'cause.cause' | 'nowhere' | null;
}

export interface Settlement {
  kind: 'resolved' | 'rejected' | 'threw' | 'pending';
  t: string | null;
  error: ErrorObservation | null;
}

/** Everything the trial worker saw, with no interpretation. Facts are derived from it. */
export interface History {
  t0: string;
  spawns: SpawnObservation[];
  trigger: { kind: TriggerKind; t: string | null; fired: boolean };
  settlement: Settlement;
  atSettle: {
    processes: ProcSample[];
    markers: Record<string, boolean>;
    abortListeners: number | null;
    timers: number;
    /** Pids of spawned children whose exit the worker had already seen (reaped). */
    exitsSeen: number[];
  } | null;
  /** When each fixture process was first seen gone during the window (t in ns). */
  ends: Record<string, string>;
  afterWindow: ProcSample[];
  /** Resident memory of the calling process when the call began and when it settled. */
  rss: { atCall: number; atSettle: number | null };
  /** Written by the runner when the case has the caller exit on settlement: what was
   *  still running the moment the runner saw the caller gone. */
  callerExit?: { t: string; processes: ProcSample[] };
  /** Every module the worker loaded after its hooks were in place (file URLs). */
  modules: string[];
  problems: string[];
}

/** What the runner had to end after the worker was done: always a finding. */
export interface Leftover {
  pid: number;
  role: string;
  how: 'group' | 'tag' | 'record';
}

// ---- facts, verdicts, outcomes -------------------------------------------------------

export type FactValue = string | number | boolean | null | string[];

export const FACT_NAMES = [
  'settled',
  'error.name',
  'error.code',
  'error.signal',
  'error.exitCode',
  'error.reasonAt',
  'error.isAbort',
  'spawn.attempts',
  'spawned',
  'child.atSettle',
  'child.reapedAtSettle',
  'child.markerAtSettle',
  'child.signals',
  'child.end',
  'descendants.runningAtSettle',
  'descendants.runningAfterWindow',
  'child.outlivedCaller',
  'descendants.outlivedCaller',
  'parent.abortListenersAfterSettle',
  'parent.timersAfterSettle',
] as const;

export type FactName = (typeof FACT_NAMES)[number];

/** `unknown` is a value of its own: the harness could not observe the fact. */
export type Facts = Record<FactName, FactValue | 'unknown'>;

export interface Verdict {
  clause: Clause;
  fact: FactName;
  result: 'pass' | 'fail' | 'unknown';
  observed: FactValue | 'unknown';
  /** One sentence: the fact, the value seen, the value required. */
  why: string;
  /** The probe's explanation, when this failure is one of its known divergences. */
  knownDivergence?: string;
}

export type Outcome =
  | 'pass'
  | 'fail'
  | 'known-fail'
  | 'unexpected-pass'
  | 'unknown'
  | 'unsupported'
  | 'unavailable'
  | 'error';

export interface TimelineEntry {
  ms: number;
  source: string;
  kind: string;
  detail?: Record<string, unknown>;
}

export interface TrialResult {
  probe: string;
  case: string;
  outcome: Outcome;
  reason?: string;
  facts?: Facts;
  verdicts?: Verdict[];
  durations?: { triggerToSettleMs: number | null; settleToChildEndMs: number | null };
  /** Informational: how much the calling process's resident memory grew during the call. */
  memory?: { rssAtCallBytes: number; rssGrowthBytes: number | null };
  leftovers?: Leftover[];
  /** Modules the trial loaded that no pin covers. */
  unverifiedModules?: string[];
  /** Present when the trial had to be run again because its precondition failed. */
  attempts?: number;
  timeline?: TimelineEntry[];
}

// ---- the report ------------------------------------------------------------------------

export interface Environment {
  node: string;
  v8: string;
  platform: string;
  release: string;
  arch: string;
  cpus: number;
}

export interface Report {
  formatVersion: 1;
  tool: { name: 'childproof'; version: string };
  createdAt: string;
  environment: Environment;
  probes: Array<{ name: string; title: string; identity: Identity; verified?: Verified; unavailable?: string }>;
  cases: Array<{ id: string; title: string; sha256: string; clauses: Clause[] }>;
  trials: TrialResult[];
  summary: { total: number; asExpected: boolean; outcomes: Partial<Record<Outcome, number>> };
}
