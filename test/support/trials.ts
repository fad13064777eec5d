// A suite of real trials: the probes and cases named, run once, started at import beside
// every other suite's (support/suite.ts) in the test process's runner
// (support/runner-process.ts), before the suite's tests examine them. Each file runs only
// the cases it is about.

import { suite, type Test } from 'uvu';
import * as assert from 'uvu/assert';
import type { RunOptions } from '../../runners/engine/run-trials.ts';
import type { LoadedCase } from '../../runners/model/case.ts';
import { loadAllCases } from '../../runners/model/load-cases.ts';
import { loadProbes } from '../../runners/model/load-probes.ts';
import type { Report, TrialResult } from '../../runners/model/report-types.ts';
import { runInRunner } from './runner-process.ts';
import { eager } from './suite.ts';

export interface TrialContext {
  cases: LoadedCase[];
  run: Report;
}

/** Outcomes that say the probe's records still hold. */
export const AS_RECORDED = ['pass', 'known-fail', 'unsupported'];

/**
 * `probes` each on every case named, or, as a map, each probe on the cases it is asked
 * about alone: the inner loop runs the pairs a suite examines, and make test-all's
 * conformance.full runs every probe on every case.
 */
export function trialSuite(name: string, probes: string[] | Record<string, string[]>, caseIds: string[], opts: RunOptions = {}): Test<TrialContext> {
  const s = suite<TrialContext>(name, { cases: [], run: null as unknown as Report });
  const cases = loadAllCases().filter((c) => caseIds.includes(c.spec.id));
  const pairs = Array.isArray(probes) ? Object.fromEntries(probes.map((p) => [p, caseIds])) : probes;
  // One run for each set of cases that probes share.
  const groups = new Map<string, string[]>();
  for (const [probe, ids] of Object.entries(pairs)) {
    const key = [...ids].sort().join('\0');
    groups.set(key, [...(groups.get(key) ?? []), probe]);
  }
  const runs = [...groups.entries()].map(([ids, names]) => {
    const chosen = cases.filter((c) => ids.split('\0').includes(c.spec.id));
    return eager(() => runInRunner({ probes: loadProbes(names), cases: chosen, ...opts }));
  });
  s.before(async (ctx) => {
    ctx.cases = cases;
    assert.is(ctx.cases.length, caseIds.length, 'every case named exists');
    const [first, ...more] = await Promise.all(runs);
    ctx.run = { ...first, trials: [...first.trials, ...more.flatMap((r) => r.trials)] };
  });
  s('every trial comes out as its probe records', (ctx) => {
    // Besides any control the pipeline added for a probe (engine/add-controls.ts).
    const chosen = ctx.run.trials.filter((t) => pairs[t.probe]?.includes(t.case));
    assert.is(chosen.length, Object.values(pairs).reduce((n, ids) => n + ids.length, 0));
    const surprises = ctx.run.trials.filter((t) => !AS_RECORDED.includes(t.outcome));
    assert.equal(surprises.map((t) => `${t.probe} ${t.case}: ${t.outcome}: ${t.reason}`), []);
  });
  return s;
}

export function trial(ctx: TrialContext, probe: string, id: string): TrialResult {
  const t = ctx.run.trials.find((r) => r.probe === probe && r.case === id);
  if (!t) throw new Error(`no trial ${probe} ${id}`);
  return t;
}
