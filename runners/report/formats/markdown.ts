// A report as Markdown, for a write-up or release notes: the overview (probe x clause,
// split in two tables that fit a 720 px column), then per probe its identity and per
// trial what happened in words, every fact in a table, the assertions that failed and the
// command that runs it again. No H1: its headings start at a level the writer chooses, so
// it drops into a post. Long tokens (a base64 argument) are folded. Pure.

import { clausesOf, FACT_NAMES, type Clause } from '../../model/case.ts';
import { reportClauses, type ReportProbe, type Report, type TrialResult } from '../../model/report-types.ts';
import { show } from '../../judge/verdicts.ts';
import { interruptionWords } from '../build.ts';
import { cellWords, verdictCell } from '../verdict.ts';
import { mdCode, mdLine, mdText } from './escape.ts';
import { eventWords } from './event-words.ts';

export { eventWords };
import { byRuntime } from './group.ts';
import { plainWords, wordsLabel } from './plain-words.ts';
import { describeUnpinned, unpinnedOf } from '../unpinned.ts';
import { runtimeFlag, runtimeText } from '../../model/runtime-spec.ts';
import { rerunCommand } from './trial-block.ts';
import { explanationOf, NO_EXPLANATION } from '../explained.ts';


function identity(p: ReportProbe): string {
  const id = p.identity;
  const pinned = (paths: Array<{ path: string; blob: string }>) => `${paths.length} pinned file${paths.length === 1 ? '' : 's'} (${paths.slice(0, 3).map((f) => `${f.path} ${f.blob.slice(0, 12)}`).join(', ')}${paths.length > 3 ? ', …' : ''})`;
  const what =
    id.kind === 'builtin' ? `Node's own ${mdCode(id.module)}`
    : id.kind === 'package' ? `package ${mdText(`${id.name}@${id.version}`)}, ${mdText(pinned(id.paths))}`
    : id.kind === 'git' ? `git commit ${mdText(id.commit.slice(0, 12))}, ${mdText(pinned(id.paths))}`
    : mdText(pinned(id.paths));
  const checked = mdText(p.verified ? `verified (${p.verified.source}; ${p.verified.loader})` : `not run: ${p.unavailable}`);
  const loose = unpinnedOf(p);
  return `${what}; ${checked}.${loose ? ` Unpinned: ${mdText(describeUnpinned(loose))}.` : ''}`;
}


/** The command that runs this trial again, on the report's runtime. */
export function replayCommand(report: Report, t: TrialResult): string {
  return rerunCommand(t.probe, t.case, runtimeFlag(report.environment));
}

/** A token longer than `max` characters, such as a base64 argument, kept at both ends. */
export function foldTokens(text: string, max = 40): string {
  // Split at each white space character, not matched by \S{41,}: over a token of
  // megabytes that overflows the regular expression engine's stack (a RangeError).
  return text
    .split(/(\s)/)
    .map((t) => (t.length > max ? `${t.slice(0, max - 12)}…${t.slice(-8)}` : t))
    .join('');
}

/** A fact's value as Markdown: a code span, or the word unknown where it was not observed. */
export function mdValue(v: unknown): string {
  return v === 'unknown' ? '*unknown*' : mdCode(show(v as never));
}

/** How the clauses are split over tables of at most four, as evenly as they go, so each fits a 720 px column. */
export function clauseGroups(clauses: Clause[]): Clause[][] {
  const per = Math.ceil(clauses.length / Math.ceil(clauses.length / 4));
  const groups: Clause[][] = [];
  for (let i = 0; i < clauses.length; i += per) groups.push(clauses.slice(i, i + per));
  return groups;
}

/** Tables of a few clauses each (clauseGroups); each row has a cell per clause of `clauses`. */
export function clauseTables(first: string, rows: Array<{ name: string; cells: string[] }>, clauses: Clause[] = clausesOf('library')): string[] {
  const out: string[] = [];
  for (const half of clauseGroups(clauses)) {
    const at = half.map((c) => clauses.indexOf(c));
    out.push(`| ${first} | ${half.join(' | ')} |`, `|---|${half.map(() => '---|').join('')}`);
    for (const r of rows) out.push(`| ${r.name} | ${at.map((i) => r.cells[i]).join(' | ')} |`);
    out.push('');
  }
  return out;
}

function trialSection(report: Report, t: TrialResult, level: number): string[] {
  const out = [`${'#'.repeat(level)} ${mdText(t.probe)} · ${mdText(t.case)}: ${t.outcome}`, ''];
  if (t.reason) out.push(mdLine(foldTokens(t.reason)), '');
  const words = plainWords(t);
  if (words) out.push(`${wordsLabel(t)}: ${mdText(words)}`, '');
  const failed = (t.verdicts ?? []).filter((v) => v.result !== 'pass');
  if (failed.length) out.push('Assertions not met:', '', ...failed.map((v) => `- ${v.clause}: ${mdText(v.why)}${explanationOf(v) ? ` Known: ${mdText(explanationOf(v)!)}` : v.knownDivergence ? ` Known; ${NO_EXPLANATION}.` : ''}`), '');
  if (t.facts) out.push('| fact | value |', '|---|---|', ...FACT_NAMES.filter((f) => Object.hasOwn(t.facts!, f)).map((f) => `| ${f} | ${mdValue(t.facts![f])} |`), '');
  if (t.evidence) out.push(`The error's message: ${mdCode(foldTokens(t.evidence['error.message']))}`, '');
  if (t.timeline?.length) out.push('What happened:', '', ...t.timeline.map((e) => `- ${e.ms.toFixed(1)} ms: ${mdText(eventWords(e))}`), '');
  if (t.repeats?.flaky) out.push(`Flaky over ${t.repeats.runs} runs: ${Object.entries(t.repeats.flaky).map(([f, vs]) => `${f} ${vs!.map((v) => `${mdCode(show(v.value))} ×${v.count}`).join(', ')}`).join('; ')}`, '');
  if (t.observations || t.outcome === 'error') out.push(`Run it again: ${mdCode(replayCommand(report, t))}`, '');
  return out;
}

/** Where headings start: 2 by default, so the text has no H1 of its own. */
const DEFAULT_HEADING_LEVEL = 2;

export function renderMarkdown(given: Report[], level = DEFAULT_HEADING_LEVEL): string {
  const reports = byRuntime(given);
  const out: string[] = [];
  for (const report of reports) {
    const env = report.environment;
    out.push(mdText(`${runtimeText(env)} on ${env.platform} ${env.arch}, childproof ${report.tool.version} (semantics ${report.semantics}), ${report.createdAt}.`), '');
    if (report.interrupted) out.push(`> **Interrupted:** ${mdText(interruptionWords(report.interrupted))}. This report is not as expected.`, '');
    const clauses = reportClauses([report]);
    const rows = report.probes.map((p) => {
      const trials = report.trials.filter((t) => t.probe === p.name);
      return { name: mdText(p.name), cells: clauses.map((c) => verdictCell(report, trials, c)).map((c) => (c.state === 'breaks' ? `**${cellWords(c)}**` : mdText(cellWords(c)))) };
    });
    out.push(...clauseTables('probe', rows, clauses));
    for (const p of report.probes) {
      out.push(`${'#'.repeat(level)} ${mdText(`${p.name} on ${runtimeText(env)}`)}`, '', mdLine(p.title), '', `Identity: ${identity(p)}`, '');
      for (const t of report.trials.filter((x) => x.probe === p.name)) out.push(...trialSection(report, t, level + 1));
    }
  }
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}
