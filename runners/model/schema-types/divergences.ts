// Generated from schemas/divergences.schema.json by bin/schema-types.ts (`make types`): do not edit.


/**
 * This interface was referenced by `ChildproofKnownDivergences`'s JSON-Schema
 * via the `definition` "citation".
 */
export type Citation = ({
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
})

/**
 * Where a probe's target is known to fail cases: failure signatures (case, fact, value) grouped under the explanation that covers them. Written by `childproof bless`; the explanations are a person's.
 */
export interface ChildproofKnownDivergences {
$schema?: string
/**
 * The name in probe.json beside this file.
 */
probe: string
explanations: {
/**
 * Why the target fails this way: from its pinned source where it was read, otherwise what the facts mean.
 */
why: string
/**
 * Where the cause can be read in the pinned code; validate checks each cited file is pinned and each range exists.
 * 
 * @minItems 1
 */
cites?: Citation[]
/**
 * The sentence says only what the facts show: it names no cause in the code.
 */
observation?: boolean
/**
 * The id of the runtime finding (probes/runtime-findings.json) that explains these signatures: the runtime's behaviour, not the target's. The sentence is the finding's, and its citations are the finding's.
 */
runtimeFinding?: string
/**
 * @minItems 1
 */
signatures: Signature[]
}[]
}
/**
 * This interface was referenced by `ChildproofKnownDivergences`'s JSON-Schema
 * via the `definition` "signature".
 */
export interface Signature {
case: string
fact: ("settled" | "error.name" | "error.code" | "error.signal" | "error.exitCode" | "error.reasonAt" | "error.isAbort" | "error.isTimeout" | "spawn.attempts" | "spawned" | "child.atSettle" | "child.reapedAtSettle" | "child.markerAtSettle" | "child.signals" | "child.end" | "descendants.runningAtSettle" | "descendants.runningAfterWindow" | "helpers.spawns" | "child.outlivedCaller" | "descendants.outlivedCaller" | "parent.abortListenersAfterSettle" | "parent.timersAfterSettle" | "child.stdinEnded" | "child.ipcOpenAtSettle" | "child.exitReported" | "runner.leftovers" | "server.answered" | "server.exited" | "server.end" | "server.descendantsAfterWindow" | "server.reparented")
value: ((string | number | boolean | null) | string[])
/**
 * The fact is a snapshot that races this target, so the divergence may not show; when it shows, it has this value.
 */
racy?: boolean
/**
 * Where the divergence holds: a runtime, and after @ an npm range of its releases (bun@1.4.4, deno@>=2.1). Absent: on Node, any release, where every signature written before Bun and Deno was seen. Written by `childproof bless` as the runtime and release it saw.
 */
runtime?: string
}
