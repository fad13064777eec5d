// The hand-written types the code uses, set against the types generated from the schemas
// (runners/model/schema-types/): each pair must be assignable both ways, or this file does
// not compile. test/model/schema-types.unit.test.ts compiles it.

import type { CaseSpec } from '../../runners/model/case.ts';
import type { Expectations } from '../../runners/model/expectations.ts';
import type { FixtureRecord, TrialObservations } from '../../runners/model/observations.ts';
import type { DivergencesFile, ProbeSpec } from '../../runners/model/probe.ts';
import type { Facts, Report, TrialResult, TrialRun } from '../../runners/model/report-types.ts';
import type { ChildproofCase } from '../../runners/model/schema-types/case.ts';
import type { ChildproofKnownDivergences } from '../../runners/model/schema-types/divergences.ts';
import type { ChildproofPublishedExpectations } from '../../runners/model/schema-types/expectations.ts';
import type { ChildproofTrialObservations } from '../../runners/model/schema-types/observations.ts';
import type { ChildproofProbe } from '../../runners/model/schema-types/probe.ts';
import type { ChildproofReport, Trial, TrialFields } from '../../runners/model/schema-types/report.ts';
import type {
  ExportsCheck as ExportsCheckMessage,
  ExportsCheckSpec as ExportsCheckSpecMessage,
  FixtureRecord as FixtureRecordMessage,
  TrialSpec as TrialSpecMessage,
  WorkerOutput as WorkerOutputMessage,
} from '../../runners/model/schema-types/trial-dir.ts';
import type { ExportsCheck, ExportsCheckSpec, TrialSpec, WorkerOutput } from '../../runners/worker/messages.ts';
import type { Envelope, Statement, TestResultPredicate } from '../../runners/model/statement.ts';
import type { DSSEEnvelope } from '../../runners/model/schema-types/envelope.ts';
import type { ChildproofRuntimeFindings } from '../../runners/model/schema-types/runtime-findings.ts';
import type { RuntimeFinding } from '../../runners/model/runtime-findings.ts';
import type { InTotoStatementV1WithTheTestResultPredicateV01 as InTotoStatement, TestResult } from '../../runners/model/schema-types/statement.ts';

/** Compiles only when A is assignable to B: for the in-toto specifications, whose
 *  parsing rules admit fields no one knows yet, so what childproof writes is one case. */
export type Within<A, B> = [A] extends [B] ? true : { 'not assignable': 'code -> schema' };

/** Compiles only when A and B are each assignable to the other. */
export type Agree<A, B> = [A] extends [B] ? ([B] extends [A] ? true : { 'not assignable': 'schema -> code' }) : { 'not assignable': 'code -> schema' };

export const agreements: Array<true> = [
  true as Agree<CaseSpec, ChildproofCase>,
  // A probe as loaded: `extends` resolved, so it has what the schema requires without one.
  true as Agree<ProbeSpec, ChildproofProbe & Required<Pick<ChildproofProbe, 'identity' | 'supports'>>>,
  true as Agree<DivergencesFile, ChildproofKnownDivergences>,
  true as Agree<Expectations, ChildproofPublishedExpectations>,
  true as Agree<TrialObservations, ChildproofTrialObservations>,
  // Facts apart: the code's Facts has every fact, as the judge writes them; the schema
  // names each by propertyNames, so that a report of an older semantics, without a fact
  // added since, still reads.
  true as Agree<Omit<Report, 'trials'>, Omit<ChildproofReport, 'trials'>>,
  true as Agree<Omit<TrialResult, 'facts' | 'repeats'>, Omit<Trial, 'facts' | 'repeats'>>,
  true as Agree<Omit<TrialRun, 'facts'>, Omit<TrialFields, 'facts'>>,
  true as Agree<Partial<Facts>, NonNullable<Trial['facts']>>,
  true as Agree<TrialSpec, TrialSpecMessage>,
  true as Agree<{ $schema?: string; findings: RuntimeFinding[] }, ChildproofRuntimeFindings>,
  true as Agree<WorkerOutput, WorkerOutputMessage>,
  true as Agree<ExportsCheckSpec, ExportsCheckSpecMessage>,
  true as Agree<ExportsCheck, ExportsCheckMessage>,
  true as Agree<FixtureRecord & { protocol: 2 }, FixtureRecordMessage>,
];

export const within: Array<true> = [
  true as Within<Statement, InTotoStatement>,
  true as Within<TestResultPredicate, TestResult>,
  true as Within<Envelope, DSSEEnvelope>,
];
