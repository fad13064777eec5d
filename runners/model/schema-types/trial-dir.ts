// Generated from schemas/trial-dir.schema.json by bin/schema-types.ts (`make types`): do not edit.


/**
 * The trial-directory protocol this message speaks.
 * 
 * This interface was referenced by `TheTrialDirectorySMessages`'s JSON-Schema
 * via the `definition` "protocol".
 */
export type Protocol = 2
/**
 * CLOCK_MONOTONIC in nanoseconds, as a decimal string.
 * 
 * This interface was referenced by `TheTrialDirectorySMessages`'s JSON-Schema
 * via the `definition` "t".
 */
export type T = string
/**
 * Every entry a trial directory may hold but a case's own markers (protocol/trial-dir.mjs ENTRIES): trial.json, worker.json, worker.out (the worker's stdout, never read), worker.err (its stderr, read bounded and shown), procs/, events/, ready/, not-executable (written by the worker, without execute permission, for a case whose command is no program), no-such-command and no-such-directory (never written), and a server case's server-trial.json, client.jsonl, client.err and server.err.
 * 
 * This interface was referenced by `TheTrialDirectorySMessages`'s JSON-Schema
 * via the `definition` "entry".
 */
export type Entry = ("trial.json" | "worker.json" | "worker.out" | "worker.err" | "procs" | "events" | "ready" | "not-executable" | "no-such-command" | "no-such-directory" | "server-trial.json" | "client.jsonl" | "client.err" | "server.err")
/**
 * Where the worker gets the module it hands the adapter.
 * 
 * This interface was referenced by `TheTrialDirectorySMessages`'s JSON-Schema
 * via the `definition` "target".
 */
export type Target = ({
kind: "builtin"
module: string
} | {
kind: "material"
entryUrls: (string | {
[k: string]: string
})
materialUrl: string
originalRootUrl: (string | null)
transpiled: {
[k: string]: string
}
/**
 * importer URL -> specifier as written -> the URL it resolves to, as the pinned files' own resolution had it (a .js specifier naming a .ts file, a tsconfig path)
 */
resolved?: {
[k: string]: {
[k: string]: string
}
}
needsHooks: boolean
})
/**
 * The child's behaviour. Grandchildren nest at most two levels below it and four wide (cases/INTERPRETING.md): 21 processes at most.
 */
export type ChildBehaviour = (Behaviour & {
grandchildren?: {
behaviour?: GrandchildBehaviour
}[]
})
/**
 * This interface was referenced by `ChildproofCase`'s JSON-Schema
 * via the `definition` "grandchildBehaviour".
 */
export type GrandchildBehaviour = (Behaviour & {
grandchildren?: {
behaviour?: LeafBehaviour
}[]
})
/**
 * Two levels below the child: no grandchildren of its own.
 * 
 * This interface was referenced by `ChildproofCase`'s JSON-Schema
 * via the `definition` "leafBehaviour".
 */
export type LeafBehaviour = Behaviour

/**
 * What the runner, the worker and the fixtures write to one another in a trial directory (protocol/trial-dir.mjs owns the layout). Each message is validated against its definition here when it is read. protocol is the layout's version: a reader refuses another.
 */
export interface TheTrialDirectorySMessages {
[k: string]: unknown
}
/**
 * trial.json: the runner's trial, handed to the worker.
 * 
 * This interface was referenced by `TheTrialDirectorySMessages`'s JSON-Schema
 * via the `definition` "trialSpec".
 */
export interface TrialSpec {
protocol: Protocol
dir: string
tag: string
cgroup: (string | null)
capMs: number
deadlineMs: number
fixture: string
/**
 * The Node that runs the fixture: the host's, whatever runtime the worker is on, so a case's child is the same program whoever calls it.
 */
fixtureNode: string
hooks: string
adapterPath: string
adapterSource: string
adapterBase: string
probeOptions: {

}
target: Target
case: ChildproofCase
}
/**
 * One child behaviour, one trigger, and the assertions a correct implementation satisfies.
 */
