// One rule for "the same fact", wherever two observations of one fact are set side by
// side: compare and replay, the runs of --repeat, stability, a sweep's rows and a bisect's
// halving (cases/INTERPRETING.md, Comparing observations). Pure.

import { isDeepStrictEqual } from 'node:util';
import type { FactName, FactValue } from '../model/case.ts';
import type { Facts } from '../model/report-types.ts';

type Observed = FactValue | 'unknown';

/** /proc snapshots taken the instant the call settled. */
const SNAPSHOTS: ReadonlySet<FactName> = new Set(['child.atSettle', 'descendants.runningAtSettle', 'child.ipcOpenAtSettle']);

/**
 * Whether two observations of one fact agree. A snapshot at settlement races whatever
 * the target had just signalled and not yet reaped: unless the target had reaped the
 * child by then on both sides (child.reapedAtSettle true), either snapshot is the same
 * truth. Where a side does not say (a transcription without child.reapedAtSettle), the
 * values are compared as they are.
 */
export function sameFact(fact: FactName, a: Observed, b: Observed, aFacts?: Partial<Facts>, bFacts?: Partial<Facts>): boolean {
  if (isDeepStrictEqual(a, b)) return true;
  if (!SNAPSHOTS.has(fact) || !aFacts || !bFacts || !('child.reapedAtSettle' in aFacts) || !('child.reapedAtSettle' in bFacts)) return false;
  return aFacts['child.reapedAtSettle'] !== true || bFacts['child.reapedAtSettle'] !== true;
}

/** One version's value of a fact in a sweep: the fact, or a word (`not run`) where its
 *  trial had no facts, which is the same only as the same word. */
export interface SweptValue {
  value: unknown;
  facts?: Partial<Facts>;
}

/** Whether two versions agree on `fact`: what a sweep's rows and a bisect's halving both ask. */
export function sameSwept(fact: FactName, a: SweptValue, b: SweptValue): boolean {
  if (!a.facts || !b.facts) return isDeepStrictEqual(a.value, b.value);
  return sameFact(fact, a.value as Observed, b.value as Observed, a.facts, b.facts);
}
