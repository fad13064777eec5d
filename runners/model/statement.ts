// An in-toto attestation as childproof writes and reads it: the Statement v1 with the Test
// Result predicate v0.1 (schemas/statement.schema.json), and the DSSE envelope that signs
// it (schemas/envelope.schema.json). The field names are the specifications'. Type aliases,
// not interfaces: the specifications admit unknown fields, and only an alias fits the
// generated types' index signatures (test/types/agreement.ts).

export const STATEMENT_TYPE = 'https://in-toto.io/Statement/v1';
export const TEST_RESULT_TYPE = 'https://in-toto.io/attestation/test-result/v0.1';
/** The payload type in-toto gives a statement inside a DSSE envelope. */
export const IN_TOTO_PAYLOAD_TYPE = 'application/vnd.in-toto+json';

/** Digests of one artifact by algorithm: childproof writes `gitBlob` and `sha256`. */
export type DigestSet = Record<string, string>;

export type ResourceDescriptor = {
  name?: string;
  uri?: string;
  digest?: DigestSet;
  content?: string;
  downloadLocation?: string;
  mediaType?: string;
  annotations?: Record<string, unknown>;
};

/** What a subject's annotations say of where its bytes come from (attest/subjects.ts). */
export interface SubjectOrigin {
  /** The probes whose pin names this file. */
  probes: string[];
  pin: 'package' | 'git' | 'files' | 'builtin';
  /** For a package pin: the package and version the file belongs to. */
  package?: string;
  commit?: string;
  /** For a builtin: the runtime whose binary it is (`node`, `bun`, `deno`) and its release. */
  runtime?: string;
  release?: string;
}

export type TestResultPredicate = {
  result: 'PASSED' | 'WARNED' | 'FAILED';
  configuration: ResourceDescriptor[];
  url?: string;
  passedTests: string[];
  warnedTests: string[];
  failedTests: string[];
};

export type Statement = {
  _type: typeof STATEMENT_TYPE;
  subject: Array<ResourceDescriptor & { digest: DigestSet }>;
  predicateType: string;
  predicate: TestResultPredicate | Record<string, unknown>;
};

export interface Envelope {
  payloadType: string;
  payload: string;
  signatures: Array<{ keyid?: string; sig: string }>;
}
