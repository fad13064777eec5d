// A suite of real trials: the probes and cases named, run once, started at import beside
// every other suite's (support/suite.ts), before the suite's tests examine them. Each
// file runs only the cases it is about.

import { suite, type Test } from 'uvu';
import * as assert from 'uvu/assert';
import { runPipeline } from '../../runners/engine/pipeline.ts';
import type { RunOptions } from '../../runners/engine/run.ts';
import type { LoadedCase } from '../../runners/model/case.ts';
import { loadAllCases } from '../../runners/model/load-cases.ts';
import { loadProbes } from '../../runners/model/load-probes.ts';
import type { Report, TrialResult } from '../../runners/model/report.ts';
import { eager } from './suite.ts';

export interface TrialContext {
  cases: LoadedCase[];
  run: Report;
}

/** Outcomes that say the probe's records still hold. */
export const AS_RECORDED = ['pass', 'known-fail', 'unsupported'];

export function trialSuite(name: string, probes: string[], caseIds: string[], opts: RunOptions = {}): Test<TrialContext> {
  const s = suite<TrialContext>(name, { cases: [], run: null as unknown as Report });
  const cases = loadAllCases().filter((c) => caseIds.includes(c.spec.id));
  const run = eager(() => runPipeline({ probes: loadProbes(probes), cases: cases, ...opts }));
  s.before(async (ctx) => {
    ctx.cases = cases;
    assert.is(ctx.cases.length, caseIds.length, 'every case named exists');
    ctx.run = await run;
  });
  s('every trial comes out as its probe records', (ctx) => {
    // Besides any control the pipeline added for a probe (engine/controls.ts).
    const chosen = ctx.run.trials.filter((t) => caseIds.includes(t.case));
    assert.is(chosen.length, probes.length * caseIds.length);
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
