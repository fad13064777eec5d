// What changed since a publication began, as wpt.fyi shows a run against the one before:
// per library, version, runtime and clause, the verdict cell then and now, listed where its
// state changed (held, broke, became unobservable, lost or gained cover). Pure over
// reports and the baseline; cli/publish.ts reads and writes the file (schemas/changes).

import { CLAUSES } from '../model/case.ts';
import type { Report } from '../model/report-types.ts';
import { runtimeText } from '../model/runtime-spec.ts';
import type { ChildproofPublishedChanges } from '../model/schema-types/changes.ts';
import { byRuntime } from './formats/group.ts';
import { mdText } from './formats/escape.ts';
import { probeVersion } from './publish-files.ts';
import { cellWords, verdictCell } from './verdict.ts';

export type PublishedChanges = ChildproofPublishedChanges;
type Cell = PublishedChanges['baseline'][number];
type Change = PublishedChanges['changes'][number];

/** Every verdict cell of the published reports: a library, its version, a runtime, a clause. */
export function verdictCells(reports: Report[]): Cell[] {
  const cells: Cell[] = [];
  for (const report of byRuntime(reports)) {
    for (const p of report.probes) {
      const trials = report.trials.filter((t) => t.probe === p.name);
      for (const clause of CLAUSES) {
        const cell = verdictCell(report, trials, clause);
        // A clause no case of this kind asserts is no cell of this library.
        if (cell.state === 'none' && cell.why === 'no case asserts it here') continue;
        cells.push({ probe: p.name, version: probeVersion(p, report.environment), runtime: runtimeText(report.environment), clause, state: cell.state, words: cellWords(cell) });
      }
    }
  }
  return cells;
}

const key = (c: Cell) => `${c.probe}\u0000${c.version}\u0000${c.runtime}\u0000${c.clause}`;

/** The cells whose state differs between the baseline and now, in the order now lists them. */
export function changesBetween(baseline: Cell[], now: Cell[]): Change[] {
  const before = new Map(baseline.map((c) => [key(c), c]));
  const after = new Map(now.map((c) => [key(c), c]));
  const changes: Change[] = [];
  for (const c of now) {
    const b = before.get(key(c));
    if (!b && c.state !== 'none') changes.push({ probe: c.probe, version: c.version, runtime: c.runtime, clause: c.clause, from: null, to: c.words });
    else if (b && b.state !== c.state) changes.push({ probe: c.probe, version: c.version, runtime: c.runtime, clause: c.clause, from: b.words, to: c.words });
  }
  for (const b of baseline) if (!after.has(key(b)) && b.state !== 'none') changes.push({ probe: b.probe, version: b.version, runtime: b.runtime, clause: b.clause, from: b.words, to: null });
  return changes;
}

/** The Markdown that opens results/README.md. */
export function changesMarkdown(doc: PublishedChanges | null): string[] {
  if (!doc) return [];
  const head = `## What changed since ${doc.since.slice(0, 10)}`;
  const why = doc.why ? [`Why: ${mdText(doc.why)}`, ''] : [];
  if (!doc.changes.length) return [head, '', ...why, 'No verdict changed: every library holds and breaks what it did.', ''];
  return [head, '', ...why, '| library | runtime | clause | from | to |', '|---|---|---|---|---|', ...doc.changes.map((c) => `| ${mdText(`${c.probe} ${c.version}`)} | ${mdText(c.runtime)} | ${c.clause} | ${mdText(c.from ?? 'not published')} | ${mdText(c.to ?? 'no longer published')} |`), ''];
}
