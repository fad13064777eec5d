// The terminal view of a report, fitted to a width: one row per probe (its outcomes by
// kind, and per clause whether it holds), the case x probe matrix when that fits too (or
// is asked for), then every outcome that is not as expected, with its reason. Pure: it
// returns text; colour only when asked.

import { clausesOf, type Clause } from '../model/case.ts';
import { kindsIn, probeKindIn } from '../model/kinds/kind.ts';
import { reportClauses, type Outcome, type Report, type TrialResult } from '../model/report-types.ts';
import { NOT_AS_EXPECTED } from './build.ts';
import { plainText } from './formats/escape.ts';
import { skippedProbes, testedNothing } from './skipped.ts';
import { describeUnpinned, unpinnedProbes } from './unpinned.ts';

export interface View {
  /** Columns the text must fit. */
  width: number;
  /** cases: the matrix always; probes: never; auto: when it fits. */
  table: 'auto' | 'cases' | 'probes';
  color: boolean;
  /** Only what is not as expected, and the totals. */
  quiet: boolean;
}

export const DEFAULT_VIEW: View = { width: 100, table: 'auto', color: false, quiet: false };

/** Each clause's column heading, short enough for the terminal (LEGEND spells them out). */
const HEADING: Record<Clause, string> = {
  settles: 'settles',
  'settles-after-exit': 'waits',
  'reason-preserved': 'reason',
  escalates: 'escal.',
  'signals-as-asked': 'asked',
  'validates-before-spawn': 'valid.',
  'no-orphans': 'orphans',
  'leaves-nothing-running': 'left',
  hygiene: 'hygiene',
  'answers-handshake': 'answers',
  'exits-with-client': 'exits',
  'leaves-no-descendants': 'descend.',
};
const CLAUSE_WIDTH = 7;
/** The legend under the table: what its words mean, and each shortened clause shown in full. */
function legendOf(clauses: Clause[]): string {
  const short = clauses.filter((c) => HEADING[c] !== c).map((c) => `${HEADING[c]}: ${c}`);
  return (
    'known: known-fail, a divergence the probe records; unexp: not as expected (worse, an error, or better than known); skip: unsupported or unavailable. Per clause, over the trials: holds, breaks, ' +
    `unknown (a verdict could not be observed) or - (no trial covers it).${short.length ? ` ${short.join('; ')}.` : ''}`
  );
}

/** Words laid into lines of at most `width` columns, each after the first indented. */
export function wrap(text: string, width: number, indent = ''): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (next.length > width && line) {
      lines.push(line);
      line = `${indent}${word}`;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

const PAINT: Partial<Record<Outcome | 'holds' | 'breaks', string>> = {
  pass: '32',
  holds: '32',
  'known-fail': '33',
  fail: '31',
  breaks: '31',
  'unexpected-pass': '35',
  unknown: '35',
  flaky: '35',
  error: '31;1',
};

const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - s.length));
const padStart = (s: string, n: number) => ' '.repeat(Math.max(0, n - s.length)) + s;

/** Pads to `n` by the plain text, then paints: escape codes take no columns. */
function cell(text: string, n: number, view: View, right = false): string {
  const padded = right ? padStart(text, n) : pad(text, n);
  const code = PAINT[text as keyof typeof PAINT];
  return view.color && code ? padded.replace(text, `\u001b[${code}m${text}\u001b[0m`) : padded;
}

/** Whether a clause holds for a probe: every verdict of it passed, some failed, or none. */
export function clauseState(trials: TrialResult[], clause: Clause): ClauseState {
  return clauseStates(trials).get(clause) ?? '-';
}

type ClauseState = 'holds' | 'breaks' | 'unknown' | '-';
const WORST: Record<string, number> = { holds: 0, unknown: 1, breaks: 2 };

/** Every clause's state over the trials, in one pass over their verdicts: a table of every
 *  probe asked each clause of each probe's trials again. */
function clauseStates(trials: TrialResult[]): Map<Clause, ClauseState> {
  const states = new Map<Clause, ClauseState>();
  for (const t of trials) {
    for (const v of t.verdicts ?? []) {
      const state = v.result === 'fail' ? 'breaks' : v.result === 'unknown' ? 'unknown' : 'holds';
      const was = states.get(v.clause);
      if (was === undefined || WORST[state] > WORST[was]) states.set(v.clause, state);
    }
  }
  return states;
}

/** The clauses in tables of at most `width` columns: the first beside the names and four
 *  counts, the others beside the names alone, as even as they fit. */
