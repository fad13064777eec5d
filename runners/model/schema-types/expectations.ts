// Generated from schemas/expectations.schema.json by bin/schema-types.ts (`make types`): do not edit.


/**
 * Facts a publication reported, transcribed beside the cases that replay it, so a replay can be compared with them fact by fact.
 */
export interface ChildproofPublishedExpectations {
$schema?: string
formatVersion: 1
kind: "published-expectations"
/**
 * The publication's title.
 */
title: string
/**
 * Which part of the publication the rows were copied from.
 */
transcribedFrom: string
publication: {
runtime: string
platform: string
commit?: string
/**
 * a git blob id: 40 lowercase hex digits (SHA-1 of "blob <size>\0" and the bytes), or 64 in a SHA-256 repository
 */
blob?: string
}
/**
 * The probe that runs the publication's target.
 */
probe: string
/**
 * Probes to run the rows against when the target's source is not supplied: they show which rows other implementations reproduce, never that the target does.
 */
crossCheck?: string[]
/**
 * @minItems 1
 */
rows: {
/**
 * The row's name in the publication.
 */
label: string
case: string
/**
 * The case file the row was transcribed against.
 */
sha256: string
facts: {
[k: string]: string | number | boolean | null | string[]
}
}[]
}
