// Generated from schemas/changes.schema.json by bin/schema-types.ts (`make types`): do not edit.


/**
 * What changed in the published verdicts since a publication began (`publish --begin`): the verdicts then, per library, version, runtime and clause, and each cell whose state has changed since. `publish` writes it beside the reports; the findings page and results/README.md open with its changes.
 */
export interface ChildproofPublishedChanges {
$schema?: string
formatVersion: 1
kind: "published-changes"
/**
 * When the baseline was taken: the newest report then published, or the time of `publish --begin` when none was.
 */
since: string
/**
 * Why the publication began (`publish --begin --why`): what was changed in the tool, the cases or the probes, in a sentence a reader of the changes needs.
 */
why?: string
baseline: Cell[]
changes: {
probe: string
version: string
/**
 * As a sentence names it: Node v24.19.0, Bun 1.4.5.
 */
runtime: string
clause: string
/**
 * The cell's words then; null when it was not published.
 */
from: (string | null)
/**
 * The cell's words now; null when it is no longer published.
 */
to: (string | null)
}[]
}
/**
 * This interface was referenced by `ChildproofPublishedChanges`'s JSON-Schema
 * via the `definition` "cell".
 */
export interface Cell {
probe: string
version: string
runtime: string
clause: string
state: ("holds" | "breaks" | "unknown" | "none")
words: string
}