export interface ChildproofCase {
$schema?: string
/**
 * Permanent: the path below cases/ without .case.json.
 */
id: string
title: string
description?: string
/**
 * Which kind of trial the case is: `library` (the default), a call a caller makes through the probe's adapter; `server`, the probe's program started as its client would start it, set up by the `server` block, which only a server case has (cases/INTERPRETING.md, Trial kinds).
 */
kind?: ("library" | "server")
/**
 * Why no known-bad implementation is expected to fail this case: it records facts rather than judging them.
 */
observationOnly?: string
/**
 * Facts of this case that race whatever the target does, each with why: a snapshot taken the instant the call settles of a process signalled at that same moment. A difference in one between runs, releases or reports is not news, and is not counted as one.
 */
racy?: {
[k: string]: string
}
/**
 * Items: This interface was referenced by `ChildproofCase`'s JSON-Schema
 * via the `definition` "feature".
 */
requires: ("signal" | "timeout" | "stopSignal" | "killSignal" | "exit-status" | "shell" | "maxBuffer" | "detached" | "ipc" | "stdin")[]
/**
 * A control for probes that lack these features: a probe that supports every one of them runs the cases that use them instead, and this case is unsupported for it.
 * 
 * @minItems 1
 * 
 * Items: This interface was referenced by `ChildproofCase`'s JSON-Schema
 * via the `definition` "feature".
 */
onlyWithout?: ("signal" | "timeout" | "stopSignal" | "killSignal" | "exit-status" | "shell" | "maxBuffer" | "detached" | "ipc" | "stdin")[]
child: ChildBehaviour
call: {
/**
 * fixture: the instrumented child; missing: a path that does not exist (ENOENT); not-executable: a file without execute permission (EACCES). target: the probe's own program, which the harness starts as a server (a server case: see `server`).
 */
command: ("fixture" | "missing" | "not-executable" | "target")
/**
 * Run in a working directory that does not exist, so the spawn fails (ENOENT) however the command is found.
 */
cwd?: "missing"
/**
 * Make the call this many times in turn on one signal and one set of options: each call but the last runs a child that exits 0 once ready (or the failing command); the last runs the case's child and meets the trigger.
 */
calls?: number
/**
 * Values JSON cannot spell are written as the strings NaN, Infinity and -Infinity.
 */
timeoutMs?: (number | ("NaN" | "Infinity" | "-Infinity"))
/**
 * Pass an AbortSignal even when the trigger does not abort; 'lookalike': an object shaped like one that is not an AbortSignal; 'any': the harness's signal composed by AbortSignal.any, as a caller that joins its own signal with another passes it.
 */
signal?: (boolean | ("lookalike" | "any"))
options?: {

}
/**
 * Run the command through a shell as the second command of a list (cd DIR && COMMAND), so the shell stays between the target and the command.
 */
shell?: boolean
/**
 * Start the child with the target's detached option, so it leads a process group of its own with its grandchildren.
 */
detached?: boolean
/**
 * Start the child with an IPC channel to the caller (fork(), or the target's IPC option), as a Node child that talks to its parent is started.
 */
ipc?: boolean
/**
 * Bytes of output the target may buffer before it must stop the child and reject.
 */
maxBuffer?: number
/**
 * Give the child a pipe for its stdin that the caller holds open and writes nothing to, as a caller of a server that reads its stdin until the end does.
 */
stdin?: "pipe"
}
/**
 * A server case: the probe's program is the child, started by the harness as its client would start it, with its stdin and stdout on pipes (cases/INTERPRETING.md, Server cases).
 */
server?: {
/**
 * mcp: the client sends MCP initialize and waits for its answer before the trigger; line: it waits for the program's first line on stdout, as a server that announces it is listening does; none: the server is ready once started.
 */
handshake: ("mcp" | "line" | "none")
/**
 * How long the harness waits for the handshake's answer before it applies the trigger anyway (15000 if absent).
 */
readyMs?: number
/**
 * What stands between the harness and the program: nothing; a shell that runs it and then exits with its status, as a wrapper script does; npx running the package's bin.
 */
launcher?: ("none" | "shell" | "npx")
}
trigger: Trigger
windowMs: number
/**
 * exits-on-settle: the calling process exits the moment the call settles, as a command-line tool would; the runner then watches what outlives it.
 */
caller?: ("stays" | "exits-on-settle")
deadlineMs?: number
/**
 * @minItems 1
 */
assertions: Assertion[]
}
/**
 * This interface was referenced by `ChildproofCase`'s JSON-Schema
 * via the `definition` "behaviour".
 */
export interface Behaviour {
onSignal?: {
[k: string]: Reaction
}
stdin?: ("ignore" | "exit-on-eof" | "mcp-handshake")
/**
 * keep: the process keeps the IPC channel its parent opened (it listens for messages, which holds the channel open) and logs the channel's closing; it needs a call with call.ipc.
 */
ipc?: "keep"
exitAfterMs?: number
exitCode?: number
output?: {
bytes: number
stream?: ("stdout" | "stderr")
}
/**
 * @maxItems 4
 */
grandchildren?: {
stdio: ("inherit" | "ignore")
group: ("same" | "detached")
behaviour: Behaviour
}[]
}
/**
 * This interface was referenced by `ChildproofCase`'s JSON-Schema
 * via the `definition` "reaction".
 */
