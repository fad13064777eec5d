// What a break of leaves-nothing-running says: how many processes the harness had to end,
// in which roles, and what proved each the trial's. Pure.

import type { Leftover } from '../model/observations.ts';
import type { Verdict } from '../model/report-types.ts';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 'es'}`;

/** "the harness had to end 2 processes once the trial stopped watching: child (record), 1 of no role of the case (sleep; mark)". */
export function leftoverWords(leftovers: Leftover[]): string {
  const groups = new Map<string, { n: number; how: Set<string>; names: Set<string> }>();
  for (const l of leftovers) {
    const g = groups.get(l.role) ?? { n: 0, how: new Set(), names: new Set() };
    g.n++;
    g.how.add(l.how);
    if (l.name) g.names.add(l.name);
    groups.set(l.role, g);
  }
  const parts = [...groups].map(([role, g]) => {
    const who = role === 'unknown' ? 'of no role of the case' : role;
    const names = g.names.size ? `${[...g.names].join(', ')}; ` : '';
    return `${g.n} ${who} (${names}found by ${[...g.how].join(', ')})`;
  });
  return `the harness had to end ${plural(leftovers.length, 'process')} once the trial stopped watching: ${parts.join(', ')}`;
}

/** The verdict on runner.leftovers, its sentence naming what was left. */
export function withLeftoverWords(verdicts: Verdict[], leftovers: Leftover[]): Verdict[] {
  return verdicts.map((v) => (v.fact === 'runner.leftovers' && v.result === 'fail' && leftovers.length ? { ...v, why: `${leftoverWords(leftovers)}; required none.` } : v));
}
