// What a sweep says: for each case and fact, the versions over which its value held,
// oldest first, where it changed at least once. Pure: from a report of one probe at
// many versions (probes named NAME@VERSION) to rows that link to their trials.

import { isDeepStrictEqual } from 'node:util';
import semver from 'semver';
import { FACT_NAMES, type FactName, type FactValue } from '../model/case.ts';
import type { Facts, Report } from '../model/report.ts';
import { sameFact } from './compare.ts';

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

export function sweepRows(report: Report): SweepRow[] {
  const versions = report.probes.map((p) => ({ probe: p.name, version: versionOf(report, p.name) })).filter((p): p is { probe: string; version: string } => p.version !== null);
  versions.sort((a, b) => semver.compare(a.version, b.version));
  const rows: SweepRow[] = [];
  for (const c of report.cases) {
    for (const fact of FACT_NAMES) {
      const segments: Array<Segment & { facts?: Facts }> = [];
      for (const { probe, version } of versions) {
        const i = report.trials.findIndex((t) => t.probe === probe && t.case === c.id);
        const t = report.trials[i];
        const value = t?.facts ? t.facts[fact] : 'not run';
        const last = segments.at(-1);
        // A snapshot that races an unreaped child (compare.ts) is no change of behaviour.
        const same = last && (isDeepStrictEqual(last.value, value) || (last.value !== 'not run' && value !== 'not run' && sameFact(fact, last.value, value, last.facts, t?.facts)));
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
const span = (s: Segment, last: boolean) => (s.from === s.to ? (last ? `from ${s.from}` : `in ${s.from}`) : last ? `from ${s.from}` : `in ${s.from}–${s.to}`);

/** "core/cooperative-abort child.reapedAtSettle: false in 5.0.0–8.0.1, true from 9.0.0" */
export function sweepLine(row: SweepRow): string {
  return `${row.case} ${row.fact}: ${row.segments.map((s, i) => `${show(s.value)} ${span(s, i === row.segments.length - 1)}`).join(', ')}`;
}

/** The rows as Markdown, each segment linked to its first trial in the report file. */
export function sweepMarkdown(rows: SweepRow[], reportFile: string): string {
  const lines = ['| case | fact | values by version |', '|---|---|---|'];
  for (const r of rows) {
    const cells = r.segments.map((s, i) => `[${show(s.value).replace(/\|/g, '\\|')}](${reportFile}#${s.trials[0] ?? ''}) ${span(s, i === r.segments.length - 1)}`);
    lines.push(`| ${r.case} | ${r.fact} | ${cells.join(', ')} |`);
  }
  return `${lines.join('\n')}\n`;
}
