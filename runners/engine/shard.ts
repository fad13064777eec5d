// --shard K/N: a deterministic slice of the plan, so N machines run disjoint parts of one
// run and `childproof merge` joins them. Trials are dealt by their place in the plan
// (probe by probe, case by case), so each slice gets a share of every probe.

import { InputError } from '../model/errors.ts';

export interface Shard {
  /** 1-based, as a CI matrix counts. */
  index: number;
  count: number;
}

export function parseShard(value: string | undefined): Shard | undefined {
  if (value === undefined) return undefined;
  const m = /^([1-9]\d*)\/([1-9]\d*)$/.exec(value);
  if (!m || Number(m[1]) > Number(m[2])) throw new InputError([`--shard expects K/N with 1 <= K <= N, such as 2/3, not "${value}"`]);
  return { index: Number(m[1]), count: Number(m[2]) };
}

export function inShard(planIndex: number, shard: Shard | undefined): boolean {
  return !shard || planIndex % shard.count === shard.index - 1;
}
