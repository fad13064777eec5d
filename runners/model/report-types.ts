// The report: what a run says. Its schema is schemas/report.schema.json:
// the types generated from it (model/schema-types/) must agree with these both ways, or
// test/model/schema-types.unit.test.ts fails.

import type { RuntimeName } from './runtime-spec.ts';
import { CLAUSES, type Clause, type FactName, type FactValue } from './case.ts';
import { clauseKind, kindsIn, type TrialKind } from './kinds/kind.ts';
import type { TrialObservations, Leftover } from './observations.ts';
import type { Identity } from './probe.ts';

/** `unknown` is a value of its own: the harness could not observe the fact. A trial lists
 *  every fact of its case's kind (model/case.ts, factNamesAt). */
export type Facts = Partial<Record<FactName, FactValue | 'unknown'>>;

/** A fact's value; one the trial does not list (a fact of the other kind of case) is unknown. */
export const factOf = (facts: Facts, name: FactName): FactValue | 'unknown' => (Object.hasOwn(facts, name) ? facts[name]! : 'unknown');

export interface Verdict {
  clause: Clause;
  fact: FactName;
  result: 'pass' | 'fail' | 'unknown';
  observed: FactValue | 'unknown';
  /** One sentence: the fact, the value seen, the value required. */
  why: string;
  /** The probe's explanation, when this failure is one of its known divergences. */
  knownDivergence?: string;
}

export type Outcome =
  | 'pass'
  | 'fail'
  | 'known-fail'
  | 'unexpected-pass'
  | 'unknown'
  /** Run several times (--repeat), a fact took more than one value. */
  | 'flaky'
  | 'unsupported'
  | 'unavailable'
  | 'error';

export interface TimelineEntry {
  ms: number;
  source: string;
  kind: string;
  detail?: Record<string, unknown>;
}

/** Everything the judge derives from a trial's observations. */
export interface Judgement {
  outcome: Outcome;
  reason?: string;
  facts: Facts;
  /** What a fact rests on that is no fact itself (messages vary by runtime and locale):
   *  the settled error's message, first line, at most 300 characters. */
  evidence?: { 'error.message': string };
  verdicts: Verdict[];
  durations: { triggerToSettleMs: number | null; settleToChildEndMs: number | null };
  /** Informational: how much the calling process's resident memory grew during the call. */
  memory: { rssAtCallBytes: number; rssGrowthBytes: number | null };
  leftovers: Leftover[];
  timeline: TimelineEntry[];
}

export interface TrialResult extends Partial<Omit<Judgement, 'outcome' | 'reason'>> {
  probe: string;
  case: string;
  /** Its case's kind (model/kinds/kind.ts). */
  kind: TrialKind;
  outcome: Outcome;
  reason?: string;
  /** Modules the trial loaded that no pin covers. `probe` only in a report's file: exactly
   *  its probe's (verified.unverifiedModules), written once there (report/report-file.ts). */
  unverifiedModules?: string[] | 'probe';
  /** Present when the trial had to be run again because its precondition failed. */
  attempts?: number;
  /** What the trial saw; absent only when it never ran or its worker recorded nothing. */
  observations?: TrialObservations;
  /** Present when the trial ran more than once (--repeat): this result is the first run. */
  repeats?: Repeats;
}

/** One run of a repeated trial, judged on its own. */
export type TrialRun = Omit<TrialResult, 'probe' | 'case' | 'kind' | 'repeats'>;

/** The values a flaky fact took, each with how many runs saw it. */
export type FlakyValues = Array<{ value: FactValue | 'unknown'; count: number }>;

interface Repeats {
  runs: number;
  /** Runs 2 to N, each as it was judged. */
  others: TrialRun[];
  /** Facts whose value was not the same in every run. */
  flaky?: Partial<Record<FactName, FlakyValues>>;
}

