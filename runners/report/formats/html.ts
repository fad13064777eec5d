// A report as one self-contained page: no network, no external assets. The overview
// (probe x clause, each cell linked), filters by probe, clause and outcome, then per
// probe its identity and per trial its facts, verdicts with explanations and timeline.
// Pure: it returns markup.

import { CLAUSES, FACT_NAMES } from '../../model/case.ts';
import type { Report, TrialResult } from '../../model/report.ts';
import { show } from '../../judge/verdicts.ts';
import { interruptionWords } from '../build.ts';
import { clauseState } from '../render.ts';
import { replayCommand } from './markdown.ts';
import { describeUnpinned, unpinnedOf } from '../unpinned.ts';
import { escapeMarkup } from './escape.ts';
import { byRuntime } from './group.ts';
import { plainWords } from './plain-words.ts';
import { renderTimeline } from './timeline.ts';
import { runtimeText } from '../../model/runtime-spec.ts';

const h = escapeMarkup;
const anchor = (...parts: string[]) => parts.join('--').replace(/[^\w-]+/g, '-');

function trialBlock(report: Report, t: TrialResult, runtime: string): string {
  const clauses = [...new Set((t.verdicts ?? []).map((v) => v.clause))];
  const words = plainWords(t);
  const evidence = t.evidence ? `<tr><th>the error's message</th><td>${h(t.evidence['error.message'])}</td></tr>` : '';
  const facts = t.facts ? `<table class="facts">${FACT_NAMES.map((f) => `<tr><th>${f}</th><td>${h(show(t.facts![f]))}</td></tr>`).join('')}${evidence}</table>` : '';
  const verdicts = (t.verdicts ?? [])
    .map((v) => `<li class="verdict ${v.result}"><b>${v.result}</b> ${h(v.clause)}: ${h(v.why)}${v.knownDivergence ? `<br><i>Known: ${h(v.knownDivergence)}</i>` : ''}</li>`)
    .join('');
  return (
    `<details class="trial" id="${anchor(runtime, t.probe, t.case)}" data-probe="${h(t.probe)}" data-outcome="${t.outcome}" data-clauses="${clauses.join(' ')}">` +
    `<summary><span class="outcome ${t.outcome}">${t.outcome}</span> ${h(t.case)}</summary>` +
    (t.reason ? `<p>${h(t.reason)}</p>` : '') +
    (words ? `<p class="words">At settlement: ${h(words)}</p>` : '') +
    (t.timeline?.length ? renderTimeline(t) : '') +
    (verdicts ? `<ul class="verdicts">${verdicts}</ul>` : '') +
    facts +
    (t.observations || t.outcome === 'error' ? `<p>Run it again: <code>${h(replayCommand(report, t))}</code></p>` : '') +
    '</details>'
  );
}

function reportSection(report: Report): string {
  const runtime = runtimeText(report.environment);
  const rows = report.probes
    .map((p) => {
      const trials = report.trials.filter((t) => t.probe === p.name);
      const cells = CLAUSES.map((c) => {
        const state = clauseState(trials, c);
        return `<td class="state ${state === '-' ? 'none' : state}"><a href="#${anchor(runtime, p.name)}">${state === '-' ? 'not covered' : state}</a></td>`;
      });
      return `<tr><th><a href="#${anchor(runtime, p.name)}">${h(p.name)}</a></th>${cells.join('')}</tr>`;
    })
    .join('');
  const overview = `<table class="overview"><thead><tr><th>probe</th>${CLAUSES.map((c) => `<th>${c}</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table>`;
  const probes = report.probes
    .map((p) => {
      const id = p.identity;
      const what = id.kind === 'builtin' ? `Node's own ${id.module}` : id.kind === 'package' ? `${id.name}@${id.version}` : id.kind === 'git' ? `git ${id.commit.slice(0, 12)}` : 'pinned files';
      const files = 'paths' in id ? id.paths.map((f) => `<li><code>${h(f.path)}</code> ${f.blob}</li>`).join('') : '';
      const loose = unpinnedOf(p);
      const modules = loose ? `<p class="unpinned">Unpinned: ${h(describeUnpinned(loose, Infinity))}.</p><ul>${p.verified!.unverifiedModules.map((m) => `<li><code>${h(m)}</code></li>`).join('')}</ul>` : '';
      const identity = `<details class="identity"><summary>Identity: ${h(what)}; ${p.verified ? `verified (${h(p.verified.loader)})` : h(`not run: ${p.unavailable}`)}${loose ? h(`; ${loose.modules} unpinned modules`) : ''}</summary><ul>${files}</ul>${modules}</details>`;
      const trials = report.trials.filter((t) => t.probe === p.name).map((t) => trialBlock(report, t, runtime)).join('');
      return `<section class="probe" id="${anchor(runtime, p.name)}" data-probe="${h(p.name)}"><h3>${h(p.name)} <small>on Node ${h(runtime)}</small></h3><p>${h(p.title)}</p>${identity}${trials}</section>`;
    })
    .join('');
  const cut = report.interrupted ? `<p class="interrupted"><b>Interrupted:</b> ${h(interruptionWords(report.interrupted))}.</p>` : '';
  return `<section class="report"><h2>${h(runtime)}, ${h(report.environment.platform)} ${h(report.environment.arch)}; ${report.summary.total} trials, ${report.summary.asExpected ? 'all as expected' : 'NOT as expected'}</h2>${cut}${overview}${probes}</section>`;
}

