// The findings table, generated from the published reports alone so it can always be
// checked against them. It opens with the overview: one row per library and version, one
// column per clause, the runtimes that agree on every fact in one row. Then per library
// and version, each clause's finding, where each explanation is written once and
// referenced by number, and the code it cites.

import { clausesOf, type Clause } from '../model/case.ts';
import { probeKindIn } from '../model/kinds/kind.ts';
import type { CitedCode, Report, TrialResult } from '../model/report-types.ts';
import { compareReports, shippedRacy, type IsRacy } from './compare-observed.ts';
import { probeVersion } from './publish-files.ts';
import { clauseState } from './render-terminal.ts';
import { citationParts } from './cited.ts';
import { runtimeFindingRows, type RuntimeFindingRow } from './runtime-findings-published.ts';
import { loadRuntimeFindings, type RuntimeFinding } from '../model/runtime-findings.ts';
import { list, neverSettled } from './verdict.ts';
import { describeUnpinned, unpinnedOf } from './unpinned.ts';
import { findingsHead } from './findings-head.ts';
import { changesMarkdown, type PublishedChanges } from './changes.ts';
import { mdCode, mdLine, mdText, plainText } from './formats/escape.ts';
import { clauseGroups, mdValue } from './formats/markdown.ts';
import { trialLines } from './report-text.ts';
import type { SweepLink } from './sweep-links.ts';
import { RUNTIME_KINDS, runtimeOf, type RuntimeNamed } from '../model/runtime-spec.ts';
import { explanationOf, NO_EXPLANATION } from './explained.ts';

/** A clause as a heading reads it: its words, without the hyphens. */
const label = (c: Clause) => c.replace(/-/g, ' ');

type Published = { file: string; report: Report };

/** Reports of one probe and version whose trials agree on every fact and outcome. */
interface Row {
  name: string;
  version: string;
  runtimes: string[];
  parts: Published[];
}

/** Agreeing as compare reads it (cases/INTERPRETING.md, Comparing): every fact and outcome, but for a racy one. */
function agree(a: Report, b: Report, racy: IsRacy): boolean {
  const c = compareReports(a, b, racy);
  return c.differences.length === 0 && c.onlyIn.length === 0;
}

/** Rows: per probe and version, the runtimes that agree on every fact (but a racy one) share one. */
function findingRows(reports: Published[], racy: IsRacy = shippedRacy()): Row[] {
  const rows: Row[] = [];
  for (const p of [...reports].sort((a, b) => a.file.localeCompare(b.file))) {
    const probe = p.report.probes[0];
    const version = probeVersion(probe, p.report.environment);
    // A builtin is filed by its runtime: each runtime is a version of its own.
    const same = rows.find((r) => r.name === probe.name && r.version === version && agree(r.parts[0].report, p.report, racy));
    if (same) {
      same.runtimes.push(releaseText(p.report.environment));
      same.parts.push(p);
    } else rows.push({ name: probe.name, version, runtimes: [releaseText(p.report.environment)], parts: [p] });
  }
  return rows;
}

/** `Node 20.20.2`, `Bun 1.4.4`: a runtime and its release, as a row lists them. */
function releaseText(env: RuntimeNamed): string {
  const r = runtimeOf(env);
  return `${RUNTIME_KINDS[r.name].title} ${r.release}`;
}

/** `Node 20.20.2, 22.22.0; Bun 1.4.4`: each runtime named once, its releases after it. */
const runtimesText = (row: Row) => {
  const byName = new Map<string, string[]>();
  for (const r of row.runtimes) {
    const [name, release] = r.split(' ');
    byName.set(name, [...(byName.get(name) ?? []), release]);
  }
  return [...byName].map(([name, releases]) => `${name} ${releases.join(', ')}`).join('; ');
};

