// A report as GitHub Actions workflow commands. Each trial not as expected is one
// annotation, on the line of the file that says what was expected: a regression an error on
// the case's assertion, an improvement a notice on the probe's known-divergence signature
// that no longer shows, an adapter's or the harness's error an error on the adapter. They
// sit in a group of the log; a notice sums up every report, as expected or not. Pure:
// where the files are comes in as `places` (report/places.ts reads them).

import type { FactName } from '../../model/case.ts';
import type { Report, TrialResult } from '../../model/report-types.ts';
import { runtimeOf, runtimeText } from '../../model/runtime-spec.ts';
import { interruptionWords, NOT_AS_EXPECTED } from '../build.ts';
import { summaryLine } from '../render-terminal.ts';
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
  /** The probe's adapter, at the line where it calls its target. */
  adapter(probe: string): Place | null;
}

const NO_PLACES: Places = { caseFile: () => null, signature: () => null, adapter: () => null };

function annotation(kind: 'error' | 'notice', title: string, message: string, at: Place | null = null): string {
  const where = at ? `file=${property(at.file)}${at.line !== null ? `,line=${at.line}` : ''},` : '';
  return `::${kind} ${where}title=${property(title)}::${data(message)}`;
}

/** The assertions of a trial that are news: failed with no known divergence to account for them. */
const newsOf = (t: TrialResult) => (t.verdicts ?? []).map((v, i) => ({ v, i })).filter(({ v }) => v.result !== 'pass' && !v.knownDivergence);

/**
 * One annotation per trial that is not as expected. An improvement (a known divergence
 * gone) is a notice on the signature's line in divergences.json, saying that `bless`
 * accepts it; a regression an error on the line of its first new assertion (or, where the
 * case is not the repository's, the divergences entry it no longer matches, or the
 * adapter's call of its target), naming every clause it breaks; an error of the adapter
 * or the harness an error on the adapter, since it says nothing of the target.
 */
function trialAnnotation(report: Report, t: TrialResult, places: Places): string {
  const on = runtimeOf(report.environment);
  const title = `childproof ${t.probe} on ${runtimeText(report.environment)}: ${t.case}`;
  const verdicts = t.verdicts ?? [];
  if (t.outcome === 'unexpected-pass') {
    const gone = verdicts.filter((v) => v.result === 'pass' && places.signature(t.probe, t.case, v.fact, on));
    const clauses = [...new Set(gone.map((v) => v.clause))];
    const now = gone.map((v) => `${v.fact} is now ${JSON.stringify(v.observed)}`).join('; ');
    const words = `fixed: ${clauses.length ? `${clauses.join(', ')} now ${clauses.length === 1 ? 'holds' : 'hold'}` : 'a known divergence no longer shows'} in ${t.case}${now ? ` (${now})` : ''}; \`childproof bless\` accepts it. ${t.reason ?? ''}`.trim();
    const at = gone.length ? places.signature(t.probe, t.case, gone[0].fact, on) : places.caseFile(t.case);
    return annotation('notice', `${title}: fixed`, words, at);
  }
  if (t.outcome === 'error') return annotation('error', `${title}: error (the adapter or the harness, not the target)`, t.reason ?? t.outcome, places.adapter(t.probe));
  const news = newsOf(t);
  if (!news.length) return annotation('error', `${title}: ${t.outcome}`, t.reason ?? t.outcome, places.caseFile(t.case));
  const clauses = [...new Set(news.map(({ v }) => v.clause))];
  const hung = t.facts?.settled === 'pending' ? 'the call never settled. ' : '';
  // On the maintainer's own lines: the case where the repository holds it, else the
  // divergences entry the trial no longer matches, else the adapter's call of the target.
  const at = places.caseFile(t.case, news[0].i) ?? places.signature(t.probe, t.case, news[0].v.fact, on) ?? places.adapter(t.probe);
  return annotation('error', `${title}: ${t.outcome === 'fail' ? 'breaks' : t.outcome} ${clauses.join(', ')}`, `${hung}${news.map(({ v }) => `${v.clause}: ${v.why}`).join('\n')}`, at);
}

/** Regressions first, then errors, then improvements: what must be fixed before what may be accepted. */
const rank = (t: TrialResult) => (t.outcome === 'unexpected-pass' ? 2 : t.outcome === 'error' ? 1 : 0);

export function renderGithub(reports: Report[], places: Places = NO_PLACES): string {
  const lines: string[] = [];
  for (const report of reports) {
    const news = report.trials.filter((t) => NOT_AS_EXPECTED.has(t.outcome)).sort((a, b) => rank(a) - rank(b));
    if (report.interrupted) lines.push(annotation('error', `childproof run on ${runtimeText(report.environment)}: interrupted`, interruptionWords(report.interrupted)));
    // Folded in the log, one line a trial; the annotations show on the files either way.
    if (news.length) lines.push(`::group::childproof on ${runtimeText(report.environment)}: ${news.length} trial${news.length === 1 ? '' : 's'} not as expected`, ...news.map((t) => trialAnnotation(report, t, places)), '::endgroup::');
    lines.push(annotation('notice', `childproof on ${runtimeText(report.environment)}`, summaryLine(report)));
  }
  return `${lines.join('\n')}\n`;
}
