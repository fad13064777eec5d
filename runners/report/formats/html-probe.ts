// One probe on one runtime, on the page: what it is, why it breaks what it breaks (its
// numbered explanations with the code they cite, read from the verified bytes), then its
// trials, those that break a clause first, each with its case's description, what was
// true at settlement, the timeline, the verdicts and every fact. Pure: it returns markup.

import type { CitedCode, Report, ReportProbe, TrialResult } from '../../model/report-types.ts';
import { runtimeKey, runtimeText, type RuntimeNamed } from '../../model/runtime-spec.ts';
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
import { trialData, type PageFacts } from './trial-data.ts';
import { explanationOf, NO_EXPLANATION } from '../explained.ts';

const anchor = (...parts: string[]) => parts.join('--').replace(/[^\w-]+/g, '-');

const SKIPPED = new Set(['unsupported', 'unavailable']);

/** Not as expected first, then trials that break a clause as known, then passes, then skips. */
function rank(t: TrialResult): number {
  if (NOT_AS_EXPECTED.has(t.outcome)) return 0;
  if (t.verdicts?.some((v) => v.result === 'fail')) return 1;
  if (SKIPPED.has(t.outcome)) return 3;
  return 2;
}

/** How a trial's timeline is drawn: here, or by the page's script when the trial is
 *  opened (timeline-script.ts), from data whose facts the page holds once (trial-data.ts). */
export type Drawn = 'inline' | PageFacts;

function trialBlock(report: Report, t: TrialResult, notes: string[], sectionId: string, drawn: Drawn): string {
  const runtime = runtimeKey(report.environment);
  const id = anchor(runtime, t.probe, t.case);
  const clauses = [...new Set((t.verdicts ?? []).map((v) => v.clause))];
  const with_ = (result: string) => [...new Set((t.verdicts ?? []).filter((v) => v.result === result).map((v) => v.clause))].join(' ');
  const data = `id="${id}" data-probe="${h(t.probe)}" data-runtime="${runtime}" data-outcome="${t.outcome}" data-clauses="${clauses.join(' ')}" data-fails="${with_('fail')}" data-unknowns="${with_('unknown')}"`;
  const title = report.cases.find((c) => c.id === t.case)?.title ?? '';
  const self = `<a class="self" href="#${id}" title="a link to this trial">#</a>`;
  const head = `<span class="outcome ${t.outcome}">${t.outcome}</span> <b>${h(t.case)}</b> ${self}${title ? `<br><span class="case-title">${h(title)}</span>` : ''}`;
  if (SKIPPED.has(t.outcome)) return `<li class="trial" ${data}>${head}: ${h(shortReason(t.probe, t.reason))}</li>`;
  const facts = t.facts ? `<details class="facts"><summary>every fact</summary>${drawn === 'inline' ? factsTable(t) : ''}</details>` : '';
  const verdicts = (t.verdicts ?? [])
    .filter((v) => v.result !== 'pass')
    .map((v) => {
      const said = explanationOf(v);
      const n = said ? notes.indexOf(said) + 1 : 0;
      const known = n ? ` <a class="why" href="#${sectionId}--why-${n}">known: explanation ${n}</a>` : v.knownDivergence ? ` <span class="why">known; ${NO_EXPLANATION}</span>` : '';
      return `<li class="verdict ${v.result}"><b>${v.result === 'fail' ? 'breaks' : v.result}</b> ${h(v.clause)}: ${h(v.why)}${known}</li>`;
    })
    .join('');
  const words = plainWords(t);
  return (
    `<details class="trial" ${data}><summary>${head}</summary>` +
    // A known failure's reason is its explanation, numbered above and linked from its verdicts.
    (t.reason && t.outcome !== 'known-fail' ? `<p>${h(t.reason)}</p>` : '') +
    (words ? `<p class="words">${wordsLabel(t)}: ${h(words)}</p>` : '') +
    (verdicts ? `<ul class="verdicts">${verdicts}</ul>` : '') +
    (t.timeline?.length ? `<div class="timeline-box">${drawn === 'inline' ? renderTimeline(t, false) : ''}</div>` : '') +
    facts +
    (drawn === 'inline' ? '' : trialData(t, drawn)) +
    (t.observations || t.outcome === 'error' ? `<p>Run it again: <code>${h(replayCommand(report, t))}</code></p>` : '') +
    '</details>'
  );
}

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
  const ran = trials.filter((t) => !SKIPPED.has(t.outcome));
  const skipped = trials.filter((t) => SKIPPED.has(t.outcome));
  const skippedList = skipped.length ? `<details class="skipped"><summary>${skipped.length} case${skipped.length === 1 ? '' : 's'} not run here</summary><ul>${skipped.map((t) => trialBlock(report, t, notes, sectionId, drawn)).join('')}</ul></details>` : '';
  return (
    `<section class="probe" id="${sectionId}" data-probe="${h(p.name)}" data-runtime="${runtime}"><h3>${h(p.name)} <small>on ${h(runtimeText(report.environment))}</small></h3>` +
    `<p>${h(p.title)}</p>${explanations(report, p, notes, sectionId, findingsPage)}${identity}${ran.map((t) => trialBlock(report, t, notes, sectionId, drawn)).join('')}${skippedList}</section>`
  );
}
