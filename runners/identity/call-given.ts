// What the user gave a constructor or a factory (`--construct JSON`), placed in its
// parameters' slots: beside the options childproof put in an object argument, or as given
// where it put nothing; where it cannot go, why. Pure.

import type { Slot } from './call-args.ts';
import type { TypedParam } from './typed-params.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The user's arguments (--construct) in the constructor's slots: beside the options childproof placed in an object, else as given. */
export function giveTo(ctor: TypedParam[], slots: Slot[], given: readonly unknown[]): string | null {
  if (given.length > ctor.length && !ctor.at(-1)?.rest) return `--construct gives ${given.length} arguments; it takes ${ctor.length}`;
  for (const [i, value] of given.entries()) {
    const s = slots[i];
    if (s === undefined) slots[i] = { kind: 'value', value };
    else if (s.kind === 'options' && isRecord(value)) slots[i] = { ...s, given: value };
    else return `--construct gives argument ${i + 1} a ${Array.isArray(value) ? 'list' : typeof value}, where childproof puts ${s.kind === 'options' ? s.put.map((p) => p.path.join('.')).join(', ') : s.kind}: give an object there, its keys beside childproof's`;
  }
  return null;
}