function clauseParts(clauses: Clause[], nameWidth: number, width: number): Clause[][] {
  const column = CLAUSE_WIDTH + 1;
  const fit = (taken: number) => Math.max(1, Math.floor((width - taken) / column));
  const parts: Clause[][] = [];
  let rest = clauses;
  while (rest.length) {
    const n = fit(nameWidth + (parts.length ? 0 : 4 * 6 + 1));
    parts.push(rest.slice(0, n));
    rest = rest.slice(n);
  }
  // As many tables as it takes, each as full as the others: the first, the narrowest, sets the size.
  const size = Math.min(Math.ceil(clauses.length / parts.length), parts[0].length);
  return Array.from({ length: Math.ceil(clauses.length / size) }, (_, i) => clauses.slice(i * size, (i + 1) * size));
}

function byProbe(report: Report, view: View): string[] {
  const names = report.probes.map((p) => p.name);
  const counts: Array<[string, (t: TrialResult) => boolean]> = [
    ['pass', (t) => t.outcome === 'pass'],
    ['known', (t) => t.outcome === 'known-fail'],
    ['unexp', (t) => NOT_AS_EXPECTED.has(t.outcome)],
    ['skip', (t) => t.outcome === 'unsupported' || t.outcome === 'unavailable'],
  ];
  // Libraries over a caller's clauses, then programs over a server's: one table each.
  const groups = kindsIn([report]);
  const byName = new Map<string, TrialResult[]>();
  for (const t of report.trials) (byName.get(t.probe) ?? byName.set(t.probe, []).get(t.probe)!).push(t);
  const rows: string[] = [];
  for (const kind of groups) {
    const mine = names.filter((n) => groups.length === 1 || probeKindIn(report, n) === kind);
    if (!mine.length) continue;
    const clauses = groups.length === 1 ? reportClauses([report]) : clausesOf(kind);
    const nameWidth = Math.max(5, ...mine.map((n) => n.length));
    // Clauses that do not fit beside the counts go on in a table of their own, under the same names.
    for (const [i, part] of clauseParts(clauses, nameWidth, view.width).entries()) {
      if (rows.length) rows.push('');
      const shown = i === 0 ? counts : [];
      // One blank column between the counts and the clauses.
      const head = [pad('probe', nameWidth), ...shown.map(([h]) => padStart(h, 5)), ...(shown.length ? [''] : []), ...part.map((c) => pad(HEADING[c], CLAUSE_WIDTH))];
      rows.push(head.join(' ').trimEnd());
      for (const name of mine) {
        const trials = byName.get(name) ?? [];
        const numbers = shown.map(([, match]) => padStart(String(trials.filter(match).length), 5));
        const states = clauseStates(trials);
        const cells = part.map((c) => cell(states.get(c) ?? '-', CLAUSE_WIDTH, view));
        rows.push([pad(name, nameWidth), ...numbers, ...(shown.length ? [''] : []), ...cells].join(' ').trimEnd());
      }
    }
  }
  return [...rows, '', ...wrap(legendOf(reportClauses([report])), view.width)];
}

function matrix(report: Report, view: View): string[] {
  const probes = report.probes.map((p) => p.name);
  const cases = [...new Set(report.trials.map((t) => t.case))];
  // One look-up per cell: a run of every probe on every case has thousands of trials.
  const at = new Map<string, string>();
  for (const t of report.trials) if (!at.has(`${t.case}\u0000${t.probe}`)) at.set(`${t.case}\u0000${t.probe}`, t.outcome);
  const outcome = (c: string, p: string) => at.get(`${c}\u0000${p}`) ?? '-';
  const first = Math.max(4, ...cases.map((c) => c.length));
  const widths = probes.map((p) => Math.max(p.length, ...cases.map((c) => outcome(c, p).length)));
  const line = (cells: string[], paint: boolean) =>
    [pad(cells[0], first), ...cells.slice(1).map((x, i) => (paint ? cell(x, widths[i], view) : pad(x, widths[i])))].join('  ').trimEnd();
  return [
    line(['case', ...probes], false),
    line(['-'.repeat(first), ...widths.map((w) => '-'.repeat(w))], false),
    ...cases.map((c) => line([c, ...probes.map((p) => outcome(c, p))], true)),
  ];
}

/** Every outcome that is news, with its reason; a probe that tested nothing once, with why. */
function notes(report: Report): string[] {
  const out: string[] = [];
  for (const t of report.trials) {
    if (NOT_AS_EXPECTED.has(t.outcome)) out.push(plainText(`${t.probe} ${t.case}: ${t.outcome}: ${t.reason ?? '(no reason given)'}`));
  }
  for (const s of skippedProbes(report)) out.push(plainText(`${s.probe}: tested nothing, all ${s.trials} trials skipped: ${s.reason}`));
  return out;
}

