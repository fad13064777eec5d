// A report as an in-toto Statement v1 with the Test Result predicate v0.1: its subjects
// are the verified code (attest/subjects.ts); its configuration the cases, the probes' own
// files, the runtime, childproof itself and the report; its tests PROBE:CASE@RUNTIME by
// outcome. Pure: the caller reads the report's bytes.

import type { Outcome, Report } from '../model/report-types.ts';
import { STATEMENT_TYPE, TEST_RESULT_TYPE, type ResourceDescriptor, type Statement, type TestResultPredicate } from '../model/statement.ts';
import { packageUrl, subjectsOf } from './subjects.ts';

/** Where each outcome goes. A known-fail is expected, but it is no pass: a warning. An
 *  `unknown` is never a pass. What did not run (unsupported, unavailable) is listed nowhere. */
const OUTCOME_LIST: Record<Outcome, keyof Pick<TestResultPredicate, 'passedTests' | 'warnedTests' | 'failedTests'> | null> = {
  pass: 'passedTests',
  'known-fail': 'warnedTests',
  fail: 'failedTests',
  'unexpected-pass': 'failedTests',
  unknown: 'failedTests',
  flaky: 'failedTests',
  error: 'failedTests',
  unsupported: null,
  unavailable: null,
};

/** The runtime as a test name carries it: `node-20.20.2`, `bun-1.4.5`. */
function runtimeTag(env: Report['environment']): string {
  return env.runtime ? `${env.runtime.name}-${env.runtime.release}` : `node-${env.node.replace(/^v/, '')}`;
}

interface ReportFile {
  /** The name the statement gives the report: its file name. */
  name: string;
  sha256: string;
}

function configuration(report: Report, file: ReportFile): ResourceDescriptor[] {
  const env = report.environment;
  const runtime: ResourceDescriptor = env.runtime
    ? {
        name: `${env.runtime.name} ${env.runtime.release}`,
        ...(env.runtime.package ? { uri: packageUrl(`${env.runtime.package.name}@${env.runtime.package.version}`) } : {}),
        digest: { sha256: env.runtime.sha256 },
        annotations: { role: 'runtime', platform: env.platform, arch: env.arch },
      }
    : { name: `node ${env.node}`, uri: `pkg:generic/node@${env.node.replace(/^v/, '')}`, annotations: { role: 'runtime', platform: env.platform, arch: env.arch } };
  return [
    ...report.cases.map((c) => ({ name: `cases/${c.id}.case.json`, digest: { sha256: c.sha256 }, annotations: { role: 'case', case: c.id } })),
    ...report.probes.flatMap((p) =>
      (p.files ?? []).map((f) => ({ name: f.path, digest: { gitBlob: f.blob, sha256: f.sha256 }, annotations: { role: 'probe', probe: p.name } })),
    ),
    runtime,
    { name: 'childproof', uri: packageUrl(`childproof@${report.tool.version}`), annotations: { role: 'tool', version: report.tool.version, semantics: report.semantics } },
    ...(report.tool.files ?? []).map((f) => ({ name: f.path, digest: { gitBlob: f.blob, sha256: f.sha256 }, annotations: { role: 'tool' } })),
    { name: file.name, digest: { sha256: file.sha256 }, mediaType: 'application/json', annotations: { role: 'report', createdAt: report.createdAt } },
  ];
}

/** The statement, and what it cannot say because the report does not record it. */
export function statementOf(report: Report, file: ReportFile, url?: string): { statement: Statement; notes: string[] } {
  const lists: Pick<TestResultPredicate, 'passedTests' | 'warnedTests' | 'failedTests'> = { passedTests: [], warnedTests: [], failedTests: [] };
  const tag = runtimeTag(report.environment);
  for (const t of report.trials) {
    const list = OUTCOME_LIST[t.outcome];
    if (list) lists[list].push(`${t.probe}:${t.case}@${tag}`);
  }
  // An interrupted run did not run trials it planned: whatever ran, it did not pass.
  const result = lists.failedTests.length || report.interrupted ? 'FAILED' : lists.warnedTests.length ? 'WARNED' : 'PASSED';
  const subject = subjectsOf(report);
  const notes: string[] = [];
  if (subject.some((s) => !s.digest.sha256)) notes.push('some subjects carry a git blob id only: the report was made before childproof recorded the SHA-256 of the verified bytes');
  if (!report.tool.files) notes.push("the configuration lacks childproof's own files: the report was made before childproof recorded them");
  if (report.probes.some((p) => !p.files)) notes.push("the configuration lacks the probes' own files: the report was made before childproof recorded them");
  const predicate: TestResultPredicate = { result, configuration: configuration(report, file), ...(url ? { url } : {}), ...lists };
  return { statement: { _type: STATEMENT_TYPE, subject, predicateType: TEST_RESULT_TYPE, predicate }, notes };
}