/** The terminal's clause state (render-terminal.ts), with how many cases broke it; a hang named as one. */
function overviewCell(trials: TrialResult[], clause: Clause): string {
  const state = clauseState(trials, clause);
  if (state === '-') return trials.some((t) => t.outcome === 'unsupported') ? 'unsupported' : trials.some((t) => t.outcome === 'unavailable') ? 'unavailable' : 'n/a';
  if (state === 'holds') return 'holds';
  const ran = trials.filter((t) => t.verdicts?.some((v) => v.clause === clause));
  const hung = ran.filter(neverSettled).length;
  if (state === 'unknown') return hung ? `unknown: never settled in ${hung} of ${ran.length}` : 'holds where observed';
  if (clause === 'settles') return `**never settled** in ${hung} of ${ran.length}`;
  const broke = ran.filter((t) => t.verdicts!.some((v) => v.clause === clause && v.result === 'fail')).length;
  return `**breaks** (${broke}/${ran.length})`;
}

function cell(trials: TrialResult[], clause: Clause, file: string, note: (why: string) => number, lines: number[]): string {
  const ran = trials.filter((t) => t.verdicts?.some((v) => v.clause === clause));
  if (ran.length === 0) return overviewCell(trials, clause);
  const verdicts = (result: 'fail' | 'unknown') =>
    ran.flatMap((t) => t.verdicts!.filter((v) => v.clause === clause && v.result === result).map((v) => ({ t, v })));
  const failed = verdicts('fail');
  // A fact left unobservable is neither a hold nor a break; one a hang left so is named.
  const unknown = new Set(verdicts('unknown').map(({ t }) => t.case)).size;
  const hung = new Set(ran.filter(neverSettled).map((t) => t.case)).size;
  const unknownNote = (hung ? `; never settled in ${hung}` : '') + (unknown > hung ? `; unobservable in ${unknown - hung}` : '');
  if (failed.length === 0 && hung) return `unknown (${ran.length - unknown} of ${ran.length} cases held${unknownNote})`;
  if (failed.length === 0) return unknown ? `holds where observed (${ran.length - unknown} of ${ran.length} cases${unknownNote})` : `holds (${ran.length} cases)`;
  // Each link is the line of the report where the trial starts, with its facts and timeline.
  const broken = [...new Set(failed.map(({ t }) => t))];
  const shown = broken.slice(0, 3).map((t) => {
    const facts = failed.filter((f) => f.t === t).map(({ v }) => `${v.fact} = ${mdValue(v.observed)}${explanationOf(v) ? ` [${note(explanationOf(v)!)}]` : v.knownDivergence ? ` [known; ${NO_EXPLANATION}]` : ''}`);
    return `[${mdText(t.case)}](${file}#L${lines[trials.indexOf(t)]}): ${facts.join(', ')}`;
  });
  const more = broken.length > 3 ? `<br>… and ${broken.length - 3} more case${broken.length - 3 === 1 ? '' : 's'}` : '';
  return `**breaks** in ${new Set(broken.map((t) => t.case)).size} of ${ran.length} cases${unknownNote}: ${shown.join('<br>')}${more}`;
}

