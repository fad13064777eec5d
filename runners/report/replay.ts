// A replay in words: row by row whether it reproduced, where it first diverged, or why
// it cannot be compared (the runs themselves are engine/replay.ts's). Pure.

import type { RowStatus } from './compare.ts';

export interface ReplayRow {
  label: string;
  case: string;
  probe: string;
  status: RowStatus;
}

export interface Replay {
  title: string;
  /** The probes the rows describe; rows of any other probe are cross-checks. */
  targets: string[];
  rows: ReplayRow[];
  notes: string[];
  /** Set when the target could not run: what to supply. */
  unavailable?: string;
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
    for (const row of r.rows.filter((x) => x.probe === probe)) lines.push(`  ${row.label.padEnd(width)}  ${describe(row.status)}`);
  }
  for (const n of r.notes) lines.push(`note: ${n}`);
  const count = (s: RowStatus['status']) => r.rows.filter((x) => x.status.status === s).length;
  lines.push(`${count('reproduced')} reproduced, ${count('diverged')} diverged, ${count('not comparable')} not comparable.`);
  if (r.unavailable) lines.push(`To replay ${r.targets[0]} itself, supply its pinned source: ${replayCommand} --source ${r.targets[0]}=PATH`);
  return lines.join('\n');
}

/** A replay fails when the target itself ran and a row diverged; cross-checks only inform. */
export function replayFailed(r: Replay): boolean {
  return r.rows.some((x) => r.targets.includes(x.probe) && x.status.status === 'diverged');
}
