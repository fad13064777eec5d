// A trial run several times (--repeat N): each fact is stable (one value in every run) or
// flaky (its values, each with how many runs saw it). A flaky fact makes the outcome
// `flaky`, never pass or known-fail, unless the probe knows that fact races for that
// case (a known divergence marked racy). Pure.

import { FACT_NAMES, type FactName } from '../model/case.ts';
import type { KnownDivergence } from '../model/probe.ts';
import { factOf, type FlakyValues, type Outcome, type TrialResult, type TrialRun } from '../model/report-types.ts';
import { sameFact } from './same-fact.ts';
import { show } from './verdicts.ts';

/** The first of these a run came to is the combined outcome, when no fact is flaky. */
const WORST_FIRST: Outcome[] = ['error', 'fail', 'unknown', 'unexpected-pass', 'known-fail', 'pass', 'unsupported', 'unavailable'];

/** Each fact whose value was not the same (judge/same-fact.ts) in every run that observed facts. */
export function flakyFacts(runs: TrialRun[]): Partial<Record<FactName, FlakyValues>> {
  const judged = runs.filter((r) => r.facts);
  const flaky: Partial<Record<FactName, FlakyValues>> = {};
  for (const fact of FACT_NAMES) {
    // Each value with the facts of the first run that saw it, which sameFact reads.
    const values: Array<FlakyValues[number] & { facts: TrialRun['facts'] }> = [];
    for (const r of judged) {
      const value = factOf(r.facts!, fact);
      const seen = values.find((v) => sameFact(fact, v.value, value, v.facts, r.facts));
      if (seen) seen.count++;
      else values.push({ value, count: 1, facts: r.facts });
    }
    if (values.length > 1) flaky[fact] = values.map(({ value, count }) => ({ value, count }));
  }
  return flaky;
}

function describe(fact: string, values: FlakyValues, runs: number): string {
  return `${fact} differed across ${runs} runs: ${values.map((v) => `${show(v.value)} in ${v.count}`).join(', ')}`;
}

/**
 * One result for N runs of one trial: the first run as it was, with the others beside it
 * and the combined outcome. An error in any run is the harness's or the adapter's and
 * says so; it never turns into a statement about the target.
 */
/** `caseRacy`: the facts the case marks racy for any target. */
export function combineRepeats(runs: TrialResult[], known: KnownDivergence[], caseRacy: Partial<Record<string, string>> = {}): TrialResult {
  if (runs.length <= 1) return runs[0];
  const [first, ...others] = runs;
  const bare = (r: TrialResult): TrialRun => {
    const { probe: _p, case: _c, kind: _k, repeats: _r, ...run } = r;
    return run;
  };
  const flaky = flakyFacts(runs);
  const racy = (fact: string) => fact in caseRacy || known.some((k) => k.case === first.case && k.fact === fact && k.racy);
  const untolerated = Object.entries(flaky).filter(([fact]) => !racy(fact));
  const repeats = { runs: runs.length, others: others.map(bare), ...(Object.keys(flaky).length ? { flaky } : {}) };
  const errored = runs.findIndex((r) => r.outcome === 'error');
  if (errored >= 0) {
    return { ...first, outcome: 'error', reason: `run ${errored + 1} of ${runs.length}: ${runs[errored].reason ?? 'error'}`, repeats };
  }
  if (untolerated.length > 0) {
    const [fact, values] = untolerated[0];
    return { ...first, outcome: 'flaky', reason: describe(fact, values!, runs.length), repeats };
  }
  const worst = WORST_FIRST.map((o) => runs.find((r) => r.outcome === o)).find(Boolean)!;
  const { reason: _reason, ...rest } = first;
  return { ...rest, outcome: worst.outcome, ...(worst.reason ? { reason: worst.reason } : {}), repeats };
}
