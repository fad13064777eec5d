// --shard K/N: a deterministic slice of the plan, so N machines run disjoint parts of one
// run and `childproof merge` joins them. Trials are dealt by their place in the plan
// (probe by probe, case by case), so each slice gets a share of every probe.

import { InputError } from '../model/errors.ts';

export interface Shard {
  /** 1-based, as a CI matrix counts. */
  index: number;
  count: number;
}

const MOST_SHARDS = 1_000_000;

export function parseShard(value: string | undefined): Shard | undefined {
  if (value === undefined) return undefined;
  const m = /^([1-9]\d*)\/([1-9]\d*)$/.exec(value);
  // N past a million is no plan any run has: 99999999999999999999 is not even a safe integer.
  if (!m || Number(m[1]) > Number(m[2]) || Number(m[2]) > MOST_SHARDS) throw new InputError([`--shard expects K/N with 1 <= K <= N <= ${MOST_SHARDS}, such as 2/3, not "${value}"`]);
  return { index: Number(m[1]), count: Number(m[2]) };
}

export function inShard(planIndex: number, shard: Shard | undefined): boolean {
  return !shard || planIndex % shard.count === shard.index - 1;
}
