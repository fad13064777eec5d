// Generated from schemas/report.schema.json by bin/schema-types.ts (`make types`): do not edit.


/**
 * a SHA-256 digest in lowercase hex
 * 
 * This interface was referenced by `ChildproofReport`'s JSON-Schema
 * via the `definition` "sha256".
 */
export type Sha256 = string
export type Identity = ({
kind: ("builtin" | "files" | "git" | "package")
} & ({
kind: "builtin"
/**
 * node:NAME, a Node builtin module as the runtime provides it (Bun and Deno provide their own); or Bun or Deno, that runtime's own global namespace (Bun.spawn, Deno.Command), which only that runtime has.
 */
module: string
} | {
kind: "files"
/**
 * Relative to the probe directory; absent: supplied with --source.
 */
root?: string
/**
 * The module the adapter receives as its target, or several by name.
 */
entry: (string | {
/**
 * a relative path inside the root: no leading "/", no ".." segment, no backslash
 */
[k: string]: string
})
/**
 * @minItems 1
 */
paths: PinnedPath[]
} | {
kind: "git"
/**
 * Relative to the probe directory; absent: supplied with --source.
 */
checkout?: string
commit: string
/**
 * The module the adapter receives as its target, or several by name.
 */
entry: (string | {
/**
 * a relative path inside the root: no leading "/", no ".." segment, no backslash
 */
[k: string]: string
})
/**
 * @minItems 1
 */
paths: PinnedPath[]
} | {
kind: "package"
name: string
version: string
/**
 * The module the adapter receives as its target, or several by name.
 */
entry: (string | {
/**
 * a relative path inside the root: no leading "/", no ".." segment, no backslash
 */
[k: string]: string
})
/**
 * @minItems 1
 */
paths: PinnedPath[]
/**
 * The directory name below node_modules when it differs from the package name (an npm alias).
 */
installedAs?: string
/**
 * The `exports` subpath (or file) the entry was taken from, as `init --entry` names it (`lib/coreBundle`): run at another version or pinned anew, the entry is what that version has there, not its main entry.
 */
subpath?: string
/**
 * The package's dependency tree as Node resolves it from the package, each package pinned like the target (`init --with-dependencies`); a dependency found at another version, or whose bytes differ, stops the run (exit 3). Packages of the tree not listed here run unpinned and are reported so.
 */
dependencies?: {
name: string
version: string
/**
 * @minItems 1
 */
paths: PinnedPath[]
}[]
}))
/**
 * Which kind of trial: `library`, a call made in a caller through the probe's adapter; `server`, the probe's program started as its client starts it (cases/INTERPRETING.md, Trial kinds). A report of schema 6 or before, which has none, is read as its cases' clauses say.
 * 
 * This interface was referenced by `ChildproofReport`'s JSON-Schema
 * via the `definition` "trialKind".
 */
export type TrialKind = ("library" | "server")
/**
 * One (probe, case) trial: a run of it, and which probe and case it was.
 * 
 * This interface was referenced by `ChildproofReport`'s JSON-Schema
 * via the `definition` "trial".
 */
export type Trial = (TrialFields & {
probe: string
case: string
kind: TrialKind
repeats?: Repeats
})
/**
 * This interface was referenced by `ChildproofReport`'s JSON-Schema
 * via the `definition` "outcome".
 */
export type Outcome = ("pass" | "fail" | "known-fail" | "unexpected-pass" | "unknown" | "flaky" | "unsupported" | "unavailable" | "error")
/**
 * This interface was referenced by `ChildproofReport`'s JSON-Schema
 * via the `definition` "observed".
 */
export type Observed = ("unknown" | ((string | number | boolean | null) | string[]))
/**
 * What the trial saw; facts, verdicts and the outcome are judged from it alone.
 */
export type ChildproofTrialObservations = (ClientTrial | ServerTrial)
/**
 * One run of a repeated trial, judged on its own.
 * 
 * This interface was referenced by `ChildproofReport`'s JSON-Schema
 * via the `definition` "trialRun".
 */
export type TrialRun = (TrialFields & {

})

/**
 * One run: what ran, where, and what was observed for every (probe, case) trial. A published report's file names each part its publication's reports share (the tool, a case's or a probe's entry and the identity and files within it, a trial's facts, verdicts, introspection and reach) as {"part": "sha256:HEX"}, a line of the publication's parts.jsonl, the nearest at or above the report's folder (report-part.schema.json); this schema is the report with each part put back, as every childproof command reads it.
 */