/** One citation as Markdown list lines: where, then the code in a fence it cannot close. */
function citedLines(c: CitedCode, env: RuntimeNamed): string[] {
  const { where, code } = citationParts(c, env);
  if (code === null) return [`   - ${mdText(where)}`];
  const fence = '`'.repeat(Math.max(3, ...(code.match(/`+/g) ?? []).map((r) => r.length + 1)));
  return [`   - ${mdText(where)}:`, '', `     ${fence}js`, ...code.split('\n').map((l) => `     ${plainText(l)}`), `     ${fence}`, ''];
}

/** Each explanation once, numbered, with the code it cites as the report recorded it. */
function explanations(report: Report, notes: string[], findings: RuntimeFinding[]): string[] {
  if (notes.length === 0) return [];
  const cited = report.probes[0].explanations ?? [];
  const out = ['**Explanations** (the probe\'s own; the code is read from the verified bytes)', ''];
  notes.forEach((why, i) => {
    // The runtime's: written once, under Runtime findings, and named here.
    const finding = findings.find((f) => f.why === why);
    if (finding) return out.push(`${i + 1}. The runtime's, not the library's: ${mdText(finding.title)} (runtime finding ${mdCode(finding.id)}, under Runtime findings).`);
    out.push(`${i + 1}. ${mdText(why)}`);
    for (const c of cited.find((e) => e.why === why)?.cites ?? []) out.push(...citedLines(c, report.environment));
  });
  return [...out, ''];
}

/** The runtime findings, each once: what the runtime does, where it showed, and its code. */
function runtimeFindingLines(rows: RuntimeFindingRow[]): string[] {
  if (!rows.length) return [];
  const out = ['## Runtime findings', '', "What a runtime itself does, whatever library runs on it. A library's divergence that one of these causes is explained here, once, and named by it below.", ''];
  for (const r of rows) {
    const f = r.finding;
    const seen = r.trials ? `Shown by ${mdCode(f.fact)} = ${mdValue(f.value)} in ${r.trials} trial${r.trials === 1 ? '' : 's'} of ${list(r.probes.map(mdText))}; it explains ${r.explains} of their verdicts.` : `Shown by ${mdCode(f.fact)} = ${mdValue(f.value)}, in no published trial.`;
    out.push(`### ${mdText(f.title)}`, '', `${mdCode(f.id)}, on ${mdCode(f.runtime)}. ${seen}`, '', mdText(f.why), '');
    for (const c of r.cites) out.push(...citedLines(c, r.env!));
    if (r.cites.length) out.push('');
  }
  return out;
}

export function renderFindings(reports: Published[], sweeps: SweepLink[] = [], findings: RuntimeFinding[] = loadRuntimeFindings(), changes: PublishedChanges | null = null): string {
  const rows = findingRows(reports);
  const swept = sweeps.length ? [`Sweeps over releases: ${sweeps.map((s) => `[${mdText(`${s.probe} ${s.label}`)}](${s.href}) (${mdText(s.options)})`).join(', ')}.`, ''] : [];
  const lines = [
    '# Findings',
    '',
    'Generated by `make results` from the reports beside this file; do not edit by hand.',
    'It opens as `index.html` does: the bottom line, then one row per library and version',
    '(runtimes on which its verdict is the same share a row) and per clause whether it held',
    'across the cases that assert it, or in how many it broke, then the words defined. The',
    'sections after it give, per library, version and runtimes that agree on every fact, the',
    "case and the fact behind each break, the probe's explanation (written once, referenced",
    'by number) and the code it rests on; each case links to the line of the JSON report',
    'where its trial starts: its outcome and the observations its facts are drawn from (its',
    'facts and verdicts, stored once in `parts.jsonl`, show whole on its page of trials and',
    'in `childproof render`). `index.html` links each',
    `library to a page of its trials. The clauses are split over tables so each fits a page: ${clauseGroups(clausesOf('library')).map((g) => list(g.map(label))).join(', then ')}.`,
    '',
    ...swept,
    ...changesMarkdown(changes),
  ];
  // The same top as the page's; a library's link goes to its first section below.
  const section = (probe: string) => {
    const first = rows.find((r) => r.name === probe);
    return first && anchor(first);
  };
  lines.push(...findingsHead(reports.map((p) => p.report), section));
  lines.push(...runtimeFindingLines(runtimeFindingRows(reports.map((p) => p.report), findings)));
  for (const row of rows) {
    const { file, report } = row.parts[0];
    const p = report.probes[0];
    const status = p.unavailable ? ` Unavailable: ${mdText(p.unavailable)}.` : '';
    const files = row.parts.map((x) => `[${x.file}](${x.file})`).join(', ');
    lines.push(`## ${mdText(`${p.name} ${row.version}`)} on ${runtimesText(row)}`, '', `${mdLine(p.title)}. ${report.environment.platform} ${report.environment.arch}. Reports: ${files}.${status}`, '');
    const loose = unpinnedOf(p);
    if (loose) lines.push(`Unpinned: ${mdText(describeUnpinned(loose, Infinity))}; each is listed under \`probes[].verified.unverifiedModules\` in the report.`, '');
    const notes: string[] = [];
    const note = (why: string) => (notes.includes(why) ? notes.indexOf(why) : notes.push(why) - 1) + 1;
    lines.push('| clause | finding |', '|---|---|');
    const at = trialLines(report);
    for (const clause of clausesOf(probeKindIn(report, p.name))) lines.push(`| ${label(clause)} | ${cell(report.trials, clause, file, note, at)} |`);
    lines.push('', ...explanations(report, notes, findings));
  }
  return `${lines.join('\n')}`;
}

/** GitHub's anchor for a row's heading. */
function anchor(row: Row): string {
  return `${row.name} ${row.version} on ${runtimesText(row)}`
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');
}