/** What was checked before a probe's code ran, as the report states it. */
export interface Verified {
  kind: Identity['kind'];
  /** Where the bytes came from: the runtime, a git object database, a directory, one file. */
  source: 'runtime' | 'checkout' | 'directory' | 'file' | 'package';
  module?: string;
  node?: string;
  nodeSha256?: string;
  /** For a builtin: the runtime whose module it is, and its release (bun 1.4.4). */
  runtime?: string;
  commit?: string;
  /** False when a git pin was checked against the file alone, so the commit was not. */
  commitChecked?: boolean;
  package?: { name: string; version: string };
  /** A package target's resolved tree as installed into the cache: names, versions, integrity. */
  tree?: Array<{ name: string; version: string; integrity?: string }>;
  /** The pinned packages of its dependency tree, checked like the target and run from the copy. */
  dependencies?: Array<{ name: string; version: string; files: number }>;
  /** Each pinned file: its blob id(s), and the SHA-256 of its bytes (absent in reports
   *  made before attest, which names files by both). */
  files: Array<{ path: string; blob: string; blobSha256?: string; sha256?: string; size: number }>;
  /** What turned the verified bytes into running code. */
  loader: string;
  /** Modules the trials loaded that no pin covers (dependencies, for instance). */
  unverifiedModules: string[];
}

export interface Environment {
  node: string;
  v8: string;
  platform: string;
  release: string;
  arch: string;
  cpus: number;
  /** Absent in reports made before Bun and Deno could be chosen: they ran on `node`. */
  runtime?: {
    name: RuntimeName;
    release: string;
    sha256: string;
    package?: { name: string; version: string; integrity: string };
  };
}

/** A citation as a report carries it: with the cited lines, read from the verified bytes. */
/** A citation with its code as the run read it; a runtime's own code at the release that ran (`release`). */
export type CitedCode =
  | { path: string; lines: [number, number]; code: string }
  | { node: string; function: string; release?: string; lines?: [number, number]; code?: string }
  | { runtime: 'bun' | 'deno'; module: string; export: string; quote: string; upstream?: string; release?: string; code?: string };

/** A file of childproof's own or of a probe's, as the run read it. */
export interface OwnFile {
  path: string;
  blob: string;
  sha256: string;
}

export type ReportProbe = {
  name: string;
  title: string;
  identity: Identity;
  /** The options the probe added to every call of this run: how the library was called. */
  options?: Record<string, unknown>;
  /** Where the target's source lives, as its probe says. */
  repository?: string;
  verified?: Verified;
  /** probe.json, its adapter and its divergences file, as the run read them. */
  files?: OwnFile[];
  unavailable?: string;
  /** The explanations that cite code, with the code they cite. */
  explanations?: Array<{ why: string; cites: CitedCode[] }>;
};

export interface Summary {
  total: number;
  asExpected: boolean;
  outcomes: Partial<Record<Outcome, number>>;
}

export interface Report {
  formatVersion: 2;
  /** `files`: childproof's own runners and schemas as they ran (absent in older reports). */
  tool: { name: 'childproof'; version: string; files?: OwnFile[] };
  /** The version of what facts and outcomes mean (cases/INTERPRETING.md). */
  semantics: number;
  createdAt: string;
  environment: Environment;
  probes: ReportProbe[];
  cases: Array<{ id: string; title: string; sha256: string; kind: TrialKind; clauses: Clause[] }>;
  trials: TrialResult[];
  summary: Summary;
  /** How many times each trial ran (--repeat), when more than once. */
  repeat?: number;
  /** A deterministic slice of the plan (--shard K/N); `childproof merge` joins the slices. */
  shard?: { index: number; count: number };
  /** Present when the run was stopped before its plan was done: it holds the finished trials. */
  interrupted?: { by: string; planned: number; finished: number };
}

/** The clauses reports speak of: those of the kinds of trial they hold cases of (a
 *  library's when none), in the order of CLAUSES. */
export function reportClauses(reports: Array<Pick<Report, 'cases'>>): Clause[] {
  const kinds = kindsIn(reports);
  return CLAUSES.filter((c) => kinds.includes(clauseKind(c)));
}
