// Generated from schemas/case.schema.json by bin/schema-types.ts (`make types`): do not edit.


/**
 * This interface was referenced by `ChildproofCase`'s JSON-Schema
 * via the `definition` "feature".
 */
export type Feature = ("signal" | "timeout" | "stopSignal" | "killSignal" | "exit-status" | "shell" | "maxBuffer" | "detached" | "ipc" | "stdin")
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
 * This interface was referenced by `ChildproofCase`'s JSON-Schema
 * via the `definition` "clause".
 */
export type Clause = ("settles" | "settles-after-exit" | "reason-preserved" | "escalates" | "signals-as-asked" | "validates-before-spawn" | "no-orphans" | "leaves-nothing-running" | "hygiene" | "answers-handshake" | "exits-with-client" | "leaves-no-descendants")
/**
 * This interface was referenced by `ChildproofCase`'s JSON-Schema
 * via the `definition` "factName".
 */
export type FactName = ("settled" | "error.name" | "error.code" | "error.signal" | "error.exitCode" | "error.reasonAt" | "error.isAbort" | "error.isTimeout" | "spawn.attempts" | "spawned" | "child.atSettle" | "child.reapedAtSettle" | "child.markerAtSettle" | "child.signals" | "child.end" | "descendants.runningAtSettle" | "descendants.runningAfterWindow" | "helpers.spawns" | "child.outlivedCaller" | "descendants.outlivedCaller" | "parent.abortListenersAfterSettle" | "parent.timersAfterSettle" | "child.stdinEnded" | "child.ipcOpenAtSettle" | "child.exitReported" | "runner.leftovers" | "server.answered" | "server.exited" | "server.end" | "server.descendantsAfterWindow" | "server.reparented")
/**
 * This interface was referenced by `ChildproofCase`'s JSON-Schema
 * via the `definition` "factValue".
 */
export type FactValue = ((string | number | boolean | null) | string[])
/**
 * This interface was referenced by `ChildproofCase`'s JSON-Schema
 * via the `definition` "signalName".
 */
export type SignalName = ("SIGTERM" | "SIGINT" | "SIGHUP" | "SIGQUIT" | "SIGUSR1" | "SIGUSR2")

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
requires: Feature[]
/**
 * A control for probes that lack these features: a probe that supports every one of them runs the cases that use them instead, and this case is unsupported for it.
 * 
 * @minItems 1
 */
onlyWithout?: Feature[]
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
trigger: {
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
/**
 * A clause, a fact, and exactly one operator.
 * 
 * This interface was referenced by `ChildproofCase`'s JSON-Schema
 * via the `definition` "assertion".
 */
export interface Assertion {
clause: Clause
fact: FactName
equals?: FactValue
/**
 * @minItems 1
 */
oneOf?: FactValue[]
includes?: FactValue
excludes?: FactValue
}
export interface ChildBehaviour1 {
grandchildren?: {
behaviour?: GrandchildBehaviour
}[]
}
