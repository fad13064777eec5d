// What a sweep says: for each case and fact, the versions over which its value held,
// oldest first, where it changed at least once. Pure: from a report of one probe at
// many versions (probes named NAME@VERSION) to rows that link to their trials.

import semver from 'semver';
import { FACT_NAMES, type FactName, type FactValue } from '../model/case.ts';
import type { Facts, Report, TrialResult } from '../model/report.ts';
import { sameSwept } from '../judge/same-fact.ts';

export interface Segment {
  value: FactValue | 'unknown' | 'not run';
  from: string;
  to: string;
  /** JSON pointers of the trials behind it, in the report. */
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

export function sweepRows(report: Report): SweepRow[] {
  const versions = versionsOf(report);
  const rows: SweepRow[] = [];
  for (const c of report.cases) {
    for (const fact of FACT_NAMES) {
      const segments: Array<Segment & { facts?: Facts }> = [];
      for (const { probe, version } of versions) {
        const i = report.trials.findIndex((t) => t.probe === probe && t.case === c.id);
        const t = report.trials[i];
        const value = t?.facts ? t.facts[fact] : 'not run';
        const last = segments.at(-1);
        // A snapshot that races an unreaped child is no change of behaviour (judge/same-fact.ts).
        const same = last && sameSwept(fact, last, { value, facts: t?.facts });
        if (last && same) {
          last.to = version;
          last.trials.push(`/trials/${i}`);
        } else segments.push({ value, from: version, to: version, trials: i >= 0 ? [`/trials/${i}`] : [], facts: t?.facts });
      }
      const seen = segments.filter((s) => s.value !== 'not run');
      if (seen.length > 1) rows.push({ case: c.id, fact, segments: segments.map(({ facts: _f, ...s }) => s) });
    }
  }
  return rows;
}

const show = (v: Segment['value']) => (v === 'not run' ? 'not run' : JSON.stringify(v));

/** Where a run of one value lies among the versions: `in 1.0.0`, `in 1.0.0–1.2.0`, or, the last, `from 2.0.0`. */
export function spanText(from: string, to: string, last: boolean): string {
  return last ? `from ${from}` : from === to ? `in ${from}` : `in ${from}–${to}`;
}

/** "core/cooperative-abort child.reapedAtSettle: false in 5.0.0–8.0.1, true from 9.0.0" */
export function sweepLine(row: SweepRow): string {
  return `${row.case} ${row.fact}: ${row.segments.map((s, i) => `${show(s.value)} ${spanText(s.from, s.to, i === row.segments.length - 1)}`).join(', ')}`;
}

/** The rows as Markdown, each value linked where `link` says its trials are. */
export function sweepMarkdown(rows: SweepRow[], link: (row: SweepRow, s: Segment) => string | null): string {
  const lines = ['| case | fact | values by version |', '|---|---|---|'];
  for (const r of rows) {
    const cells = r.segments.map((s, i) => {
      const value = show(s.value).replace(/\|/g, '\\|');
      const target = link(r, s);
      return `${target ? `[${value}](${target})` : value} ${spanText(s.from, s.to, i === r.segments.length - 1)}`;
    });
    lines.push(`| ${r.case} | ${r.fact} | ${cells.join(', ')} |`);
  }
  return `${lines.join('\n')}\n`;
}
