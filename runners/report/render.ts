// The terminal view of a run: a table of case × probe outcomes, then one sentence for
// every trial that did not simply pass. Pure: it returns text.

import type { Report } from '../model/report.ts';

function pad(s: string, n: number): string {
  return s + ' '.repeat(Math.max(0, n - s.length));
}

export function renderTable(report: Report): string {
  const probes = report.probes.map((p) => p.name);
  const cases = [...new Set(report.trials.map((t) => t.case))];
  const cell = (c: string, p: string) => report.trials.find((t) => t.case === c && t.probe === p)?.outcome ?? '-';
  const first = Math.max(4, ...cases.map((c) => c.length));
  const widths = probes.map((p) => Math.max(p.length, ...cases.map((c) => cell(c, p).length)));
  const line = (cells: string[]) => [pad(cells[0], first), ...cells.slice(1).map((x, i) => pad(x, widths[i]))].join('  ').trimEnd();
  const rows = [line(['case', ...probes]), line(['-'.repeat(first), ...widths.map((w) => '-'.repeat(w))])];
  for (const c of cases) rows.push(line([c, ...probes.map((p) => cell(c, p))]));

  // Known failures and unsupported cases are in the table; the notes are for news, and
  // for what the user can act on (an unavailable probe, once).
  const quiet = new Set(['pass', 'known-fail', 'unsupported']);
  const unavailable = new Map<string, string>();
  const notes: string[] = [];
  for (const t of report.trials) {
    if (quiet.has(t.outcome) || !t.reason) continue;
    if (t.outcome === 'unavailable') unavailable.set(t.probe, t.reason);
    else notes.push(`  ${t.probe} ${t.case}: ${t.outcome}: ${t.reason}`);
  }
  for (const [probe, reason] of unavailable) notes.push(`  ${probe}: unavailable: ${reason}`);
  const counts = Object.entries(report.summary.outcomes)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ');
  return [
    ...rows,
    ...(notes.length ? ['', ...notes] : []),
    '',
    `${report.summary.total} trials: ${counts || 'none'}. ${report.summary.asExpected ? 'All as expected.' : 'NOT as expected.'}`,
  ].join('\n');
}