export interface ChildproofReport {
$schema?: string
formatVersion: 2
tool: {
name: "childproof"
version: string
/**
 * childproof's own code as it ran: every file of runners/ and schemas/, by path from the checkout's root (attest lists them as the statement's configuration).
 */
files?: OwnFile[]
}
/**
 * The version of what facts and outcomes mean (cases/INTERPRETING.md). Reports of different semantics can differ in a fact with no change in the target.
 */
semantics: number
createdAt: string
environment: {
/**
 * The Node version the runtime reports as process.version: Node's own release, or the Node API that Bun or Deno follow.
 */
node: string
/**
 * The runtime's JavaScript engine: V8's version for Node and Deno, JavaScriptCore's for Bun.
 */
v8: string
platform: string
release: string
arch: string
cpus: number
/**
 * The runtime the workers ran on. Absent in reports made before Bun and Deno could be chosen: those ran on the Node that `node` names.
 */
runtime?: {
name: ("node" | "bun" | "deno")
release: string
/**
 * Of the binary the workers ran.
 */
sha256: string
/**
 * The registry package the binary was installed from; absent for the host's own Node.
 */
package?: {
name: string
version: string
integrity: string
}
}
}
probes: {
name: string
title: string
identity: Identity
/**
 * The options the probe added to every call of this run, over the case's own (its byVersion and byRuntime laid over), as its probe says: what a reader needs to call the library as it was called here.
 */
options?: {

}
/**
 * Where the target's source lives, as its probe says.
 */
repository?: string
verified?: Verified
unavailable?: string
/**
 * The probe's explanations that cite code, each citation with the cited lines as they were verified for this run.
 */
explanations?: {
why: string
cites: ({
path: string
/**
 * @minItems 2
 * @maxItems 2
 */
lines: [number, number]
code: string
} | {
node: string
function: string
/**
 * the release of Node whose binary the code was read from: the one that ran
 */
release?: string
/**
 * @minItems 2
 * @maxItems 2
 */
lines?: [number, number]
/**
 * the function as that binary holds it, or (not shown: why)
 */
code?: string
} | {
runtime: ("bun" | "deno")
module: string
export: string
quote: string
upstream?: string
/**
 * the release whose binary the code was read from: the one that ran
 */
release?: string
/**
 * the quote with what surrounds it in the export's text, as that binary holds it, or (not shown: why)
 */
code?: string
})[]
}[]
/**
 * The probe's own files as the run read them: probe.json, its adapter, its divergences file. Paths from the checkout's root, or NAME/PATH for a probe outside it.
 */
files?: OwnFile[]
}[]
cases: {
id: string
kind: TrialKind
title: string
sha256: string
clauses: ("settles" | "settles-after-exit" | "reason-preserved" | "escalates" | "signals-as-asked" | "validates-before-spawn" | "no-orphans" | "leaves-nothing-running" | "hygiene" | "answers-handshake" | "exits-with-client" | "leaves-no-descendants")[]
}[]
trials: Trial[]
summary: {
total: number
asExpected: boolean
outcomes: {
[k: string]: number
}
}
/**
 * How many times each trial ran (--repeat N), when more than once.
 */
repeat?: number
/**
 * A deterministic slice of the plan (--shard K/N); `childproof merge` joins the slices into one report.
 */
shard?: {
index: number
count: number
}
/**
 * Present when the run stopped before its plan was done; the report holds the trials that finished.
 */
interrupted?: {
/**
 * The signal that stopped the run, or what is known of how it died.
 */
by: string
planned: number
finished: number
}
}
/**
 * A file of childproof's own or of a probe's, as it was when the run began: its git blob id and the SHA-256 of its bytes.
 * 
 * This interface was referenced by `ChildproofReport`'s JSON-Schema
 * via the `definition` "ownFile".
 */
export interface OwnFile {
path: string
/**
 * a git blob id: 40 lowercase hex digits (SHA-1 of "blob <size>\0" and the bytes), or 64 in a SHA-256 repository
 */
blob: string
sha256: Sha256
}
export interface PinnedPath {
/**
 * a relative path inside the root: no leading "/", no ".." segment, no backslash
 */
path: string
/**
 * a git blob id: 40 lowercase hex digits (SHA-1 of "blob <size>\0" and the bytes), or 64 in a SHA-256 repository
 */
blob: string
/**
 * a SHA-256 object id: 64 lowercase hex digits
 */
blobSha256?: string
}
/**
 * What was checked before the probe's code ran.
 * 
 * This interface was referenced by `ChildproofReport`'s JSON-Schema
 * via the `definition` "verified".
 */
