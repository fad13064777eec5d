// Holding a case's assertions against a trial's facts. Pure.

import { isDeepStrictEqual } from 'node:util';
import type { Assertion, FactName, FactValue } from '../model/case.ts';
import { factOf, type Facts, type Verdict } from '../model/report-types.ts';

export function show(value: FactValue | 'unknown' | undefined): string {
  return JSON.stringify(value);
}

function requirement(a: Assertion): string {
  if ('equals' in a) return `required ${show(a.equals)}`;
  if (a.oneOf) return `required one of ${a.oneOf.map(show).join(', ')}`;
  if ('includes' in a) return `required it to include ${show(a.includes)}`;
  return `required it to exclude ${show(a.excludes)}`;
}

/** Where the reason was looked for, as the words of a verdict on `error.reasonAt` say it. */
const CALLER_PLACES = 'not on the error, its cause or its cause\'s cause';

/** What an observed value says, in words that are exactly true of it. */
function said(fact: FactName, observed: FactValue): string {
  if (fact === 'error.reasonAt' && observed === 'nowhere') return `${fact} was "nowhere": ${CALLER_PLACES}, nor on any chain of own properties up to three deep`;
  if (fact === 'error.reasonAt' && typeof observed === 'string' && !['error', 'cause', 'cause.cause'].includes(observed)) return `${fact} was ${show(observed)}: ${CALLER_PLACES}, but at error.${observed}`;
  if (fact === 'error.isTimeout' && observed === 'message-only') return `${fact} was "message-only": only the error's message says it timed out`;
  return `${fact} was ${show(observed)}`;
}

function holds(a: Assertion, observed: FactValue): boolean {
  if ('equals' in a) return isDeepStrictEqual(observed, a.equals);
  if (a.oneOf) return a.oneOf.some((v) => isDeepStrictEqual(observed, v));
  const list = Array.isArray(observed) ? (observed as FactValue[]) : null;
  if ('includes' in a) return list !== null && list.some((v) => isDeepStrictEqual(v, a.includes));
  return list !== null && !list.some((v) => isDeepStrictEqual(v, a.excludes));
}

/** How a call that never settled ended: it hung past its deadline, or an exception nobody could catch ended its caller. */
const UNSETTLED = new Set<unknown>(['pending', 'crashed']);

/** Whether a trial's call never settled: its `settles` verdict broke on `pending` or `crashed`. */
const hungIn = (verdicts: Verdict[]): boolean => verdicts.some((v) => v.clause === 'settles' && v.result === 'fail' && UNSETTLED.has(v.observed));

/**
 * The verdicts an outcome rests on. A call that never settled holds no clause: its other
 * verdicts are unknown by the hang alone, and only the break of `settles` says anything.
 */
export const judgedVerdicts = (verdicts: Verdict[]): Verdict[] => (hungIn(verdicts) ? verdicts.filter((v) => v.clause === 'settles') : verdicts);

/** `blind`: why a fact the runtime could not show is unknown (judge/facts.ts `blindFacts`). */
export function holdAssertions(assertions: Assertion[], facts: Facts, blind: Partial<Record<FactName, string>> = {}): Verdict[] {
  const hung = UNSETTLED.has(factOf(facts, 'settled'));
  return assertions.map((a) => {
    const observed = factOf(facts, a.fact);
    const base = { clause: a.clause, fact: a.fact, observed };
    if (observed === 'unknown') {
      const because = blind[a.fact] ? `: ${blind[a.fact]}` : '';
      return { ...base, result: 'unknown', why: `${a.fact} could not be observed${because}; ${requirement(a)}.` };
    }
    if (hung && a.clause !== 'settles') return { ...base, result: 'unknown', why: `not judged: the call never settled${factOf(facts, 'settled') === 'crashed' ? ' (it crashed its caller)' : ''}, and a call that never settles holds no clause but breaks settles; ${requirement(a)}.` };
    const ok = holds(a, observed);
    // The implicit `settles` names what broke it in the caller's words.
    const hang = !ok && a.clause === 'settles' && observed === 'pending';
    const crash = !ok && a.clause === 'settles' && observed === 'crashed';
    return {
      ...base,
      result: ok ? 'pass' : 'fail',
      why: hang ? 'the call never settled within its deadline.' : crash ? 'the call never settled: an exception nobody could catch ended its caller.' : `${said(a.fact, observed)}; ${requirement(a)}.`,
    };
  });
}