/** Per probe that ran code no pin covers, how much and whose; the report lists each module. */
function unpinned(report: Report, view: View): string[] {
  const lines = unpinnedProbes(report).map((u) => plainText(`${u.probe}: ${describeUnpinned(u)}.`));
  if (lines.length === 0) return [];
  const tail = "Unpinned: code that ran beside the pinned bytes (mostly the target's own dependencies): the verdicts are about the pinned code as it ran with these; to pin them too, init or pin with --with-dependencies. The report lists each module (probes[].verified.unverifiedModules).";
  return [...wrap(tail, view.width), ...lines.flatMap((l) => wrap(l, view.width - 2, '    ').map((x) => `  ${x}`))];
}

export function renderTable(report: Report, view: View = DEFAULT_VIEW): string {
  const sections: string[][] = [];
  if (!view.quiet) {
    const grid = matrix(report, view);
    const fits = grid.every((l) => l.replace(/\u001b\[[\d;]*m/g, '').length <= view.width);
    if (view.table === 'cases' || (view.table === 'auto' && fits)) sections.push(grid);
    sections.push(byProbe(report, view));
    const loose = unpinned(report, view);
    if (loose.length) sections.push(loose);
  }
  const news = notes(report).flatMap((n) => wrap(n, view.width - 2, '    ').map((l) => `  ${l}`));
  if (news.length) sections.push(news);
  sections.push(wrap(summaryLine(report), view.width));
  return sections.map((s) => s.join('\n')).join('\n\n');
}

/** The run in one sentence: its outcomes counted, and whether all are as expected. */
export function summaryLine(report: Report): string {
  const counts = Object.entries(report.summary.outcomes).map(([k, v]) => `${v} ${k}`).join(', ');
  // As expected counts the probes' known divergences: said with their number, so a table of breaks does not read as green.
  const known = report.summary.outcomes['known-fail'] ?? 0;
  const expected = known ? `All as expected (${known} known-fail: divergences the probes record, not passes).` : 'All as expected.';
  const verdict = !report.summary.asExpected || report.interrupted ? 'NOT as expected.' : testedNothing(report) ? 'Nothing was tested.' : expected;
  const cut = report.interrupted ? ` Interrupted (${report.interrupted.by}): ${report.interrupted.finished} of ${report.interrupted.planned} trials finished.` : '';
  // A hang is said aloud even where it is known: a call that never settles is a failure.
  const hung = report.trials.filter((t) => t.facts?.settled === 'pending').length;
  const knownHangs = report.trials.filter((t) => t.facts?.settled === 'pending' && t.outcome === 'known-fail').length;
  const hangs = hung ? ` ${hung} never settled (${knownHangs} of them known divergences).` : '';
  return `${report.summary.total} trials: ${counts || 'none'}. ${verdict}${hangs}${cut}`;
}

/**
 * After a run that did better than its probes' known divergences: for each such probe, how
 * many trials improved, whether that is all that is not as expected, and the bless that
 * accepts it. `out` is where the report was written.
 */
export function acceptHints(report: Report, out: string, width = DEFAULT_VIEW.width): string[] {
  const lines: string[] = [];
  for (const probe of [...new Set(report.trials.filter((t) => t.outcome === 'unexpected-pass').map((t) => t.probe))]) {
    const own = report.trials.filter((t) => t.probe === probe);
    const better = own.filter((t) => t.outcome === 'unexpected-pass').length;
    const worse = own.filter((t) => NOT_AS_EXPECTED.has(t.outcome) && t.outcome !== 'unexpected-pass').length;
    // A regression leads: bless would accept it with the improvement, so it is said first.
    const text = worse
      ? `${probe}: ${worse} trial${worse === 1 ? '' : 's'} not as expected and no improvement (a regression or an error, listed above), beside ${better} unexpected-pass; bless would accept ${worse + better === 2 ? 'both' : 'all of them'}: fix ${worse === 1 ? 'that one' : 'those'} first, or, if every change is meant: childproof bless ${out} --probe ${probe}`
      : `${probe}: ${better} unexpected-pass: it does better than its known divergences, and nothing else is not as expected; if the change is meant, accept it: childproof bless ${out} --probe ${probe}`;
    lines.push(...wrap(text, width));
  }
  return lines;
}
