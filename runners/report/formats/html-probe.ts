// One probe on one runtime, on the page: what it is, why it breaks what it breaks (its
// numbered explanations with the code they cite, read from the verified bytes), then its
// trials, those that break a clause first, each with its case's description, what was
// true at settlement, the timeline, the verdicts and every fact. Pure: it returns markup.

import type { CitedCode, Report, ReportProbe, TrialResult } from '../../model/report-types.ts';
import { runtimeFlag, runtimeKey, runtimeText, type RuntimeNamed } from '../../model/runtime-spec.ts';
import { NOT_AS_EXPECTED } from '../build.ts';
import { describeUnpinned, unpinnedOf } from '../unpinned.ts';
import { shortReason } from '../verdict.ts';
import { citationParts } from '../cited.ts';
import { loadRuntimeFindings } from '../../model/runtime-findings.ts';
import { escapeMarkup as h } from './escape.ts';
import { replayCommand } from './markdown.ts';
import { plainWords, wordsLabel } from './plain-words.ts';
import { renderTimeline } from './timeline-svg.ts';
import { factsTable } from './facts-table.ts';
import { trialWritten, type PageTable } from './trial-data.ts';
import { anchor, blockMarkup, type Block } from './trial-block.ts';
import { explanationOf } from '../explained.ts';

const SKIPPED = new Set(['unsupported', 'unavailable']);

/** Not as expected first, then trials that break a clause as known, then passes, then skips. */
function rank(t: TrialResult): number {
  if (NOT_AS_EXPECTED.has(t.outcome)) return 0;
  if (t.verdicts?.some((v) => v.result === 'fail')) return 1;
  if (SKIPPED.has(t.outcome)) return 3;
  return 2;
}

/** How a trial's block is drawn: here, or by the page's script, from data whose repeated
 *  parts the page holds once (trial-data.ts, timeline-script.ts). */
export type Drawn = 'inline' | PageTable;

/** What a trial's block says, in plain strings; `notes`, its section's explanations in order. */
function blockOf(report: Report, t: TrialResult, notes: string[]): Block {
  const with_ = (result: string) => [...new Set((t.verdicts ?? []).filter((v) => v.result === result).map((v) => v.clause))].join(' ');
  const head = { probe: t.probe, runtime: runtimeKey(report.environment), case: t.case, outcome: t.outcome, title: report.cases.find((c) => c.id === t.case)?.title ?? '' };
  const marks = { clauses: [...new Set((t.verdicts ?? []).map((v) => v.clause))].join(' '), fails: with_('fail'), unknowns: with_('unknown') };
  if (SKIPPED.has(t.outcome)) return { ...head, ...marks, skipped: shortReason(t.probe, t.reason), verdicts: [], timeline: false, facts: false };
  const verdicts = (t.verdicts ?? [])
    .filter((v) => v.result !== 'pass')
    .map((v) => {
      const said = explanationOf(v);
      const known = said ? notes.indexOf(said) + 1 : v.knownDivergence ? ('unexplained' as const) : undefined;
      return { result: v.result, clause: v.clause, why: v.why, ...(known ? { known } : {}) };
    });
  const words = plainWords(t);
  return {
    ...head,
    ...marks,
    // A known failure's reason is its explanation, numbered above and linked from its verdicts.
    ...(t.reason && t.outcome !== 'known-fail' ? { reason: t.reason } : {}),
    ...(words ? { words: `${wordsLabel(t)}: ${words}` } : {}),
    verdicts,
    timeline: !!t.timeline?.length,
    facts: !!t.facts,
    ...(t.observations || t.outcome === 'error' ? { rerun: replayCommand(report, t) } : {}),
  };
}

/** The trials of a section drawn here, every timeline and table of facts with them. */
function blocksInline(report: Report, trials: TrialResult[], notes: string[]): string {
  return trials.map((t) => blockMarkup(blockOf(report, t, notes), { timeline: t.timeline?.length ? renderTimeline(t, false) : '', facts: t.facts ? factsTable(t) : '' })).join('');
}

/** The place where the page's script draws the trials of a section (timeline-script.ts). */
function blocksDrawn(report: Report, trials: TrialResult[], notes: string[], table: PageTable, tag: 'div' | 'ul'): string {
  const written = trials.map((t) => trialWritten(t, blockOf(report, t, notes), table));
  return `<${tag} class="trials" data-trials="${table.place(written)}" data-flag="${h(runtimeFlag(report.environment))}"></${tag}>`;
}

