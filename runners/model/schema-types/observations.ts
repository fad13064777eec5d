// Generated from schemas/observations.schema.json by bin/schema-types.ts (`make types`): do not edit.


/**
 * Everything one trial saw, with no interpretation: exactly what fact derivation reads (cases/INTERPRETING.md), so facts, verdicts and outcomes can be judged again offline.
 */
export type ChildproofTrialObservations = (ClientTrial | ServerTrial)
/**
 * CLOCK_MONOTONIC in nanoseconds, as a decimal string
 */
export type T = string
/**
 * One way of looking: what it is, or why it was not used.
 */
export type Sight = ({
observed: true
how: string
} | {
observed: false
reason: string
})
/**
 * What kept the trial's processes accountable beyond its cgroup, process group and mark: its subreaper, to which every orphan of the trial was reparented (cases/INTERPRETING.md, Leftovers); none, and why; or lost, when the subreaper was ended from inside the trial, so what it held may have escaped. Absent in reports made before the subreaper.
 */
export type Containment = ({
reaper: "subreaper"
} | {
reaper: ("none" | "lost")
why: string
})

/**
 * A client case's trial: the calling process, the fixtures and the runner.
 */
export interface ClientTrial {
/**
 * SHA-256 of what the trial ran: the case's setup fields and the probe's options, as canonical JSON.
 */
setup: string
/**
 * What the calling process saw.
 */
worker: {
t0: T
/**
 * Whose clock the worker's times are on. `shared`: Node's, the fixtures' own CLOCK_MONOTONIC. `mapped`: the runtime counts from its own start, and every time the worker recorded was shifted onto CLOCK_MONOTONIC by offsetNs, good to errorNs either way (half the tightest bracket of the reading, plus the drift between the readings at start and at the end). `own`: the mapping could not be measured, with why; the worker's times compare with each other only. Absent in reports made before the mapping: on Node the clock was shared, elsewhere the worker's own.
 */
clock?: ({
clock: "shared"
how: string
} | {
clock: "mapped"
how: string
offsetNs: string
errorNs: string
driftNs?: string
} | {
clock: "own"
reason: string
})
spawns: {
t: T
file: string
/**
 * Its file or arguments name the trial directory, as the case's command always does; false for a process the target starts for its own ends.
 */
command: boolean
/**
 * The call's options this spawn's own options carried on (worker/record-reach.ts): they reached what runs the command. Empty where the call asked for detached, a shell, a stdin pipe or an IPC channel and the options, seen, carried none of them; absent where nothing was carried or the options were not seen.
 */
carried?: ("signal" | "timeout" | "killSignal" | "detached" | "shell" | "stdin" | "cwd" | "ipc" | "maxBuffer")[]
pid: (number | null)
error: (string | null)
exit: (null | {
t: T
code: (number | null)
signal: (string | null)
})
}[]
trigger: {
kind: ("none" | "abort" | "pre-aborted" | "timeout")
t: (null | T)
fired: boolean
}
settlement: Settlement
/**
 * For a case that makes several calls on one signal (call.calls): how each call before the last settled, in order. The settlement above is the last call's.
 */
earlierCalls?: Settlement[]
atSettle: (null | {
processes: Sample[]
markers: {
[k: string]: boolean
}
abortListeners: (number | null)
timers: number
exitsSeen: number[]
events?: EventCounts
})
ends: Ends
afterWindow: Sample[]
/**
 * CLOCK_MONOTONIC in nanoseconds, as a decimal string
 */
watchEnd?: string
eventsAtWatchEnd?: EventCounts
rss: {
atCall: number
atSettle: (number | null)
}
/**
 * What kept the trial from meaning anything (a fixture that never became ready, say).
 */
problems: string[]
/**
 * The first call into the target: an export of the verified module called or constructed. Absent in reports made before it was kept.
 */
entered?: (null | {
export: string
t: T
})
/**
 * The adapter failed before the call entered the target, so the trial says nothing of the target.
 */
adapterError?: {
stage: ("load-adapter" | "load-target" | "uses" | "call")
message: string
/**
 * The adapter's source file and line, relative to the directory the run was started in or to its probe's parent directory.
 */
at: (string | null)
}
/**
 * What the target made of the options it was handed (worker/record-reach.ts): read by judge/calibration.ts. Absent in reports made before it was kept.
 */
reach?: {
/**
 * What the call handed over: a signal, a timeout (its value, NaN and Infinity by name; null when none), a kill signal, a detached child, a shell command line, a stdin pipe, a working directory of the case's own, an IPC channel, an output limit, a stop signal (all after the kill signal absent in reports made before they were kept).
 */
handed: {
signal: boolean
timeout: (number | string | null)
killSignal: (string | null)
detached?: boolean
shell?: boolean
stdin?: boolean
/**
 * The case names a working directory of its own (one that does not exist): what its verdicts rest on.
 */
cwd?: boolean
ipc?: boolean
maxBuffer?: (number | null)
stopSignal?: (string | null)
}
/**
 * The working directory the call handed over, as a fixture's record names it (`<trial>`, `<trial>/no-such-directory`): what a child's record is compared with. Absent in reports made before it was kept.
 */
cwd?: string
/**
 * What was used of the signal the call handed over (an accessor read, a method called), in the order first used; null when it handed none.
 */
signalUses: (string[] | null)
/**
 * The delay each timer made while the call ran was made with; null where timers cannot be seen.
 */
timerDelays: (number[] | null)
}
/**
 * How the worker could see what some facts need, calibrated when it started on things it made itself (worker/introspection.ts). A way that did not see them is not used: the facts it feeds are unknown. Absent in reports made before calibration: those trials ran on Node, where every way sees.
 */
introspection?: {
abortListeners: Sight
timers: Sight
modules: Sight
spawns: Sight
processes: Sight
}
}
/**
 * What each fixture process wrote about itself: its record (pid, parent, group, start time) and its events.
 */
fixtures: {
records: {
pid: number
ppid: number
pgid: (number | null)
startTime: (string | null)
role: string
t: T
/**
 * Its working directory as it started: `<trial>` for the trial directory, `<trial>/PATH` below it, `<outside>` for any other (protocol/trial-path.mjs). judge/calibration.ts compares it with the one the call handed over. Absent in reports made before it was kept.
 */
cwd?: string
/**
 * Whether it started with an IPC channel to its parent. Absent in reports made before it was kept.
 */
ipc?: boolean
}[]
events: {
t: T
pid: number
kind: string
}[]
}
/**
 * What the runner saw: what outlived a caller that exits on settlement, and what it had to end after the trial.
 */
runner: {
afterCaller: (null | {
t: T
processes: Sample[]
ends: Ends
afterWindow: Sample[]
/**
 * CLOCK_MONOTONIC in nanoseconds, as a decimal string
 */
watchEnd?: string
eventsAtWatchEnd?: EventCounts
})
leftovers: Leftover[]
containment?: Containment
}
}
export interface Settlement {
kind: ("resolved" | "rejected" | "threw" | "crashed" | "pending")
t: (null | T)
error: (null | {
name: (string | null)
code: (string | number | null)
signal: (string | null)
exitCode: (number | null)
/**
 * The error's own timedOut flag, where it has one.
 */
timedOut: (boolean | null)
/**
 * The name and code of the error's cause, where it has one.
 */
cause: (null | {
name: (string | null)
code: (string | number | null)
})
message: (string | null)
/**
 * The parts of the thrown value that could not be read because reading them threw (a getter, a Proxy's trap); each is null above.
 * 
 * @maxItems 16
 */
unreadable?: string[]
/**
 * Where the abort reason was found by identity: error, cause or cause.cause (where a caller looks), else the chain of own data properties that holds it, at most three deep (originalError.cause); nowhere when none does; null when the harness did not abort.
 */
reasonAt: (("error" | "cause" | "cause.cause" | "nowhere" | null) | string)
})
}
export interface Sample {
pid: number
role: string
state: ("running" | "exited")
}
/**
 * How many events each fixture process, by pid, had written when the watch ended: which events came before it, told without comparing the watcher's clock with the fixtures'.
 */
