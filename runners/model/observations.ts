// What one trial saw, with no interpretation: exactly what fact derivation reads, saved in
// the report so any verdict can be judged again offline. Its schema is
// schemas/observations.schema.json: the types generated from it (model/schema-types/) must agree with these both ways, or
// test/model/schema-types.unit.test.ts fails.

import type { ClientTriggerKind, ServerTriggerKind, SignalName } from './case.ts';
import type { Carried, Reach } from './reach.ts';

/** A timestamped line written by a fixture process; t is CLOCK_MONOTONIC in ns. */
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
  pgid: number | null;
  /** /proc/PID/stat field 22, to tell this process from a later one with the same pid. */
  startTime: string | null;
  role: string;
  t: string;
  /** Its working directory as it started; absent in records made before it was kept. */
  cwd?: string;
  /** Whether it started with an IPC channel; absent in records made before it was kept. */
  ipc?: boolean;
}

export type ProcState = 'running' | 'exited';

/** The role sampled for a process the target started for its own ends, not as the case's command. */
export const HELPER_ROLE = 'helper';

export interface ProcSample {
  pid: number;
  role: string;
  state: ProcState;
}

export interface SpawnObservation {
  t: string;
  file: string;
  /** Its file or arguments name the trial directory, as the case's command always does
   *  (the fixture's argv, the missing command's path, a shell line's `cd`); false for a
   *  process the target starts for its own ends (zx's `ps`, say). */
  command: boolean;
  pid: number | null;
  error: string | null;
  exit: { t: string; code: number | null; signal: string | null } | null;
  /** The call's options its own options carried on (worker/record-reach.ts); absent when none did. */
  carried?: Carried[];
}

export interface ErrorObservation {
  name: string | null;
  code: string | number | null;
  signal: string | null;
  exitCode: number | null;
  /** The error's own `timedOut` flag, where it has one (execa's). */
  timedOut: boolean | null;
  /** The name and code of the error's `cause`, where it has one. */
  cause: { name: string | null; code: string | number | null } | null;
  message: string | null;
  /** Where the abort reason was found: where a caller looks (`error`, `cause`,
   *  `cause.cause`), else the chain of own properties that holds it (`originalError.cause`);
   *  `nowhere` when no chain up to three deep does; null when the harness did not abort. */
  reasonAt: 'error' | 'cause' | 'cause.cause' | 'nowhere' | (string & {}) | null;
  /** The parts that could not be read because reading them threw (a getter, a Proxy's trap). */
  unreadable?: string[];
}

export interface Settlement {
  /** crashed: an exception nobody could catch, not the adapter's, ended the calling process before the call settled. */
  kind: 'resolved' | 'rejected' | 'threw' | 'crashed' | 'pending';
  t: string | null;
  error: ErrorObservation | null;
}

/** What the trial worker (the calling process) saw. */
export interface WorkerObservations {
  t0: string;
  /** Whose clock the worker's times are on (worker/clock.ts). Absent in reports made
   *  before the mapping: on Node the fixtures' clock, elsewhere the worker's own. */
  clock?: ClockMapping;
  spawns: SpawnObservation[];
  trigger: { kind: ClientTriggerKind; t: string | null; fired: boolean };
  settlement: Settlement;
  /** For a case that makes several calls on one signal: how each call before the last
   *  settled, in order. `settlement` is the last call's. */
  earlierCalls?: Settlement[];
  atSettle: {
    processes: ProcSample[];
    markers: Record<string, boolean>;
    abortListeners: number | null;
    timers: number;
    /** Pids of spawned children whose exit the worker had already seen (reaped). */
    exitsSeen: number[];
    /** How many events each fixture process had written at settlement: those before it,
     *  told without comparing clocks. Absent in reports made before it was kept. */
    events?: Record<string, number>;
  } | null;
  /** When each fixture process was first seen gone during the window (t in ns). */
  ends: Record<string, string>;
  afterWindow: ProcSample[];
  /** When the worker stopped watching: the window closed, nothing was left to watch, or
   *  the deadline passed with the call pending. Absent in reports made before it was kept. */
  watchEnd?: string;
  /** How many events each fixture process (by pid) had written when the watch ended: the
   *  events before it, told apart without comparing the worker's clock with the fixtures'.
   *  Absent in reports made before it was kept. */
  eventsAtWatchEnd?: Record<string, number>;
  /** Resident memory of the calling process when the call began and when it settled. */
  rss: { atCall: number; atSettle: number | null };
  /** What kept the trial from meaning anything (a fixture never ready, say). */
  problems: string[];
  /** The first call into the target: an export of the verified module called or
   *  constructed (worker/entry-watch.ts). Absent in reports made before it was kept. */
  entered?: { export: string; t: string } | null;
  /** The adapter failed before the call entered the target, so the trial says nothing of
   *  the target: its module or the target's did not load, the target lacks an export the
   *  adapter uses, or the adapter threw or rejected first. */
  adapterError?: AdapterError;
  /** Absent in reports made before calibration: those ran on Node, where every way sees. */
  introspection?: Introspection;
  /** What the target made of the options it was handed (worker/record-reach.ts); absent before it was kept. */
  reach?: Reach;
}

