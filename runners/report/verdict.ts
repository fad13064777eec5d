// The verdict a reader wants first: per library and clause, on each runtime, whether the
// clause held over the cases that assert it, in how many cases it broke, and why nothing
// covers it where nothing does. Runtimes on which a library's verdict is the same share a
// row. Pure data for every format that shows it (the page, the badge, the bottom line).

import { CLAUSES, type Clause } from '../model/case.ts';
import { probeKindIn, type TrialKind } from '../model/kinds/kind.ts';
import type { Report, TrialResult } from '../model/report-types.ts';
import { RUNTIME_KINDS, RUNTIME_NAMES, runtimeKey, runtimeOf, type RuntimeNamed } from '../model/runtime-spec.ts';
import { probeVersion } from './publish-files.ts';
import { clauseState } from './render-terminal.ts';

/** holds: every verdict passed; breaks: one failed; unknown: none failed, one unobservable. */
export type CellState = 'holds' | 'breaks' | 'unknown' | 'none';

export interface VerdictCell {
  state: CellState;
  /** Cases whose trial gave a verdict of this clause. */
  cases: number;
  /** Of those, cases where a verdict of it failed. */
  broke: number;
  /** Of those, cases where none failed and one was unknown. */
  unobserved: number;
  /** Of those, cases whose call never settled: a break of `settles`, and never a hold of another clause. */
  hung: number;
  /** Why no case covers it, when none does. */
  why?: string;
}

export interface VerdictRow {
  probe: string;
  title: string;
  /** How a reader names it: `built in`, `10.2.1`, `git 226d2fcbc6fd`. */
  version: string;
  /** What kind of pin it is, and the pin alone (`226d2fcbc6fd`), so no one parses `version`. */
  pin: { kind: 'builtin' | 'package' | 'git' | 'files'; id: string };
  /** childproof's own implementation of the contract: the yardstick, not a finding. */
  reference: boolean;
  /** Newest first; every runtime whose cells are these. */
  runtimes: RuntimeNamed[];
  cells: Record<Clause, VerdictCell>;
  /** The kind of its trials: a program's probe is judged by server cases, in the servers' matrix. */
  kind: TrialKind;
  /** The options the probe adds to every call: how the library was called. */
  options?: Record<string, unknown>;
  /** The npm package it is, for its page on the registry. */
  package?: { name: string; version: string };
  /** Where its source lives, and the commit of a git pin. */
  repository?: string;
  commit?: string;
}

/** `killDescendants: true`: a probe's options as a reader would write them. */
export function optionsWords(options: Record<string, unknown> | undefined): string {
  return Object.entries(options ?? {}).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ');
}

const REFERENCE = 'reference';
/** childproof's own stdio server: the servers' yardstick. */
const SERVER_REFERENCE = 'stdio-reference';

/** The clauses the bottom line names, besides the library that holds them all. */
export const HEADLINE_CLAUSES: Clause[] = ['settles', 'settles-after-exit', 'no-orphans', 'leaves-nothing-running'];

