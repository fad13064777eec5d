// Finding the first version where one fact changed, with a logarithmic number of
// versions run: the two ends first, then halving the span whose ends differ. It assumes
// the fact changed once over the range; a fact that changed and changed back between two
// versions run is not seen, and a sweep (`childproof sweep` without --bisect) is the check.

import { isDeepStrictEqual } from 'node:util';
import { sameSwept, type SweptValue } from '../judge/same-fact.ts';
import type { FactName } from '../model/case.ts';
import { runPipeline, type PipelineRequest } from './pipeline.ts';

export interface BisectResult<V> {
  /** The first version whose value differs from the oldest's, or null when the ends agree. */
  first: string | null;
  before: V;
  after: V | null;
  /** Every version run, in the order it ran, with its value. */
  runs: Array<{ version: string; value: V }>;
}

/** `same` says whether two values agree; a sweep passes the rule its rows use (judge/same-fact.ts). */
export async function bisect<V>(versions: string[], valueAt: (version: string) => Promise<V>, same: (a: V, b: V) => boolean = isDeepStrictEqual): Promise<BisectResult<V>> {
  const runs: Array<{ version: string; value: V }> = [];
  const at = async (i: number) => {
    const value = await valueAt(versions[i]);
    runs.push({ version: versions[i], value });
    return value;
  };
  let lo = 0;
  let hi = versions.length - 1;
  const before = await at(lo);
  if (hi === lo) return { first: null, before, after: null, runs };
  const after = await at(hi);
  if (same(before, after)) return { first: null, before, after: null, runs };
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (same(await at(mid), before)) lo = mid;
    else hi = mid;
  }
  return { first: versions[hi], before, after, runs };
}

/**
 * `sweep --bisect FACT`: one probe's fact on one case, bisected over versions (of its
 * package, or of the runtime it runs on: `at` says what a version changes), each version
 * run through the one pipeline and compared by the rule a sweep's rows use
 * (judge/same-fact.ts), so `sweep` and `sweep --bisect` never disagree.
 */
export async function bisectFact(
  request: Omit<PipelineRequest, 'probes'> & { at: (version: string) => Pick<PipelineRequest, 'probes'> & Partial<PipelineRequest>; fact: FactName; versions: string[] },
  onVersion: (version: string, value: SweptValue['value']) => void = () => {},
): Promise<BisectResult<SweptValue>> {
  const { at, fact, versions, ...rest } = request;
  const caseId = rest.cases[0].spec.id;
  return bisect(
    versions,
    async (v) => {
      const report = await runPipeline({ ...rest, ...at(v) });
      const t = report.trials.find((x) => x.case === caseId);
      const value = t?.facts ? t.facts[fact] : `${t?.outcome ?? 'not run'}: ${t?.reason ?? ''}`;
      onVersion(v, value);
      return { value, facts: t?.facts };
    },
    (a, b) => sameSwept(fact, a, b),
  );
}