function options(values: string[]): string {
  return ['<option value="">all</option>', ...values.map((v) => `<option>${h(v)}</option>`)].join('');
}

export function renderHtml(given: Report[]): string {
  const reports = byRuntime(given);
  const probes = [...new Set(reports.flatMap((r) => r.probes.map((p) => p.name)))];
  const outcomes = [...new Set(reports.flatMap((r) => r.trials.map((t) => t.outcome)))];
  const filters =
    `<form class="filters" id="filters">` +
    `<label>probe <select name="probe">${options(probes)}</select></label>` +
    `<label>clause <select name="clause">${options([...CLAUSES])}</select></label>` +
    `<label>outcome <select name="outcome">${options(outcomes)}</select></label></form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>childproof report</title><style>${STYLE}</style></head>
<body><h1>childproof report</h1>${filters}<div id="overview">${reports.map(reportSection).join('')}</div>
<script>${FILTER_SCRIPT}</script></body></html>
`;
}

const STYLE = [
  'body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:12px;color:#222}',
  'table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #ddd;padding:3px 6px;text-align:left;font-size:13px}',
  '.overview{display:block;overflow-x:auto}.state.holds{background:#e3f4e3}.state.breaks{background:#fbe3e3}.state.unknown{background:#fff3cd}.state.none{color:#999}',
  '.outcome{font:bold 12px monospace;padding:1px 5px;border-radius:3px;background:#eee}.outcome.pass{background:#e3f4e3}.outcome.known-fail{background:#fff3cd}',
  '.outcome.fail,.outcome.error,.outcome.flaky,.outcome.unknown,.outcome.unexpected-pass{background:#fbe3e3}',
  'details.trial{border-top:1px solid #eee;padding:4px 0}summary{cursor:pointer}svg.timeline{width:100%;height:auto;max-width:760px;display:block}',
  '.verdict.fail b{color:#c00}.verdict.pass b{color:#393}.filters label{margin-right:12px}code{word-break:break-all}',
  '@media (max-width:600px){body{font-size:14px;padding:6px}th,td{font-size:11px;padding:2px}}',
].join('');

/** Hides the trials and probes the filters leave out. Plain DOM, no library. */
const FILTER_SCRIPT = `
const form = document.getElementById('filters');
form.addEventListener('change', () => {
  const f = Object.fromEntries(new FormData(form));
  for (const t of document.querySelectorAll('.trial')) {
    const ok = (!f.probe || t.dataset.probe === f.probe) && (!f.outcome || t.dataset.outcome === f.outcome) && (!f.clause || t.dataset.clauses.split(' ').includes(f.clause));
    t.hidden = !ok;
  }
  for (const s of document.querySelectorAll('section.probe')) s.hidden = !!f.probe && s.dataset.probe !== f.probe;
});
`;