/** "needs Node >=22", "does not support signal": a skipped trial's reason, short. */
export function shortReason(probe: string, reason: string | undefined): string {
  const supplied = /^(.+?) at [0-9a-f]{12,}.* must be supplied/s.exec(reason ?? '');
  if (supplied) return `needs ${supplied[1].replace(/^an? /, 'a ')} (--source)`;
  return (reason ?? 'skipped')
    .replace(new RegExp(`^${probe.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `), '')
    .replace(/ \(.*$|: run with .*$|, or its file .*$/s, '')
    .trim();
}

function mostCommon(values: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** A trial whose call never settled within its deadline. */
export const neverSettled = (t: TrialResult) => t.facts?.settled === 'pending';

/** One clause over one probe's trials on one runtime: the terminal's state (render-terminal.ts), counted. */
export function verdictCell(report: Report, trials: TrialResult[], clause: Clause): VerdictCell {
  const ran = trials.filter((t) => t.verdicts?.some((v) => v.clause === clause));
  const failed = (t: TrialResult) => t.verdicts!.some((v) => v.clause === clause && v.result === 'fail');
  const cases = new Set(ran.map((t) => t.case)).size;
  const broke = new Set(ran.filter(failed).map((t) => t.case)).size;
  const unobserved = new Set(ran.filter((t) => !failed(t) && t.verdicts!.some((v) => v.clause === clause && v.result === 'unknown')).map((t) => t.case)).size;
  const hung = new Set(ran.filter(neverSettled).map((t) => t.case)).size;
  const state = clauseState(trials, clause);
  if (state !== '-') return { state, cases, broke, unobserved, hung };
  const asserting = new Set(report.cases.filter((c) => c.clauses.includes(clause)).map((c) => c.id));
  const skipped = trials.filter((t) => asserting.has(t.case) && (t.outcome === 'unsupported' || t.outcome === 'unavailable'));
  const why = mostCommon(skipped.map((t) => shortReason(t.probe, t.reason))) ?? (trials.some((t) => asserting.has(t.case)) ? 'no verdict observed' : 'no case asserts it here');
  return { state: 'none', cases, broke, unobserved, hung, why };
}

/**
 * The words of a cell: its state and counts, or why nothing covers it. A hang is named
 * wherever it shows: as the break of `settles`, and where it left another clause unknown,
 * never as a hold.
 */
export function cellWords(c: VerdictCell): string {
  if (c.state === 'none') return `not covered: ${c.why}`;
  const hung = c.hung ? `never settled in ${c.hung}` : '';
  if (c.state === 'breaks') return c.broke === c.hung ? `${hung} of ${c.cases}` : `breaks in ${c.broke} of ${c.cases}${hung ? `; ${hung}` : ''}`;
  if (c.state === 'unknown' && c.hung) return `unknown: ${hung} of ${c.cases}${c.unobserved > c.hung ? `, ${c.unobserved - c.hung} more unobservable` : ''}`;
  if (c.state === 'unknown') return `holds in ${c.cases - c.unobserved} of ${c.cases}, ${c.unobserved} unobservable`;
  return `holds in ${c.cases} of ${c.cases}`;
}

const sameCells = (a: Record<Clause, VerdictCell>, b: Record<Clause, VerdictCell>) => JSON.stringify(a) === JSON.stringify(b);

/** Node first, then Bun and Deno, each newest release first. */
export function newestFirst(a: RuntimeNamed, b: RuntimeNamed): number {
  const [x, y] = [runtimeOf(a), runtimeOf(b)];
  if (x.name !== y.name) return RUNTIME_NAMES.indexOf(x.name) - RUNTIME_NAMES.indexOf(y.name);
  const parts = (r: string) => r.split(/[.-]/).map((p) => Number(p) || 0);
  const [p, q] = [parts(x.release), parts(y.release)];
  for (let i = 0; i < Math.max(p.length, q.length); i++) if ((q[i] ?? 0) !== (p[i] ?? 0)) return (q[i] ?? 0) - (p[i] ?? 0);
  return 0;
}

/**
 * Rows: the reference first, then libraries by name; per library, runtimes newest first,
 * those that give the same cells in one row. A runtime's reports may be one per probe.
 */
export function verdictRows(reports: Report[]): VerdictRow[] {
  const rows: VerdictRow[] = [];
  const sorted = [...reports].sort((a, b) => newestFirst(a.environment, b.environment));
  for (const report of sorted) {
    for (const p of report.probes) {
      const trials = report.trials.filter((t) => t.probe === p.name);
      const cells = Object.fromEntries(CLAUSES.map((c) => [c, verdictCell(report, trials, c)])) as Record<Clause, VerdictCell>;
      const builtin = p.identity.kind === 'builtin';
      const pinned = probeVersion(p, report.environment);
      const version = builtin ? 'built in' : p.identity.kind === 'package' ? pinned : `${p.identity.kind} ${pinned}`;
      const same = rows.find((r) => r.probe === p.name && r.version === version && sameCells(r.cells, cells) && optionsWords(r.options) === optionsWords(p.options));
      if (same) {
        if (!same.runtimes.some((e) => runtimeKey(e) === runtimeKey(report.environment))) same.runtimes.push(report.environment);
      } else {
        const id = p.identity;
        rows.push({
          probe: p.name,
          title: p.title,
          version,
          pin: { kind: p.identity.kind, id: pinned },
          reference: p.name === REFERENCE || p.name === SERVER_REFERENCE,
          runtimes: [report.environment],
          cells,
          kind: probeKindIn(report, p.name),
          ...(p.options && Object.keys(p.options).length ? { options: p.options } : {}),
          ...(id.kind === 'package' ? { package: { name: id.name, version: id.version } } : {}),
          ...(p.repository ? { repository: p.repository } : {}),
          ...(id.kind === 'git' ? { commit: id.commit } : {}),
        });
      }
    }
  }
  const rank = (r: VerdictRow) => (r.reference ? 0 : 1);
  const firstRuntime = (r: VerdictRow) => sorted.findIndex((s) => runtimeKey(s.environment) === runtimeKey(r.runtimes[0]));
  return rows.sort((a, b) => rank(a) - rank(b) || a.probe.localeCompare(b.probe) || firstRuntime(a) - firstRuntime(b));
}

/** `Node 24.19.0, 22.23.5; Bun 1.4.5`: each runtime named once, its releases after it. */
export function runtimesWords(envs: RuntimeNamed[]): string {
  const byName = new Map<string, string[]>();
  for (const e of [...envs].sort(newestFirst)) {
    const r = runtimeOf(e);
    const name = RUNTIME_KINDS[r.name].title;
    byName.set(name, [...(byName.get(name) ?? []), r.release]);
  }
  return [...byName].map(([name, releases]) => `${name} ${releases.join(', ')}`).join('; ');
}

/** `a, b and c`. */
export const list = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
