// Generated from schemas/report-part.schema.json by bin/schema-types.ts (`make types`): do not edit.


/**
 * This interface was referenced by `ChildproofReportPart`'s JSON-Schema
 * via the `definition` "digest".
 */
export type Digest = string

/**
 * One line of a publication's parts.jsonl: a part of a report (the tool's files, a case's or a probe's entry, a probe's identity or verified files, a trial's facts, verdicts, introspection or reach) that the publication's reports repeat, stored once; a part may name other parts in the same way. A published report names it in its place as {"part": "sha256:HEX"}, HEX the SHA-256 of the value's JSON text as this line writes it; a reader puts the value back and checks the digest (report/shared-parts.ts).
 */
export interface ChildproofReportPart {
part: Digest
/**
 * The part itself, as the report holds it in its place: valid there by the report schema.
 */
value: {
[k: string]: unknown
}
}