export interface Verified {
kind: ("builtin" | "files" | "git" | "package")
source: ("runtime" | "checkout" | "directory" | "file" | "package")
module?: string
node?: string
/**
 * For a builtin: the SHA-256 of the runtime's binary, which holds the module.
 */
nodeSha256?: string
/**
 * For a builtin: the runtime whose own module it is and its release (bun 1.4.4); `node` is then the Node version that runtime reports.
 */
runtime?: string
commit?: string
commitChecked?: boolean
package?: {
name: string
version: string
}
/**
 * A package target's resolved tree as installed into childproof's cache: each package's name, version and integrity from the lockfile.
 */
tree?: {
name: string
version: string
integrity?: string
}[]
/**
 * The pinned packages of a package target's dependency tree, each checked by blob id and run from the verified copy: name, version and how many files.
 */
dependencies?: {
name: string
version: string
files: number
}[]
files: {
path: string
/**
 * a git blob id: 40 lowercase hex digits (SHA-1 of "blob <size>\0" and the bytes), or 64 in a SHA-256 repository
 */
blob: string
/**
 * a SHA-256 object id: 64 lowercase hex digits
 */
blobSha256?: string
size: number
/**
 * a SHA-256 digest in lowercase hex
 */
sha256?: string
}[]
loader: string
unverifiedModules: string[]
}
/**
 * The fields of one run of a trial: its outcome, facts, verdicts and what it saw. Open: trial and trialRun close it.
 * 
 * This interface was referenced by `ChildproofReport`'s JSON-Schema
 * via the `definition` "trialFields".
 */
export interface TrialFields {
outcome: Outcome
reason?: string
facts?: {
[k: string]: Observed
}
/**
 * What a fact rests on that is no fact itself: the settled error's message (first line, at most 300 characters).
 */
evidence?: {
"error.message": string
}
verdicts?: {
clause: ("settles" | "settles-after-exit" | "reason-preserved" | "escalates" | "signals-as-asked" | "validates-before-spawn" | "no-orphans" | "leaves-nothing-running" | "hygiene" | "answers-handshake" | "exits-with-client" | "leaves-no-descendants")
fact: ("settled" | "error.name" | "error.code" | "error.signal" | "error.exitCode" | "error.reasonAt" | "error.isAbort" | "error.isTimeout" | "spawn.attempts" | "spawned" | "child.atSettle" | "child.reapedAtSettle" | "child.markerAtSettle" | "child.signals" | "child.end" | "descendants.runningAtSettle" | "descendants.runningAfterWindow" | "helpers.spawns" | "child.outlivedCaller" | "descendants.outlivedCaller" | "parent.abortListenersAfterSettle" | "parent.timersAfterSettle" | "child.stdinEnded" | "child.ipcOpenAtSettle" | "child.exitReported" | "runner.leftovers" | "server.answered" | "server.exited" | "server.end" | "server.descendantsAfterWindow" | "server.reparented")
result: ("pass" | "fail" | "unknown")
observed: Observed
why: string
/**
 * The probe's explanation, when this failure is one of its known divergences.
 */
knownDivergence?: string
}[]
/**
 * Informational; never the basis of a verdict.
 */
durations?: {
triggerToSettleMs: (number | null)
settleToChildEndMs: (number | null)
}
/**
 * Informational: the calling process's resident memory when the call began, and how much it grew by settlement.
 */
memory?: {
rssAtCallBytes: number
rssGrowthBytes: (number | null)
}
/**
 * Processes the runner had to kill after the trial: each one is a finding.
 */
leftovers?: Leftover[]
/**
 * Of a trial that recorded no observations (an error): what kept its processes accountable, as observations.runner.containment says of any other; lost when its subreaper was ended from inside the trial, so what it held may have escaped.
 */
containment?: ({
reaper: "subreaper"
} | {
reaper: ("none" | "lost")
why: string
})
/**
 * Modules the trial loaded that no pin covers; "probe" where they are exactly its probe's (probes[].verified.unverifiedModules), so that a list every trial of a probe shares is written once. Absent where the runtime could not list them (observations.worker.introspection.modules says why).
 */
unverifiedModules?: (string[] | "probe")
/**
 * How many times the trial ran, when a failed precondition (a timeout firing before the child was ready) made it run again.
 */
attempts?: number
/**
 * The trial's events on one clock, in ms from its start. A published report's file leaves it out where it is exactly what the trial's observations give (report/timelines-derived.ts); every command reads it drawn again.
 */
timeline?: {
ms: number
source: string
kind: string
detail?: {

}
}[]
observations?: ChildproofTrialObservations
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
/**
 * CLOCK_MONOTONIC in nanoseconds, as a decimal string
 */
t: string
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
/**
 * CLOCK_MONOTONIC in nanoseconds, as a decimal string
 */
t: string
pid: number
kind: string
}[]
}
/**
 * What the runner saw: what outlived a caller that exits on settlement, and what it had to end after the trial.
 */