const blocks = (report: Report, trials: TrialResult[], notes: string[], drawn: Drawn, tag: 'div' | 'ul') =>
  drawn === 'inline' ? blocksInline(report, trials, notes) : blocksDrawn(report, trials, notes, drawn, tag);

/** One citation: where the code is, then the code the run read. */
export function citeMarkup(c: CitedCode, env: RuntimeNamed): string {
  const { where, code } = citationParts(c, env);
  return `<p class="cite">${h(where)}</p>${code ? `<pre><code>${h(code)}</code></pre>` : ''}`;
}

/** The probe's explanations, numbered in the order its trials first cite them, with their code. */
function explanations(report: Report, p: ReportProbe, notes: string[], sectionId: string, findingsPage: string): string {
  if (!notes.length) return '';
  const findings = loadRuntimeFindings();
  const items = notes.map((why, i) => {
    // The runtime's: explained once, under Runtime findings, and named here.
    const finding = findings.find((f) => f.why === why);
    if (finding) return `<li id="${sectionId}--why-${i + 1}">The runtime's, not the library's: <a href="${h(findingsPage)}#runtime-finding-${h(finding.id)}">${h(finding.title)}</a></li>`;
    const cites = (p.explanations?.find((e) => e.why === why)?.cites ?? []).map((c) => citeMarkup(c, report.environment));
    return `<li id="${sectionId}--why-${i + 1}">${h(why)}${cites.join('')}</li>`;
  });
  return `<details class="explanations"><summary>Why it breaks what it breaks: ${notes.length} explanation${notes.length === 1 ? '' : 's'}, with the code they cite</summary><ol>${items.join('')}</ol></details>`;
}

/** `findingsPage`: the page the runtime findings are on, '' for this one. */
export function probeSection(report: Report, p: ReportProbe, findingsPage = '', drawn: Drawn = 'inline'): string {
  const runtime = runtimeKey(report.environment);
  const sectionId = anchor(runtime, p.name);
  const trials = report.trials.filter((t) => t.probe === p.name).sort((a, b) => rank(a) - rank(b));
  const notes = [...new Set(trials.flatMap((t) => (t.verdicts ?? []).map(explanationOf).filter((w): w is string => !!w)))];
  const id = p.identity;
  const what = id.kind === 'builtin' ? `${runtimeText(report.environment)}'s own ${id.module}` : id.kind === 'package' ? `${id.name}@${id.version}` : id.kind === 'git' ? `git ${id.commit.slice(0, 12)}` : 'pinned files';
  const files = 'paths' in id ? id.paths.map((f) => `<li><code>${h(f.path)}</code> ${f.blob}</li>`).join('') : '';
  const loose = unpinnedOf(p);
  const modules = loose ? `<p class="unpinned">Unpinned: ${h(describeUnpinned(loose, Infinity))}.</p><ul>${p.verified!.unverifiedModules.map((m) => `<li><code>${h(m)}</code></li>`).join('')}</ul>` : '';
  const identity = `<details class="identity"><summary>Identity: ${h(what)}; ${p.verified ? `verified (${h(p.verified.loader)})` : h(`not run: ${p.unavailable}`)}${loose ? h(`; ${loose.modules} unpinned modules`) : ''}</summary><ul>${files}</ul>${modules}</details>`;
  // A page of one library on every runtime lists the files it verified once.
  const shownAt = drawn === 'inline' ? undefined : drawn.shownAt(identity, runtimeText(report.environment));
  const identified = shownAt ? `<p class="identity">Identity: as on ${h(shownAt)}, above.</p>` : identity;
  const ran = trials.filter((t) => !SKIPPED.has(t.outcome));
  const skipped = trials.filter((t) => SKIPPED.has(t.outcome));
  const skippedList = skipped.length ? `<details class="skipped"><summary>${skipped.length} case${skipped.length === 1 ? '' : 's'} not run here</summary>${drawn === 'inline' ? `<ul>${blocks(report, skipped, notes, drawn, 'ul')}</ul>` : blocks(report, skipped, notes, drawn, 'ul')}</details>` : '';
  return (
    `<section class="probe" id="${sectionId}" data-probe="${h(p.name)}" data-runtime="${runtime}"><h3>${h(p.name)} <small>on ${h(runtimeText(report.environment))}</small></h3>` +
    `<p>${h(p.title)}</p>${explanations(report, p, notes, sectionId, findingsPage)}${identified}${blocks(report, ran, notes, drawn, 'div')}${skippedList}</section>`
  );
}
