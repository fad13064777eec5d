// A fact's value as a sentence a reader of a post understands, for the facts a replay's
// rows publish (cases/INTERPRETING.md defines each); any other fact reads as its name and
// value. Pure.

import { show } from '../judge/verdicts.ts';
import type { FactName, FactValue } from '../model/case.ts';

const SAYS: Partial<Record<FactName, (v: FactValue) => string | null>> = {
  'child.markerAtSettle': (v) => (v === true ? "the child's cleanup had finished when the call settled" : v === false ? "the child's cleanup had not finished when the call settled" : null),
  'child.reapedAtSettle': (v) => (v === true ? 'the child had exited, and the caller had seen it exit, when the call settled' : v === false ? 'the child had not been seen to exit when the call settled' : null),
  'error.code': (v) => (v === null ? 'the error had no code' : `the error's code was ${show(v)}`),
  'error.signal': (v) => (v === null ? 'the error named no signal' : `the error named ${show(v)}`),
  spawned: (v) => (v === true ? 'a process was started' : v === false ? 'no process was started' : null),
  settled: (v) => (v === 'pending' ? 'the call never settled' : v === 'crashed' ? 'the call never settled: an exception nobody could catch ended its caller' : `the call ${show(v).replace(/"/g, '')}`),
};

export function factWords(fact: FactName, value: FactValue): string {
  return SAYS[fact]?.(value) ?? `${fact} was ${show(value)}`;
}
