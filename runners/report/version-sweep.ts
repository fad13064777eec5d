// What a sweep says: for each case and fact, the versions over which its value held,
// oldest first, where it changed at least once. Pure: from a report of one probe at
// many versions (probes named NAME@VERSION), or from one report per runtime release, to
// rows that link to their trials.

import semver from 'semver';
import { FACT_NAMES, type FactName, type FactValue } from '../model/case.ts';
import { factOf, type Facts, type Report, type TrialResult } from '../model/report-types.ts';
import { sameSwept } from '../judge/same-fact.ts';

export interface Segment {
  value: FactValue | 'unknown' | 'not run';
  from: string;
  to: string;
  /** Where the trials behind it are: JSON pointers in the report (`/trials/3`), or in a
   *  runtime sweep, each release's report file and the pointer (`bun-1.4.4.json#/trials/3`). */
  trials: string[];
}

export interface SweepRow {
  case: string;
  fact: FactName;
  segments: Segment[];
}

/** The version a probe named NAME@VERSION (or the base probe, at its pinned version) ran. */
export function versionOf(report: Report, probe: string): string | null {
  const head = report.probes.find((p) => p.name === probe);
  return head?.identity.kind === 'package' ? head.identity.version : null;
}

/** Each version a sweep ran, oldest first, with its probe's name and trials. */
export function versionsOf(report: Report): Array<{ version: string; probe: string; trials: TrialResult[] }> {
  return report.probes
    .map((p) => ({ version: versionOf(report, p.name)!, probe: p.name, trials: report.trials.filter((t) => t.probe === p.name) }))
    .filter((v) => v.version !== null)
    .sort((a, b) => semver.compare(a.version, b.version));
}

/** One version a sweep ran, oldest first: its trial of a case, and where that trial is. */
interface SweepColumn {
  version: string;
  trial(caseId: string): { trial: TrialResult; at: string } | null;
}

/** The rows of a sweep, from its cases and its versions. */
export function rowsOf(caseIds: string[], columns: SweepColumn[]): SweepRow[] {
  const rows: SweepRow[] = [];
  for (const id of caseIds) {
    // The facts the case's trials list: a server case's, or a client case's.
    const listed = columns.flatMap((c) => Object.keys(c.trial(id)?.trial.facts ?? {}));
    for (const fact of FACT_NAMES.filter((f) => listed.length === 0 || listed.includes(f))) {
      const segments: Array<Segment & { facts?: Facts }> = [];
      for (const column of columns) {
        const found = column.trial(id);
        const t = found?.trial;
        // A trial the harness could not run faithfully (an error) states nothing of the target.
        const value = t?.facts && t.outcome !== 'error' ? factOf(t.facts, fact) : 'not run';
        const last = segments.at(-1);
        // A snapshot that races an unreaped child is no change of behaviour (judge/same-fact.ts).
        const same = last && sameSwept(fact, last, { value, facts: t?.facts });
        if (last && same) {
          last.to = column.version;
          if (found) last.trials.push(found.at);
        } else segments.push({ value, from: column.version, to: column.version, trials: found ? [found.at] : [], facts: t?.facts });
      }
      const seen = segments.filter((s) => s.value !== 'not run');
      if (seen.length > 1) rows.push({ case: id, fact, segments: segments.map(({ facts: _f, ...s }) => s) });
    }
  }
  return rows;
}

/** A trial of `probe` on a case, found in `report`, with its place: `${prefix}/trials/N`. */
export function trialIn(report: Report, probe: string, prefix = ''): SweepColumn['trial'] {
  return (caseId) => {
    const i = report.trials.findIndex((t) => t.probe === probe && t.case === caseId);
    return i < 0 ? null : { trial: report.trials[i], at: `${prefix}/trials/${i}` };
  };
}

export function sweepRows(report: Report): SweepRow[] {
  const columns = versionsOf(report).map(({ probe, version }) => ({ version, trial: trialIn(report, probe) }));
  return rowsOf(report.cases.map((c) => c.id), columns);
}

/** A swept value as the pages write it: JSON, or the words `not run`. */
export const valueText = (v: Segment['value']) => (v === 'not run' ? 'not run' : JSON.stringify(v));

/** Where a run of one value lies among the versions: `in 1.0.0`, `in 1.0.0–1.2.0`, or, the last, `from 2.0.0`. */
export function spanText(from: string, to: string, last: boolean): string {
  return last ? `from ${from}` : from === to ? `in ${from}` : `in ${from}–${to}`;
}

/** "core/cooperative-abort child.reapedAtSettle: false in 5.0.0–8.0.1, true from 9.0.0" */
export function sweepLine(row: SweepRow): string {
  return `${row.case} ${row.fact}: ${row.segments.map((s, i) => `${valueText(s.value)} ${spanText(s.from, s.to, i === row.segments.length - 1)}`).join(', ')}`;
}

/** The rows as Markdown, each value linked where `link` says its trials are. */
export function sweepMarkdown(rows: SweepRow[], link: (row: SweepRow, s: Segment) => string | null): string {
  const lines = ['| case | fact | values by version |', '|---|---|---|'];
  for (const r of rows) {
    const cells = r.segments.map((s, i) => {
      const value = valueText(s.value).replace(/\|/g, '\\|');
      const target = link(r, s);
      return `${target ? `[${value}](${target})` : value} ${spanText(s.from, s.to, i === r.segments.length - 1)}`;
    });
    lines.push(`| ${r.case} | ${r.fact} | ${cells.join(', ')} |`);
  }
  return `${lines.join('\n')}\n`;
}
