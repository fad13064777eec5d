// What the report says of each kind of trial, in words: the report's share of a kind
// (model/kinds/kind.ts), put behind the engine's one interface by engine/kinds/.

import type { TrialResult } from '../../model/report-types.ts';

export interface KindWords {
  /** The heading over the matrix of probes of this kind. */
  matrixTitle: string;
  /** What a probe of this kind is called: its matrix's first column. */
  noun: string;
  /** The matrix's element id on a page. */
  matrixId: string;
  /** What the words speak of: the call's settlement, or a server's client going away. */
  label: string;
  /** The first lane of a trial's timeline: the process that meets the trigger. */
  firstLane: string;
  /** What was true at that moment, in a sentence or two, from the facts and the timeline. */
  words(t: TrialResult): string;
}

export const ms = (n: number) => `${Math.round(n)} ms`;
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
