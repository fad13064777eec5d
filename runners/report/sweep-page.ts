// A sweep's page, read by version boundary: the versions tested, where each clause holds,
// then release by release what changed ("from 9.0.2: settled "rejected" → "pending" in 2
// cases"), a change that repeats across cases folded into one row, and a change whose
// case flips back and forth flagged as unsteady. Every change, case by case,
// stays below, folded. Pure: it returns Markdown.

import { clausesOf, FACT_NAMES, type FactName } from '../model/case.ts';
import type { TrialResult } from '../model/report-types.ts';
import { clauseState } from './render-terminal.ts';
import { spanText, sweepMarkdown, valueText, type Segment, type SweepRow } from './version-sweep.ts';

export interface PageInput {
  heading: string;
  intro: string;
  columns: Array<{ version: string; trials: TrialResult[] }>;
  rows: SweepRow[];
  link: (version: string, kase: string) => string | null;
}

/** One change at a boundary, over every case where the same fact changed the same way. */
interface FoldedChange {
  fact: FactName;
  before: Segment['value'];
  after: Segment['value'];
  cases: string[];
  /** Some of its cases take an earlier value again later: read as noise unless repeats agree. */
  unsteady: boolean;
  /** For a call that stopped settling: the facts that became unknown with it. */
  unobservable?: FactName[];
}

interface Boundary {
  version: string;
  previous: string;
  changes: FoldedChange[];
}

/** A value in a table cell: code, except the words `not run`. */
const show = (v: Segment['value']) => (v === 'not run' ? v : `\`${valueText(v).replace(/\|/g, '\\|')}\``);

/**
 * Whether a row's values flip back and forth: a value comes back after it changed, and
 * the row changed at least three times. Once back (a regression, then its fix) is steady.
 * A version that did not run says nothing either way: the values around it are compared.
 */
function flips(row: SweepRow): boolean {
  const values = row.segments.map((s) => JSON.stringify(s.value)).filter((v) => v !== '"not run"');
  const runs = values.filter((v, i) => i === 0 || v !== values[i - 1]);
  return runs.length >= 4 && new Set(runs).size < runs.length;
}

/** The boundaries of a sweep, oldest first, each with its changes folded across cases. */
export function boundaries(columns: PageInput['columns'], rows: SweepRow[]): Boundary[] {
  const versions = columns.map((c) => c.version);
  const out = new Map<string, Boundary>();
  for (const row of rows) {
    row.segments.forEach((s, i) => {
      if (i === 0) return;
      const before = row.segments[i - 1].value;
      const at = out.get(s.from) ?? { version: s.from, previous: versions[versions.indexOf(s.from) - 1], changes: [] };
      out.set(s.from, at);
      const same = at.changes.find((c) => c.fact === row.fact && JSON.stringify(c.before) === JSON.stringify(before) && JSON.stringify(c.after) === JSON.stringify(s.value));
      if (same) {
        same.cases.push(row.case);
        same.unsteady ||= flips(row);
      } else at.changes.push({ fact: row.fact, before, after: s.value, cases: [row.case], unsteady: flips(row) });
    });
  }
  const order = (c: FoldedChange) => (c.unsteady ? 1000 : 0) + FACT_NAMES.indexOf(c.fact);
  return [...out.values()]
    .sort((a, b) => versions.indexOf(a.version) - versions.indexOf(b.version))
    .map((b) => ({ ...b, changes: foldUnobservable(b.changes).sort((x, y) => order(x) - order(y) || y.cases.length - x.cases.length) }));
}

/**
 * A call that stopped settling leaves every fact read at settlement unknown: those
 * changes are one change, told on the row where `settled` became pending.
 */
function foldUnobservable(changes: FoldedChange[]): FoldedChange[] {
  const pending = changes.find((c) => c.fact === 'settled' && c.after === 'pending');
  if (!pending) return changes;
  const follows = (c: FoldedChange) => c !== pending && c.after === 'unknown' && c.cases.every((k) => pending.cases.includes(k));
  const folded = changes.filter(follows);
  return changes.filter((c) => !follows(c)).map((c) => (c === pending ? { ...c, unobservable: [...new Set(folded.map((f) => f.fact))] } : c));
}

