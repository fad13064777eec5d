// A report as GitHub Actions workflow commands. Each outcome not as expected is one error
// annotation per failed assertion, on the line of the file that says what was expected:
// the case's assertion for a new failure, the probe's known-divergence signature for one
// that no longer shows. A notice sums up every report, as expected or not. Pure: where
// the files are comes in as `places` (report/places.ts reads them).

import type { FactName } from '../../model/case.ts';
import type { Report, TrialResult } from '../../model/report.ts';
import { runtimeOf, runtimeText } from '../../model/runtime-spec.ts';
import { interruptionWords, NOT_AS_EXPECTED } from '../build.ts';
import { summaryLine } from '../render.ts';
import { plainText } from './escape.ts';

/** Workflow command escaping: data, then property values (which also escape : and ,). */
const data = (s: string) => plainText(s).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** A file of the user's repository, and a line in it where one is known. */
export interface Place {
  file: string;
  line: number | null;
}

/** Where the files behind a trial are; null for one that is not in the user's repository. */
export interface Places {
  /** The case file, at its assertion `index` (its place in `assertions`), or at the top. */
  caseFile(caseId: string, index?: number): Place | null;
  /** The probe's known-divergence signature of this case and fact on this runtime. */
  signature(probe: string, caseId: string, fact: FactName, on: { name: string; release: string }): Place | null;
}

export const NO_PLACES: Places = { caseFile: () => null, signature: () => null };

function annotation(kind: 'error' | 'notice', title: string, message: string, at: Place | null = null): string {
  const where = at ? `file=${property(at.file)}${at.line !== null ? `,line=${at.line}` : ''},` : '';
  return `::${kind} ${where}title=${property(title)}::${data(message)}`;
}

/** One annotation per assertion that is news: a failure no known divergence accounts for,
 *  or a known divergence that did not show. */
function trialAnnotations(report: Report, t: TrialResult, places: Places): string[] {
  const on = runtimeOf(report.environment);
  const title = `childproof ${t.probe} on ${runtimeText(report.environment)}: ${t.case}`;
  const verdicts = t.verdicts ?? [];
  if (t.outcome === 'unexpected-pass') {
    const gone = verdicts.flatMap((v) => {
      const at = places.signature(t.probe, t.case, v.fact, on);
      return at && !v.knownDivergence ? [annotation('error', `${title}: known divergence gone`, `${v.fact} is now ${JSON.stringify(v.observed)}: ${t.reason ?? ''}`, at)] : [];
    });
    return gone.length ? gone : [annotation('error', `${title}: unexpected-pass`, t.reason ?? t.outcome, places.caseFile(t.case))];
  }
  const news = verdicts
    .map((v, i) => ({ v, i }))
    .filter(({ v }) => v.result !== 'pass' && !v.knownDivergence)
    .map(({ v, i }) => annotation('error', `${title}: ${v.clause}`, v.why, places.caseFile(t.case, i)));
  return news.length ? news : [annotation('error', `${title}: ${t.outcome}`, t.reason ?? t.outcome, places.caseFile(t.case))];
}

export function renderGithub(reports: Report[], places: Places = NO_PLACES): string {
  const lines: string[] = [];
  for (const report of reports) {
    if (report.interrupted) lines.push(annotation('error', `childproof run on ${runtimeText(report.environment)}: interrupted`, interruptionWords(report.interrupted)));
    for (const t of report.trials) if (NOT_AS_EXPECTED.has(t.outcome)) lines.push(...trialAnnotations(report, t, places));
    lines.push(annotation('notice', `childproof on ${runtimeText(report.environment)}`, summaryLine(report)));
  }
  return `${lines.join('\n')}\n`;
}