export interface EventCounts {
[k: string]: number
}
export interface Ends {
[k: string]: T
}
export interface Leftover {
pid: number
role: string
/**
 * What proved the process the trial's, first found: its fixture record, the worker's process group, the trial's mark in its environment, the trial's cgroup, or its ancestry: still below the trial's subreaper, to which every orphan of the trial is reparented; 'tag' (a command line) only in reports made before marks.
 */
how: ("record" | "group" | "mark" | "cgroup" | "reaper" | "tag")
/**
 * The kernel's short name for the process (its comm).
 */
name?: string
}
/**
 * A server case's trial: what the client (the server's parent) and the runner saw.
 */
export interface ServerTrial {
/**
 * SHA-256 of what the trial ran: the case's setup fields and the probe's options, as canonical JSON.
 */
setup: string
server: {
started: {
t: T
pid: (number | null)
error: (string | null)
}
handshake: (null | {
sent: T
answered: (null | T)
/**
 * What readiness was: MCP initialize answered, or a first line on stdout; absent in observations made before lines were a handshake (mcp).
 */
kind?: ("mcp" | "line")
})
trigger: {
kind: ("stdin-closed" | "parent-killed" | "signal" | "client-close")
t: (null | T)
signal?: ("SIGTERM" | "SIGINT" | "SIGHUP" | "SIGQUIT" | "SIGUSR1" | "SIGUSR2")
}
exit: (null | {
t: T
code: (number | null)
signal: (string | null)
})
by: ("cgroup" | "mark" | "pid")
tree: ServerProcess[]
watchEnd: T
problems: string[]
/**
 * The client, where it is a library's: the MCP SDK's package and version, verified before it ran.
 */
client?: string
}
runner: {
leftovers: Leftover[]
containment?: Containment
}
}
export interface ServerProcess {
pid: number
ppid: number
ppidAtEnd: (number | null)
name: (string | null)
firstSeen: T
gone: (null | T)
}