/** A clause over one version's trials; a hang is named, with how many calls never settled. */
function clauseCell(trials: TrialResult[], clause: Parameters<typeof clauseState>[1]): string {
  const state = clauseState(trials, clause);
  if (state === '-') return 'not covered';
  const hung = trials.filter((t) => t.facts?.settled === 'pending').length;
  return clause === 'settles' && state === 'breaks' && hung > 0 ? `never settled in ${hung} case${hung === 1 ? '' : 's'}` : state;
}

/** Runs of equal values over the versions, oldest first: `holds in 5.0.0–8.0.1, breaks from 9.0.0`. */
function runsOf(values: Array<{ version: string; value: string }>): string {
  const runs: Array<{ value: string; from: string; to: string }> = [];
  for (const { version, value } of values) {
    const last = runs.at(-1);
    if (last?.value === value) last.to = version;
    else runs.push({ value, from: version, to: version });
  }
  if (runs.length === 1) return `${runs[0].value} in every version`;
  return runs.map((r, i) => `${r.value} ${spanText(r.from, r.to, i === runs.length - 1)}`).join(', ');
}

function boundaryLines(b: Boundary, link: PageInput['link']): string[] {
  const steady = b.changes.filter((c) => !c.unsteady).length;
  const out = [`### From ${b.version}${b.previous ? ` (after ${b.previous})` : ''}: ${steady} change${steady === 1 ? '' : 's'}${steady < b.changes.length ? `, ${b.changes.length - steady} unsteady` : ''}`, '', '| fact | before → after | cases |', '|---|---|---|'];
  for (const c of b.changes) {
    const named = c.cases.slice(0, 3).map((k) => {
      const to = link(b.version, k);
      return to ? `[${k}](${to})` : k;
    });
    const more = c.cases.length > 3 ? ` and ${c.cases.length - 3} more` : '';
    const unknown = c.unobservable?.length ? `; so ${c.unobservable.length} facts read at settlement became unknown there` : '';
    out.push(`| ${c.unsteady ? `${c.fact} (unsteady)` : c.fact} | ${show(c.before)} → ${show(c.after)} | ${c.cases.length}: ${named.join(', ')}${more}${unknown} |`);
  }
  return [...out, ''];
}

/** The heading that opens the table of where each clause holds, and the one after it. */
export const CLAUSES_HEADING = '## Where each clause holds';
export const CHANGES_HEADING = '## What changed, release by release';

/** Where each clause holds over the versions, from each version's verdicts: the page's
 *  lines from CLAUSES_HEADING to the blank line before the next heading. */
export function clauseSection(columns: PageInput['columns']): string[] {
  return [
    CLAUSES_HEADING,
    '',
    '| clause | over the versions |',
    '|---|---|',
    ...clausesOf(columns.flatMap((v) => v.trials)[0]?.kind ?? 'library').map((c) => `| ${c} | ${runsOf(columns.map((v) => ({ version: v.version, value: clauseCell(v.trials, c) })))} |`),
    '',
  ];
}

export function sweepPage({ heading, intro, columns, rows, link }: PageInput): string {
  const found = boundaries(columns, rows);
  const unsteady = found.some((b) => b.changes.some((c) => c.unsteady));
  const steady = found.filter((b) => b.changes.some((c) => !c.unsteady));
  const shaky = found.filter((b) => !steady.includes(b));
  const out = [
    `# ${heading}`,
    '',
    intro,
    '',
    `Versions tested, oldest first: ${columns.map((c) => c.version).join(', ')}.`,
    '',
    ...clauseSection(columns),
    CHANGES_HEADING,
    '',
    found.length
      ? (steady.length ? `Behaviour changed from ${steady.map((b) => b.version).join(', ')}. ` : 'Only unsteady values changed. ') +
        'Each change is folded over the cases where the same fact took the same new value; the first cases link to their trial in the report kept for that version.' +
        (unsteady ? ' A change marked unsteady belongs to a case whose value flips back and forth, changing at least three times: over releases that otherwise agree, that is the noise of a racing snapshot more likely than a change of code; run those versions again with --repeat before reading it as one.' : '')
      : 'No fact took more than one value.',
    '',
    ...steady.flatMap((b) => boundaryLines(b, link)),
  ];
  if (shaky.length) out.push(`<details><summary>Releases where only unsteady values changed: ${shaky.map((b) => b.version).join(', ')}</summary>`, '', ...shaky.flatMap((b) => boundaryLines(b, link)), '</details>', '');
  if (rows.length) out.push('<details><summary>Every change, case by case</summary>', '', sweepMarkdown(rows, (r, s) => link(s.from, r.case)), '</details>', '');
  return out.join('\n');
}