export interface Reaction {
/**
 * exit (after an optional cleanup) or ignore; coin-flip: either, by a coin that is the trial directory's name, so the repeats of one trial fall differently (test-only: a deliberately nondeterministic child)
 */
action: ("exit" | "ignore" | "coin-flip")
delayMs?: number
marker?: string
exitCode?: number
}
export interface Trigger {
/**
 * Client cases: none, abort, pre-aborted, timeout. Server cases: stdin-closed (the client closes the server's stdin), parent-killed (the client is killed with SIGKILL), signal (the client sends `signal` to the process it started), client-close (the client is the MCP SDK's, and closes as that release does).
 */
kind: ("none" | "abort" | "pre-aborted" | "timeout" | "stdin-closed" | "parent-killed" | "signal" | "client-close")
after?: ("ready" | "exit" | "signal")
/**
 * What the harness aborts with; the rejection is searched for it by identity. timeout: a DOMException named TimeoutError, the reason AbortSignal.timeout() aborts with.
 */
reason?: ("error" | "string" | "object" | "none" | "timeout")
/**
 * For a signal trigger: the signal the client sends.
 */
signal?: ("SIGTERM" | "SIGINT" | "SIGHUP" | "SIGQUIT" | "SIGUSR1" | "SIGUSR2")
}
/**
 * A clause, a fact, and exactly one operator.
 * 
 * This interface was referenced by `ChildproofCase`'s JSON-Schema
 * via the `definition` "assertion".
 */
export interface Assertion {
/**
 * This interface was referenced by `ChildproofCase`'s JSON-Schema
 * via the `definition` "clause".
 */
clause: ("settles" | "settles-after-exit" | "reason-preserved" | "escalates" | "signals-as-asked" | "validates-before-spawn" | "no-orphans" | "leaves-nothing-running" | "hygiene" | "answers-handshake" | "exits-with-client" | "leaves-no-descendants")
/**
 * This interface was referenced by `ChildproofCase`'s JSON-Schema
 * via the `definition` "factName".
 */
fact: ("settled" | "error.name" | "error.code" | "error.signal" | "error.exitCode" | "error.reasonAt" | "error.isAbort" | "error.isTimeout" | "spawn.attempts" | "spawned" | "child.atSettle" | "child.reapedAtSettle" | "child.markerAtSettle" | "child.signals" | "child.end" | "descendants.runningAtSettle" | "descendants.runningAfterWindow" | "helpers.spawns" | "child.outlivedCaller" | "descendants.outlivedCaller" | "parent.abortListenersAfterSettle" | "parent.timersAfterSettle" | "child.stdinEnded" | "child.ipcOpenAtSettle" | "child.exitReported" | "runner.leftovers" | "server.answered" | "server.exited" | "server.end" | "server.descendantsAfterWindow" | "server.reparented")
/**
 * This interface was referenced by `ChildproofCase`'s JSON-Schema
 * via the `definition` "factValue".
 */
equals?: ((string | number | boolean | null) | string[])
/**
 * @minItems 1
 * 
 * Items: This interface was referenced by `ChildproofCase`'s JSON-Schema
 * via the `definition` "factValue".
 */
oneOf?: ((string | number | boolean | null) | string[])[]
/**
 * This interface was referenced by `ChildproofCase`'s JSON-Schema
 * via the `definition` "factValue".
 */
includes?: ((string | number | boolean | null) | string[])
/**
 * This interface was referenced by `ChildproofCase`'s JSON-Schema
 * via the `definition` "factValue".
 */
excludes?: ((string | number | boolean | null) | string[])
}
/**
 * worker.json: what the calling process saw, and every module it loaded.
 * 
 * This interface was referenced by `TheTrialDirectorySMessages`'s JSON-Schema
 * via the `definition` "workerOutput".
 */
export interface WorkerOutput {
protocol: Protocol
observations: Worker
/**
 * null where no way of listing them was seen to work (observations' introspection.modules says why).
 */
modules: (string[] | null)
}
/**
 * What the calling process saw.
 */
