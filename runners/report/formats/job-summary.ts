// A CI job's summary (GitHub's GITHUB_STEP_SUMMARY): one status line, then what changed,
// one line a trial (a regression, a fix `bless` accepts, an error of the adapter or the
// harness), then everything as expected folded, a line per probe and runtime, with no fact tables, so a maintainer reads
// it at a glance and it stays under 10 KB however many trials ran. Pure: it returns Markdown.

import type { Report, TrialResult } from '../../model/report-types.ts';
import { runtimeText } from '../../model/runtime-spec.ts';
import { interruptionWords, NOT_AS_EXPECTED } from '../build.ts';
import { mdCode, mdText } from './escape.ts';

/** Past these, a list says how many more there are and where to read them. */
const CHANGED_SHOWN = 40;
const FOLDED_SHOWN = 60;
const WHY_CHARS = 160;

const clip = (s: string) => (s.length > WHY_CHARS ? `${s.slice(0, WHY_CHARS - 1)}…` : s);

const counts = (trials: TrialResult[]) => {
  const by = new Map<string, number>();
  for (const t of trials) by.set(t.outcome, (by.get(t.outcome) ?? 0) + 1);
  return [...by].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n} ${k}`).join(', ');
};

/** One line of what changed: what kind of change, where, and why in a sentence. */
function changeLine(report: Report, t: TrialResult): string {
  const where = `**${mdText(t.probe)}** on ${mdText(runtimeText(report.environment))}: ${mdCode(t.case)}`;
  const failed = (t.verdicts ?? []).filter((v) => v.result !== 'pass' && !v.knownDivergence);
  if (t.outcome === 'unexpected-pass') {
    const clauses = [...new Set((t.verdicts ?? []).filter((v) => v.result === 'pass').map((v) => v.clause))];
    return `- fixed: ${where}: ${mdText(clip(t.reason ?? `${clauses.join(', ')} now holds`))}; ${mdCode('childproof bless')} accepts it`;
  }
  if (t.outcome === 'error') return `- error (the adapter or the harness, not the target): ${where}: ${mdText(clip(t.reason ?? 'error'))}`;
  const hung = t.facts?.settled === 'pending' ? 'never settled; ' : '';
  const why = failed.length ? `breaks ${[...new Set(failed.map((v) => v.clause))].join(', ')}: ${failed[0].why}` : (t.reason ?? t.outcome);
  return `- ${t.outcome === 'fail' ? 'regression' : t.outcome}: ${where}: ${mdText(clip(`${hung}${why}`))}`;
}

export function renderJobSummary(reports: Report[]): string {
  const trials = reports.flatMap((r) => r.trials.map((t) => ({ report: r, t })));
  const changed = trials.filter(({ t }) => NOT_AS_EXPECTED.has(t.outcome));
  const cut = reports.filter((r) => r.interrupted);
  const ok = changed.length === 0 && cut.length === 0;
  const runtimes = [...new Set(reports.map((r) => runtimeText(r.environment)))].join(', ');
  const worse = changed.filter(({ t }) => t.outcome !== 'unexpected-pass').length;
  const status = ok
    ? `childproof: as expected: ${trials.length} trials on ${runtimes} (${counts(trials.map((x) => x.t))})`
    : `childproof: NOT as expected: ${counts(changed.map((x) => x.t)) || 'interrupted'} of ${trials.length} trials on ${runtimes}${worse === 0 && cut.length === 0 ? '; only improvements, which childproof bless accepts' : ''}`;
  const lines = [`## ${mdText(status)}`, ''];
  for (const r of cut) lines.push(`Interrupted on ${mdText(runtimeText(r.environment))}: ${mdText(interruptionWords(r.interrupted!))}.`, '');
  if (changed.length) {
    // Regressions and errors first: they are what stops a release.
    const order = (t: TrialResult) => (t.outcome === 'unexpected-pass' ? 1 : 0);
    const sorted = [...changed].sort((a, b) => order(a.t) - order(b.t));
    lines.push(`### What changed (${changed.length})`, '', ...sorted.slice(0, CHANGED_SHOWN).map(({ report, t }) => changeLine(report, t)));
    if (sorted.length > CHANGED_SHOWN) lines.push(`- … and ${sorted.length - CHANGED_SHOWN} more, in the report (${mdCode('childproof render REPORT')})`);
    lines.push('');
  }
  const same = trials.filter(({ t }) => !NOT_AS_EXPECTED.has(t.outcome));
  if (same.length) {
    // Folded by probe and runtime: a line each, however many trials each ran.
    const groups = new Map<string, TrialResult[]>();
    for (const { report, t } of same) {
      const key = `${mdText(t.probe)} on ${mdText(runtimeText(report.environment))}`;
      groups.set(key, [...(groups.get(key) ?? []), t]);
    }
    const rows = [...groups].map(([key, ts]) => `- ${key}: ${counts(ts)}`);
    lines.push(`<details><summary>${same.length} trials as expected (${counts(same.map((x) => x.t))})</summary>`, '');
    lines.push(...rows.slice(0, FOLDED_SHOWN));
    if (rows.length > FOLDED_SHOWN) lines.push(`- … and ${rows.length - FOLDED_SHOWN} more probes and runtimes`);
    lines.push('', '</details>', '');
  }
  return lines.join('\n');
}
