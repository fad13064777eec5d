// Generated from schemas/probe.schema.json by bin/schema-types.ts (`make types`): do not edit.


/**
 * This interface was referenced by `ChildproofProbe`'s JSON-Schema
 * via the `definition` "identity".
 */
export type Identity = ({
kind: ("builtin" | "files" | "git" | "package")
} & Identity1)
export type Identity1 = ({
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
entry: Entry
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
entry: Entry
/**
 * @minItems 1
 */
paths: PinnedPath[]
} | {
kind: "package"
name: string
version: string
entry: Entry
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
})
/**
 * The module the adapter receives as its target, or several by name.
 * 
 * This interface was referenced by `ChildproofProbe`'s JSON-Schema
 * via the `definition` "entry".
 */
export type Entry = (RelativePath | {
[k: string]: RelativePath
})
/**
 * a relative path inside the root: no leading "/", no ".." segment, no backslash
 * 
 * This interface was referenced by `ChildproofProbe`'s JSON-Schema
 * via the `definition` "relativePath".
 */
export type RelativePath = string
/**
 * a git blob id: 40 lowercase hex digits (SHA-1 of "blob <size>\0" and the bytes), or 64 in a SHA-256 repository
 * 
 * This interface was referenced by `ChildproofProbe`'s JSON-Schema
 * via the `definition` "blob".
 */
export type Blob = string
/**
 * a SHA-256 object id: 64 lowercase hex digits
 * 
 * This interface was referenced by `ChildproofProbe`'s JSON-Schema
 * via the `definition` "blobSha256".
 */
export type BlobSha256 = string

/**
 * One target API, as a person writes it: its pinned identity, its adapter and what it supports. Known divergences live beside it in divergences.json.
 */
export interface ChildproofProbe {
$schema?: string
name: string
title: string
/**
 * Another probe's directory, relative to this one: a variant takes its identity, adapter and supported options.
 */
extends?: string
identity?: Identity
/**
 * Where the target's source lives, for people: a repository's address. A git identity's commit is shown at it.
 */
repository?: string
/**
 * What the user must supply with --source when the identity names no root or checkout.
 */
source?: string
/**
 * The Node releases the target runs on, as a semver range; for a package, its own engines.node by default.
 */
node?: string
/**
 * the adapter module, relative to the probe directory (it may be another probe's adapter)
 */
adapter?: string
/**
 * A program as the target, for server cases: the harness starts it from its verified bytes, with Node, as a client starts a server. A probe has an adapter or a command, not both.
 */
command?: {
/**
 * The package's bin the file is, by name: run at another version (NAME@VERSION), the probe runs the file that version's package.json names for it.
 */
bin?: string
/**
 * a relative path inside the root: no leading "/", no ".." segment, no backslash
 */
file: string
/**
 * Its arguments, as given: a relative path among them names a file of the copy.
 */
args?: string[]
/**
 * Variables added to the environment it is started with (a server's configuration).
 */
env?: {
[k: string]: string
}
/**
 * How long its client waits for its answer before the trigger is applied anyway, in place of the case's server.readyMs: for a program known never to answer (a mutant that reads requests and answers none), so that no trial waits out the default meant for a slow npx start.
 */
readyMs?: number
}
supports?: ("signal" | "timeout" | "stopSignal" | "killSignal" | "exit-status" | "shell" | "maxBuffer" | "detached" | "ipc" | "stdin")[]
/**
 * Options added to every call this probe makes, over the case's own.
 */
options?: {

}
/**
 * What `init` saw of each option it guessed, tried on the target (cases/INTERPRETING.md, Calibration): reached (the case that showed it), not reached (it left supports), not observable (it stayed, and every trial that rests on it has its verdicts unknown until one shows it). Informative: a run decides again from its own trials.
 */
calibration?: {
[k: string]: {
state: ("reached" | "not reached" | "not observable" | "not calibrated")
how: string
}
}
/**
 * The runtimes the target runs on, each a name and, after @, a range of its releases (node, bun@>=1.1, deno); absent, all three. Trials on any other are not covered, with the reason.
 * 
 * @minItems 1
 */
runtimes?: string[]
/**
 * Options laid over `options` (and over `byVersion`'s) when the trials run on a runtime and release the entry names, as `byVersion` does for a package's versions.
 */
byRuntime?: {
runtime: string
options: {

}
}[]
/**
 * For a package probe: options laid over `options` when the package's version is in a range, so one adapter maps each major's documented API (execa's `signal` before 9, `cancelSignal` from 9).
 */
byVersion?: {
/**
 * a semver range
 */
range: string
options: {

}
}[]
/**
 * A known-bad variant of another probe, breaking exactly one clause.
 */
mutant?: {
of: string
breaks: ("settles" | "settles-after-exit" | "reason-preserved" | "escalates" | "signals-as-asked" | "validates-before-spawn" | "no-orphans" | "leaves-nothing-running" | "hygiene" | "answers-handshake" | "exits-with-client" | "leaves-no-descendants")
how?: string
}
}
/**
 * This interface was referenced by `ChildproofProbe`'s JSON-Schema
 * via the `definition` "pinnedPath".
 */
export interface PinnedPath {
path: RelativePath
blob: Blob
blobSha256?: BlobSha256
}