/**
 * `shared`: the worker's clock is the fixtures' CLOCK_MONOTONIC; `mapped`: shifted onto it
 * by a measured offset, good to `errorNs`; `own`: not mapped, with why.
 */
export type ClockMapping =
  | { clock: 'shared'; how: string }
  | { clock: 'mapped'; how: string; offsetNs: string; errorNs: string; driftNs?: string }
  | { clock: 'own'; reason: string };

/** One way of looking, calibrated when the worker started (worker/introspection.ts). */
export type Sight = { observed: true; how: string } | { observed: false; reason: string };

/** What the worker could see, each way calibrated on something it made itself. */
export interface Introspection {
  abortListeners: Sight;
  timers: Sight;
  modules: Sight;
  spawns: Sight;
  processes: Sight;
}

export interface AdapterError {
  stage: 'load-adapter' | 'load-target' | 'uses' | 'call';
  message: string;
  /** The adapter's source file and line the error was raised at, where its stack says. */
  at: string | null;
}

/** For a caller that exits on settlement, the runner watches in its place. */
export interface AfterCaller {
  /** When the runner saw the caller gone, and what was still running then. */
  t: string;
  processes: ProcSample[];
  ends: Record<string, string>;
  afterWindow: ProcSample[];
  /** When the runner stopped watching. */
  watchEnd?: string;
  /** How many events each fixture process had written then. */
  eventsAtWatchEnd?: Record<string, number>;
}

/** What the runner had to end after the worker was done: always a finding. */
export interface Leftover {
  pid: number;
  role: string;
  /** What proved it the trial's, first found (os/leftovers.ts); `tag`, a command line, only
   *  in reports made before marks. */
  how: 'record' | 'group' | 'mark' | 'cgroup' | 'reaper' | 'tag';
  /** The kernel's short name for it (its comm), such as `sleep`. */
  name?: string;
}

/**
 * What kept a trial's processes accountable beyond its cgroup, group and mark: its
 * subreaper, to which every orphan of the trial was reparented (os/reaper.ts); none, and
 * why (off Linux, no perl); or lost, when the subreaper was ended from inside the trial.
 * Absent in reports made before the subreaper.
 */
export type Containment = { reaper: 'subreaper' } | { reaper: 'none' | 'lost'; why: string };

export interface Observations {
  /** SHA-256 of what the trial ran: the case's setup and the probe's options. A case or
   *  probe edited since in any other way can still be judged against these observations. */
  setup: string;
  worker: WorkerObservations;
  fixtures: { records: FixtureRecord[]; events: RawEvent[] };
  runner: { afterCaller: AfterCaller | null; leftovers: Leftover[]; containment?: Containment };
  server?: undefined;
}

/** One process of a server's tree, as the runner watched it (engine/kinds/server-watch.ts). */
export interface ServerProcess {
  pid: number;
  /** Its parent when first seen, and when the watch ended (null: it was gone by then). */
  ppid: number;
  ppidAtEnd: number | null;
  /** The kernel's short name (its comm), where it could be read. */
  name: string | null;
  firstSeen: string;
  /** When it was first seen gone (exited, or a zombie); null: running when the watch ended. */
  gone: string | null;
}

/** What the client of a server case and the runner saw (cases/INTERPRETING.md, Server cases). */
export interface ServerSight {
  /** When the client started the program, and the pid it got (null: the spawn failed, with why). */
  started: { t: string; pid: number | null; error: string | null };
  /** When the handshake was sent (for a line, when the wait began) and answered (null:
   *  never); null for a case with none. `kind` is absent in observations made before lines
   *  were a handshake: mcp. */
  handshake: { sent: string; answered: string | null; kind?: 'mcp' | 'line' } | null;
  trigger: { kind: ServerTriggerKind; t: string | null; signal?: SignalName };
  /** The started process's exit as its parent, the client, saw it; null when it saw none. */
  exit: { t: string; code: number | null; signal: string | null } | null;
  /** How the tree was found: the trial's cgroup, its mark, or the started pid alone. */
  by: 'cgroup' | 'mark' | 'pid';
  /** Every process of the server's tree that was seen, the client aside. */
  tree: ServerProcess[];
  watchEnd: string;
  /** What kept the trial from meaning anything: the program gone before its trigger. */
  problems: string[];
  /** The client, where it is a library's (client-close): the MCP SDK's package and version. */
  client?: string;
}

/** A server case's observations: the client's and the runner's, no caller, no fixtures. */
export interface ServerObservations {
  setup: string;
  server: ServerSight;
  runner: { leftovers: Leftover[]; containment?: Containment; afterCaller?: undefined };
  worker?: undefined;
  fixtures?: undefined;
}

/** What any trial saw: a client case's or a server case's. */
export type TrialObservations = Observations | ServerObservations;

