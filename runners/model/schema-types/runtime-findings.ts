// Generated from schemas/runtime-findings.schema.json by bin/schema-types.ts (`make types`): do not edit.


/**
 * What a runtime itself does, the same whatever library runs on it: each finding a fact and value that shows it, where it holds, and the explanation, written once. A probe's divergence that the finding causes names it (divergences explanation runtimeFinding) instead of explaining it again.
 */
export interface ChildproofRuntimeFindings {
$schema?: string
findings: Finding[]
}
/**
 * This interface was referenced by `ChildproofRuntimeFindings`'s JSON-Schema
 * via the `definition` "finding".
 */
export interface Finding {
id: string
/**
 * the finding in one line
 */
title: string
/**
 * where it holds: a runtime, and after @ an npm range of its releases
 */
runtime: string
/**
 * the fact whose value shows the finding in a trial
 */
fact: ("settled" | "error.name" | "error.code" | "error.signal" | "error.exitCode" | "error.reasonAt" | "error.isAbort" | "error.isTimeout" | "spawn.attempts" | "spawned" | "child.atSettle" | "child.reapedAtSettle" | "child.markerAtSettle" | "child.signals" | "child.end" | "descendants.runningAtSettle" | "descendants.runningAfterWindow" | "helpers.spawns" | "child.outlivedCaller" | "descendants.outlivedCaller" | "parent.abortListenersAfterSettle" | "parent.timersAfterSettle" | "child.stdinEnded" | "child.ipcOpenAtSettle" | "child.exitReported" | "runner.leftovers" | "server.answered" | "server.exited" | "server.end" | "server.descendantsAfterWindow" | "server.reparented")
value: ((string | number | boolean | null) | string[])
/**
 * the facts it changes in a trial where it shows: a probe's divergence on one of them, in such a trial, is the runtime's
 * 
 * @minItems 1
 */
affects: ("settled" | "error.name" | "error.code" | "error.signal" | "error.exitCode" | "error.reasonAt" | "error.isAbort" | "error.isTimeout" | "spawn.attempts" | "spawned" | "child.atSettle" | "child.reapedAtSettle" | "child.markerAtSettle" | "child.signals" | "child.end" | "descendants.runningAtSettle" | "descendants.runningAfterWindow" | "helpers.spawns" | "child.outlivedCaller" | "descendants.outlivedCaller" | "parent.abortListenersAfterSettle" | "parent.timersAfterSettle" | "child.stdinEnded" | "child.ipcOpenAtSettle" | "child.exitReported" | "runner.leftovers" | "server.answered" | "server.exited" | "server.end" | "server.descendantsAfterWindow" | "server.reparented")[]
/**
 * why the runtime does it, from its own source where it was read
 */
why: string
/**
 * @minItems 1
 */
cites?: ({
/**
 * a path among the probe's pinned files
 */
path: string
/**
 * the first and last line cited, 1-based and inclusive
 * 
 * @minItems 2
 * @maxItems 2
 */
lines: [number, number]
} | {
/**
 * a file of Node's own lib/ sources, as built into the binary of the release that ran; a report records the function's lines and code in that release
 */
node: string
function: string
} | {
runtime: ("bun" | "deno")
/**
 * the built-in module, as imported
 */
module: string
/**
 * an export of it, or a method on an exported class's prototype
 */
export: string
/**
 * text the export's source holds, exactly
 */
quote: string
/**
 * where the readable source lives in the runtime's repository, at the release's tag: a pointer for people, not checked
 */
upstream?: string
})[]
/**
 * the sentence says only what the facts show
 */
observation?: boolean
}