runner: {
afterCaller: (null | {
/**
 * CLOCK_MONOTONIC in nanoseconds, as a decimal string
 */
t: string
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
/**
 * What kept the trial's processes accountable beyond its cgroup, process group and mark: its subreaper, to which every orphan of the trial was reparented (cases/INTERPRETING.md, Leftovers); none, and why; or lost, when the subreaper was ended from inside the trial, so what it held may have escaped. Absent in reports made before the subreaper.
 */
containment?: ({
reaper: "subreaper"
} | {
reaper: ("none" | "lost")
why: string
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
 * A server case's trial: what the client (the server's parent) and the runner saw.
 */
export interface ServerTrial {
/**
 * SHA-256 of what the trial ran: the case's setup fields and the probe's options, as canonical JSON.
 */
setup: string
server: {
started: {
/**
 * CLOCK_MONOTONIC in nanoseconds, as a decimal string
 */
t: string
pid: (number | null)
error: (string | null)
}
handshake: (null | {
/**
 * CLOCK_MONOTONIC in nanoseconds, as a decimal string
 */
sent: string
answered: (null | string)
/**
 * What readiness was: MCP initialize answered, or a first line on stdout; absent in observations made before lines were a handshake (mcp).
 */
kind?: ("mcp" | "line")
})
trigger: {
kind: ("stdin-closed" | "parent-killed" | "signal" | "client-close")
t: (null | string)
signal?: ("SIGTERM" | "SIGINT" | "SIGHUP" | "SIGQUIT" | "SIGUSR1" | "SIGUSR2")
}
exit: (null | {
/**
 * CLOCK_MONOTONIC in nanoseconds, as a decimal string
 */
t: string
code: (number | null)
signal: (string | null)
})
by: ("cgroup" | "mark" | "pid")
tree: ServerProcess[]
/**
 * CLOCK_MONOTONIC in nanoseconds, as a decimal string
 */
watchEnd: string
problems: string[]
/**
 * The client, where it is a library's: the MCP SDK's package and version, verified before it ran.
 */
client?: string
}
runner: {
leftovers: Leftover[]
/**
 * What kept the trial's processes accountable beyond its cgroup, process group and mark: its subreaper, to which every orphan of the trial was reparented (cases/INTERPRETING.md, Leftovers); none, and why; or lost, when the subreaper was ended from inside the trial, so what it held may have escaped. Absent in reports made before the subreaper.
 */
containment?: ({
reaper: "subreaper"
} | {
reaper: ("none" | "lost")
why: string
})
}
}
export interface ServerProcess {
pid: number
ppid: number
ppidAtEnd: (number | null)
name: (string | null)
/**
 * CLOCK_MONOTONIC in nanoseconds, as a decimal string
 */
firstSeen: string
gone: (null | string)
}
/**
 * The trial ran more than once (--repeat): the trial itself is the first run, judged as a whole.
 * 
 * This interface was referenced by `ChildproofReport`'s JSON-Schema
 * via the `definition` "repeats".
 */
export interface Repeats {
runs: number
/**
 * Runs 2 to N, each as it was judged.
 */
others: TrialRun[]
/**
 * Each fact whose value was not the same in every run: its values, each with how many runs saw it.
 */
flaky?: {
/**
 * @minItems 2
 */
[k: string]: {
value: Observed
count: number
}[]
}
}
