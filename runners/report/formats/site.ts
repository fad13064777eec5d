// The published results as a light site: an index that answers in seconds (what changed,
// the bottom line naming who breaks what, the matrix with its tools, the words defined,
// the runtime findings) and, for each library, a page of its own with its trials on every
// runtime and the badge its README can show, so no page draws every trial's timeline at
// once. Pure: it returns each file's path, relative to the index, and its text.

import { runtimeFindingsSection } from './html-runtime-findings.ts';
import { runtimeFindingRows } from '../runtime-findings-published.ts';
import { loadRuntimeFindings } from '../../model/runtime-findings.ts';
import type { Report } from '../../model/report-types.ts';
import { newestFirst, verdictRows } from '../verdict.ts';
import { FILTER_SCRIPT, MATRIX_SCRIPT } from './html-assets.ts';
import { timelineScript } from './timeline-script.ts';
import { pageTable } from './trial-data.ts';
import { legend, matrix, verdictSection, type VerdictLinks } from './html-verdict.ts';
import { filtersForm, INTRO, metaLine, pageShell, runtimeSection, status, TITLE, type PageContext } from './html.ts';
import { escapeMarkup as h } from './escape.ts';
import { byRuntime } from './group.ts';
import { renderBadge } from './badge.ts';
import { changesSection } from './html-changes.ts';
import { factsSection } from './html-facts.ts';
import { loadFactMeanings } from '../../model/fact-meanings.ts';

interface SitePage {
  /** Relative to the index: `index.html`, `trials.js`, `execa10/index.html`, `execa10/badge.svg`. */
  path: string;
  text: string;
}

/** A library's page and badge, beside its published reports. */
export const probePage = (probe: string) => `${probe}/index.html`;
const probeBadge = (probe: string) => `${probe}/badge.svg`;

/** The script every library's page runs, once beside the index rather than in each page:
 *  it draws the trials first, so the filters and a trial's permalink find them. */
const TRIALS_SCRIPT = 'trials.js';
const trialsScript = () => `${timelineScript()}\n${FILTER_SCRIPT}`;

const FROM_INDEX: VerdictLinks = { trials: (probe) => probePage(probe), glossary: '' };
const FROM_PROBE: VerdictLinks = { trials: () => '', glossary: '../index.html' };

function indexPage(given: Report[], reports: Report[], context: PageContext): string {
  const rows = verdictRows(reports);
  const findings = runtimeFindingsSection(runtimeFindingRows(reports, context.findings ?? loadRuntimeFindings()));
  const body = `<h1>${h(TITLE)}</h1>${metaLine(given, reports)}\n${INTRO}\n${changesSection(context.changes ?? null)}${verdictSection(rows, context.sweeps ?? [], FROM_INDEX)}${findings}${status(reports)}`;
  return pageShell(TITLE, body, [MATRIX_SCRIPT]);
}

function libraryPage(given: Report[], reports: Report[], probe: string, context: PageContext): string {
  const own = reports.filter((r) => r.probes.some((p) => p.name === probe));
  const rows = verdictRows(own).filter((r) => r.probe === probe);
  const title = `${probe}: every trial, by childproof`;
  const what = own[0].probes.find((p) => p.name === probe)!.title;
  // The badge beside the reports, and the line a maintainer pastes into a README.
  const badge = `<p class="badge"><img src="badge.svg" alt="childproof badge of ${h(probe)}"> For a README: <code>${h(`![childproof](${probeBadge(probe)})`)}</code>, from this directory of results.</p>`;
  const table = pageTable();
  const body =
    `<p class="back"><a href="../index.html">← every library</a></p><h1>${h(probe)}</h1><p class="intro">${h(what)}</p>${metaLine(given.filter((r) => r.probes.some((p) => p.name === probe)), own)}${badge}` +
    `${legend(FROM_PROBE)}${matrix(rows, [], rows[0]?.kind ?? 'library', FROM_PROBE)}${filtersForm(own, [probe])}<div id="trials"><noscript><p>The page's script draws its trials; the JSON reports beside it hold every one.</p></noscript>${own.map((r) => runtimeSection(r, [probe], '../index.html', table)).join('')}</div>` +
    factsSection(own.map((r) => ({ ...r, trials: r.trials.filter((t) => t.probe === probe) })), context.factMeanings ?? loadFactMeanings()) +
    table.script();
  return pageShell(title, body, [], [`../${TRIALS_SCRIPT}`]);
}

export function renderSite(given: Report[], context: PageContext = {}): SitePage[] {
  const reports = byRuntime(given).sort((a, b) => newestFirst(a.environment, b.environment));
  const probes = [...new Set(reports.flatMap((r) => r.probes.map((p) => p.name)))].sort();
  const mine = (probe: string) => given.filter((r) => r.probes.some((p) => p.name === probe)).map((r) => ({ ...r, probes: r.probes.filter((p) => p.name === probe), trials: r.trials.filter((t) => t.probe === probe) }));
  return [
    { path: 'index.html', text: indexPage(given, reports, context) },
    { path: TRIALS_SCRIPT, text: trialsScript() },
    ...probes.flatMap((p) => [
      { path: probePage(p), text: libraryPage(given, reports, p, context) },
      { path: probeBadge(p), text: renderBadge(mine(p)) },
    ]),
  ];
}
