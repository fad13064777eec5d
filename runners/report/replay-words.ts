// A replay in words: row by row whether it reproduced, where it first diverged, or why
// it cannot be compared (the runs themselves are engine/replay-run.ts's). Pure.

import type { FactName, FactValue } from '../model/case.ts';
import type { TrialResult } from '../model/report-types.ts';
import type { RowStatus } from './compare-observed.ts';
import { plainWords } from './formats/plain-words.ts';
import { factWords } from './fact-words.ts';

export interface ReplayRow {
  label: string;
  case: string;
  probe: string;
  status: RowStatus;
  /** What was published (or stored) for the row. */
  published?: Partial<Record<FactName, FactValue>>;
  /** The trial that replayed it, for what was true when its call settled. */
  trial?: TrialResult;
}

export interface Replay {
  title: string;
  /** The probes the rows describe; rows of any other probe are cross-checks. */
  targets: string[];
  rows: ReplayRow[];
  notes: string[];
  /** Set when the target could not run: what to supply. */
  unavailable?: string;
  /** Where the target's source lives and the commit the publication ran, when known. */
  source?: { repository?: string; commit?: string };
  /** What the publication ran on. */
  publication?: { runtime: string; platform: string };
  /** The runtime this replay ran on. */
  runtime?: string;
}

/**
 * Why a row diverged, in a sentence: the probe's own explanation of that fact where it has
 * one; for a cross-check, that it is another implementation, and what it did; for the
 * target, that it no longer does what was published.
 */
export function divergenceWhy(r: Replay, row: ReplayRow, withWords = true): string | null {
  if (row.status.status !== 'diverged') return null;
  const { fact, published, observed } = row.status;
  const meaning = `Published: ${factWords(fact, published)}; with ${row.probe}: ${observed === 'unknown' ? 'it could not be observed' : factWords(fact, observed as FactValue)}.`;
  const known = row.trial?.verdicts?.find((v) => v.fact === fact && v.knownDivergence)?.knownDivergence;
  const words = row.trial && withWords ? plainWords(row.trial) : '';
  const target = r.targets.includes(row.probe);
  const lead = target ? `${row.probe} no longer does what was published for it.` : `The published value is ${r.targets.join(', ')}'s; ${row.probe} is another implementation, and this is where the two differ.`;
  return [lead, meaning, known ? `${row.probe}'s own explanation: ${known}` : '', words ? `Here: ${words}` : ''].filter(Boolean).join(' ');
}

function describe(s: RowStatus): string {
  if (s.status === 'reproduced') return 'reproduced';
  if (s.status === 'diverged') return `diverged: ${s.fact} published ${JSON.stringify(s.published)}, observed ${JSON.stringify(s.observed)}`;
  return `not comparable: ${s.why}`;
}

export function renderReplay(r: Replay, replayCommand: string): string {
  const lines = [`Replaying ${r.title}`];
  if (r.unavailable) lines.push(`${r.targets[0]}: unavailable: ${r.unavailable}`);
  for (const probe of [...new Set(r.rows.map((x) => x.probe))]) {
    lines.push(`${probe}${r.targets.includes(probe) ? '' : ' (cross-check)'}:`);
    const width = Math.max(...r.rows.map((x) => x.label.length));
    for (const row of r.rows.filter((x) => x.probe === probe)) {
      lines.push(`  ${row.label.padEnd(width)}  ${describe(row.status)}`);
      const why = divergenceWhy(r, row);
      if (why) lines.push(`  ${' '.repeat(width)}  why: ${why}`);
    }
  }
  for (const n of r.notes) lines.push(`note: ${n}`);
  const count = (s: RowStatus['status']) => r.rows.filter((x) => x.status.status === s).length;
  const crossDiverged = r.rows.filter((x) => !r.targets.includes(x.probe) && x.status.status === 'diverged').length;
  lines.push(`${count('reproduced')} reproduced, ${count('diverged')} diverged, ${count('not comparable')} not comparable.${crossDiverged ? ` ${crossDiverged} of the divergences are cross-checks, which inform and do not fail the replay.` : ''}`);
  if (r.unavailable) lines.push(`To replay ${r.targets[0]} itself, supply its pinned source${sourceWords(r)}: ${replayCommand} --source ${r.targets[0]}=PATH`);
  return lines.join('\n');
}

/** `(git clone URL PATH && git -C PATH checkout COMMIT)`: where the target's source is. */
export function sourceWords(r: Replay): string {
  const { repository, commit } = r.source ?? {};
  if (!repository) return '';
  return ` (git clone ${repository} PATH${commit ? ` && git -C PATH checkout ${commit}` : ''})`;
}

/** A replay fails when the target itself ran and a row diverged; cross-checks only inform. */
export function replayFailed(r: Replay): boolean {
  return r.rows.some((x) => r.targets.includes(x.probe) && x.status.status === 'diverged');
}
