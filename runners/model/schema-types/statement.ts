// Generated from schemas/statement.schema.json by bin/schema-types.ts (`make types`): do not edit.


/**
 * A descriptor MUST specify one of uri, digest or content at a minimum.
 * 
 * This interface was referenced by `InTotoStatementV1WithTheTestResultPredicateV01`'s JSON-Schema
 * via the `definition` "resourceDescriptor".
 */
export type ResourceDescriptor = (ResourceDescriptor1 & {
/**
 * a file's path: no NUL character, at most 4096 characters
 */
name?: string
uri?: string
digest?: DigestSet
content?: string
downloadLocation?: string
mediaType?: string
annotations?: {

}
})
export type ResourceDescriptor1 = {
[k: string]: unknown
}

/**
 * The in-toto Attestation Framework's Statement layer (https://github.com/in-toto/attestation/blob/main/spec/v1/statement.md), its ResourceDescriptor and DigestSet field types (resource_descriptor.md, digest_set.md), and the Test Result predicate (spec/predicates/test-result.md), written out from the specification's text. Unrecognized fields are allowed, as the framework's parsing rules require consumers to ignore them.
 */
export interface InTotoStatementV1WithTheTestResultPredicateV01 {
_type: "https://in-toto.io/Statement/v1"
/**
 * The software artifacts the attestation applies to: each MUST have digest set.
 * 
 * @minItems 1
 */
subject: (ResourceDescriptor & {

})[]
predicateType: string
predicate: {

}
}
/**
 * One or more digests of one artifact, by algorithm name.
 * 
 * This interface was referenced by `InTotoStatementV1WithTheTestResultPredicateV01`'s JSON-Schema
 * via the `definition` "digestSet".
 */
export interface DigestSet {
/**
 * a SHA-256 in lowercase hex (64 digits)
 */
sha256?: string
/**
 * a SHA-512 in lowercase hex (128 digits)
 */
sha512?: string
/**
 * a SHA-1 in lowercase hex (40 digits)
 */
sha1?: string
/**
 * a git blob id in lowercase hex (40 or 64 digits)
 */
gitBlob?: string
/**
 * a git commit id in lowercase hex (40 or 64 digits)
 */
gitCommit?: string
/**
 * a git tree id in lowercase hex (40 or 64 digits)
 */
gitTree?: string
[k: string]: string | undefined
}
/**
 * https://in-toto.io/attestation/test-result/v0.1: one invocation of a test suite.
 * 
 * This interface was referenced by `InTotoStatementV1WithTheTestResultPredicateV01`'s JSON-Schema
 * via the `definition` "testResult".
 */
export interface TestResult {
result: ("PASSED" | "WARNED" | "FAILED")
configuration: ResourceDescriptor[]
url?: string
passedTests?: string[]
warnedTests?: string[]
failedTests?: string[]
}
