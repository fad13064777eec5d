// From verdicts to an outcome, against the probe's known divergences. Pure.

import { isDeepStrictEqual } from 'node:util';
import type { KnownDivergence } from '../model/probe.ts';
import type { Outcome, Verdict } from '../model/report-types.ts';
import { judgedVerdicts, show } from './verdicts.ts';

function matches(v: Verdict, k: KnownDivergence): boolean {
  return v.fact === k.fact && isDeepStrictEqual(v.observed, k.value);
}

/**
 * A known divergence is a signature (fact and value), so a trial that fails in another
 * way, or passes where it used to fail, is still news. A signature may name the value
 * "unknown": a call that never settles leaves its settlement facts unobservable.
 */
/** `on`: the runtime and release the trial ran on, named where a known divergence no longer shows (Bun 1.4.5). */
export function classify(all: Verdict[], known: KnownDivergence[], on?: string): { outcome: Outcome; reason?: string } {
  // A hang is judged by its break of settles alone: a signature on another fact of a call
  // that never settled is neither needed nor missed.
  const verdicts = judgedVerdicts(all);
  const judged = new Set(verdicts.map((v) => v.fact));
  const problems = verdicts.filter((v) => v.result !== 'pass');
  const unmatched = problems.filter((v) => !known.some((k) => matches(v, k)));
  const unmatchedKnown = known.filter((k) => !k.racy && judged.has(k.fact) && !problems.some((v) => matches(v, k)));

  const newFail = unmatched.find((v) => v.result === 'fail');
  if (newFail) return { outcome: 'fail', reason: newFail.why };
  if (unmatched.length > 0) return { outcome: 'unknown', reason: unmatched[0].why };
  if (unmatchedKnown.length > 0) {
    // Every known divergence that did not happen, with the value its fact has now: what changed.
    const now = (k: KnownDivergence) => verdicts.find((v) => v.fact === k.fact)?.observed;
    const changed = unmatchedKnown.map((k) => `${k.fact} was known to be ${show(k.value)} and is now ${show(now(k) ?? 'unknown')}`);
    // The clauses the changed facts are judged under, where every verdict on them now passes.
    const clauses = [...new Set(unmatchedKnown.flatMap((k) => verdicts.filter((v) => v.fact === k.fact).map((v) => v.clause)))];
    const holding = clauses.filter((c) => verdicts.every((v) => v.clause !== c || v.result === 'pass'));
    const holds = holding.length ? `${holding.join(', ')} now hold${holding.length === 1 ? 's' : ''}: ` : '';
    return { outcome: 'unexpected-pass', reason: `${holds}${changed.join('; ')}${on ? ` on ${on}` : ''} (known divergence: ${unmatchedKnown[0].why})` };
  }
  // The probe's own explanation says why, where the verdict only says what.
  if (problems.length > 0) return { outcome: 'known-fail', reason: known.find((k) => matches(problems[0], k))!.why };
  return { outcome: 'pass' };
}

/** Each failure that is a known divergence carries the probe's explanation of it. */
export function explain(verdicts: Verdict[], known: KnownDivergence[]): Verdict[] {
  return verdicts.map((v) => {
    const k = v.result === 'pass' ? undefined : known.find((d) => matches(v, d));
    return k ? { ...v, knownDivergence: k.why } : v;
  });
}