export interface Worker {
/**
 * CLOCK_MONOTONIC in nanoseconds, as a decimal string
 */
t0: string
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
/**
 * CLOCK_MONOTONIC in nanoseconds, as a decimal string
 */
t: string
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
/**
 * CLOCK_MONOTONIC in nanoseconds, as a decimal string
 */
t: string
code: (number | null)
signal: (string | null)
})
}[]
trigger: {
kind: ("none" | "abort" | "pre-aborted" | "timeout")
t: (null | string)
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
/**
 * CLOCK_MONOTONIC in nanoseconds, as a decimal string
 */
t: string
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
/**
 * One way of looking: what it is, or why it was not used.
 */
abortListeners: ({
observed: true
how: string
} | {
observed: false
reason: string
})
/**
 * One way of looking: what it is, or why it was not used.
 */
timers: ({
observed: true
how: string
} | {
observed: false
reason: string
})
/**
 * One way of looking: what it is, or why it was not used.
 */
modules: ({
observed: true
how: string
} | {
observed: false
reason: string
})
/**
 * One way of looking: what it is, or why it was not used.
 */
spawns: ({
observed: true
how: string
} | {
observed: false
reason: string
})
/**
 * One way of looking: what it is, or why it was not used.
 */
processes: ({
observed: true
how: string
} | {
observed: false
reason: string
})
}
}
export interface Settlement {
kind: ("resolved" | "rejected" | "threw" | "crashed" | "pending")
t: (null | string)
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
/**
 * CLOCK_MONOTONIC in nanoseconds, as a decimal string
 */
[k: string]: string
}
/**
 * procs/PID.json: who a fixture process is, written before anything else.
 * 
 * This interface was referenced by `TheTrialDirectorySMessages`'s JSON-Schema
 * via the `definition` "fixtureRecord".
 */
export interface FixtureRecord {
protocol: Protocol
pid: number
ppid: number
pgid: (number | null)
startTime: (string | null)
role: string
t: T
/**
 * Its working directory as it started: <trial> for the trial directory, <trial>/PATH below it, <outside> for any other, so the record names no path of the machine (absent in records made before it was kept).
 */
cwd?: string
/**
 * Whether it started with an IPC channel to its parent (absent in records made before it was kept).
 */
ipc?: boolean
}
/**
 * One line of events/PID.jsonl: what happened to a fixture process, and when.
 * 
 * This interface was referenced by `TheTrialDirectorySMessages`'s JSON-Schema
 * via the `definition` "fixtureEvent".
 */
export interface FixtureEvent {
t: T
pid: number
kind: string
role?: string
}
/**
 * What the runner hands the exports check (verify): the adapter's build, the loader hooks, the target to load, and the file to write the answer to (stdout is the target's).
 * 
 * This interface was referenced by `TheTrialDirectorySMessages`'s JSON-Schema
 * via the `definition` "exportsCheckSpec".
 */
export interface ExportsCheckSpec {
protocol: Protocol
adapterPath: string
hooks: string
target: Target
out: string
}
/**
 * The exports check's answer: the exports the adapter declares in uses, those the target lacks and what it does export, or what stopped the check.
 * 
 * This interface was referenced by `TheTrialDirectorySMessages`'s JSON-Schema
 * via the `definition` "exportsCheck".
 */
export interface ExportsCheck {
protocol: Protocol
uses: string[]
missing: string[]
exports?: string[]
/**
 * The functions one level into the target's exported objects, as dotted paths (utils.spawnAsync): where init looks for an export the adapter names and the target keeps inside an object.
 */
members?: string[]
/**
 * For each exported function and each function one level into an exported object, by the same name: the start of its source as Function.prototype.toString gives it (nothing called), where init reads its parameters' names when no type or source reading shows them.
 */
heads?: {
[k: string]: string
}
error?: string
}
/**
 * server-trial.json: a server case's trial, handed by the runner to the client (fixture/server-client.mjs), which refuses another protocol.
 * 
 * This interface was referenced by `TheTrialDirectorySMessages`'s JSON-Schema
 * via the `definition` "serverTrialSpec".
 */
export interface ServerTrialSpec {
protocol: Protocol
dir: string
cgroup: (string | null)
/**
 * The program and its arguments, from the verified copy, with what the case's launcher puts in front.
 * 
 * @minItems 1
 */
argv: string[]
cwd: string
env: {
[k: string]: string
}
handshake: ("mcp" | "line" | "none")
readyMs: number
trigger: Trigger
capMs: number
/**
 * childproof's version, as the MCP client names itself.
 */
version: string
/**
 * For client-close: the MCP SDK's client and stdio transport, as file URLs of its verified copy.
 */
sdk?: {
client: string
stdio: string
}
/**
 * The trial's mark, for the SDK's transport, which starts the program with an environment of its own.
 */
mark?: {
[k: string]: string
}
}
/**
 * One line of client.jsonl: what the server's client saw, and when. The client's stderr is client.err and the program's server.err: their own words, read bounded and shown, never read as messages.
 * 
 * This interface was referenced by `TheTrialDirectorySMessages`'s JSON-Schema
 * via the `definition` "clientEvent".
 */
export interface ClientEvent {
t: T
kind: ("started" | "spawn-error" | "handshake-sent" | "ready" | "trigger" | "exit" | "closed")
pid?: number
answered?: boolean
code?: (number | null)
signal?: (string | null)
error?: string
}
