// Holding a case's assertions against a trial's facts. Pure.

import { isDeepStrictEqual } from 'node:util';
import type { Assertion, FactName, FactValue } from '../model/case.ts';
import { factOf, type Facts, type Verdict } from '../model/report.ts';

export function show(value: FactValue | 'unknown' | undefined): string {
  return JSON.stringify(value);
}

function requirement(a: Assertion): string {
  if ('equals' in a) return `required ${show(a.equals)}`;
  if (a.oneOf) return `required one of ${a.oneOf.map(show).join(', ')}`;
  if ('includes' in a) return `required it to include ${show(a.includes)}`;
  return `required it to exclude ${show(a.excludes)}`;
}

function holds(a: Assertion, observed: FactValue): boolean {
  if ('equals' in a) return isDeepStrictEqual(observed, a.equals);
  if (a.oneOf) return a.oneOf.some((v) => isDeepStrictEqual(observed, v));
  const list = Array.isArray(observed) ? (observed as FactValue[]) : null;
  if ('includes' in a) return list !== null && list.some((v) => isDeepStrictEqual(v, a.includes));
  return list !== null && !list.some((v) => isDeepStrictEqual(v, a.excludes));
}

/** `blind`: why a fact the runtime could not show is unknown (judge/facts.ts `blindFacts`). */
export function holdAssertions(assertions: Assertion[], facts: Facts, blind: Partial<Record<FactName, string>> = {}): Verdict[] {
  return assertions.map((a) => {
    const observed = factOf(facts, a.fact);
    const base = { clause: a.clause, fact: a.fact, observed };
    if (observed === 'unknown') {
      const because = blind[a.fact] ? `: ${blind[a.fact]}` : '';
      return { ...base, result: 'unknown', why: `${a.fact} could not be observed${because}; ${requirement(a)}.` };
    }
    const ok = holds(a, observed);
    return {
      ...base,
      result: ok ? 'pass' : 'fail',
      why: `${a.fact} was ${show(observed)}; ${requirement(a)}.`,
    };
  });
}
