// Every core case against Node's own spawn, and in the full tier its execFile too: their
// recorded divergences must still hold, the report of the run must validate with its
// observations, and judging it again from those observations must give back exactly what
// the run said. In the inner loop execFile runs the cases run one at a time below, and
// those the other suites of trials/ examine it on.

import * as assert from 'uvu/assert';
import { loadAllCases } from '../../runners/model/load-cases.ts';
import { loadProbes } from '../../runners/model/load-probes.ts';
import { validate } from '../../runners/model/schemas.ts';
import { rejudgeReport } from '../../runners/report/rejudge.ts';
import { runInRunner } from '../support/runner-process.ts';
import { eager, finish } from '../support/suite.ts';
import { FULL_TIER } from '../support/tier.ts';
import { trial, trialSuite } from '../support/trials.ts';

const PROBES = ['node-execfile', 'node-spawn'];
const CORE = loadAllCases()
  .filter((c) => c.spec.id.startsWith('core/'))
  .map((c) => c.spec.id);
// child.atSettle is a /proc snapshot, and for a child that dies the instant it is
// signalled it races the sample (that is why verdicts use child.reapedAtSettle). These
// cases leave no such race, so every fact must agree.
const SERIAL = ['core/delayed-cleanup-abort', 'core/exits-zero-after-sigterm-timeout', 'core/grandchild-stdout-timeout', 'core/ignores-sigterm-abort', 'core/invalid-timeout-nan', 'core/nonzero-exit'];
const builtins = trialSuite('builtins', { 'node-spawn': CORE, 'node-execfile': FULL_TIER ? CORE : SERIAL }, CORE);

function report(ctx: Parameters<Parameters<typeof builtins>[1]>[0]) {
  return ctx.run;
}

builtins('the report of the run validates against its schema, observations included', (ctx) => {
  const r = report(ctx);
  assert.equal(validate('report', r, 'report'), []);
  assert.is(r.environment.node, process.version);
  assert.equal(r.environment.runtime, { name: 'node', release: process.version.slice(1), sha256: r.environment.runtime!.sha256 });
  assert.ok(r.trials.every((t) => t.outcome === 'unsupported' || t.observations), 'every trial that ran saved its observations');
});

builtins('on Node every way the worker looks is calibrated and seen to work', (ctx) => {
  const observed = report(ctx).trials.filter((t) => t.observations);
  assert.ok(observed.length > 0);
  for (const t of observed) {
    const sights = t.observations!.worker!.introspection;
    assert.ok(sights, `${t.probe} ${t.case} recorded what it calibrated`);
    for (const [what, sight] of Object.entries(sights)) assert.ok(sight.observed, `${t.probe} ${t.case} ${what}: ${JSON.stringify(sight)}`);
    assert.ok(t.unverifiedModules, `${t.probe} ${t.case} lists the modules it loaded`);
  }
});

builtins('judged again from its observations, the run gives back the same facts, verdicts and outcomes', (ctx) => {
  const again = rejudgeReport(report(ctx), ctx.cases, loadProbes(PROBES));
  assert.equal(again.trials.filter((t) => t.status !== 'same' && t.status !== 'no observations'), []);
  assert.equal(again.notes, []);
});

const serialRun = eager(() => runInRunner({ probes: loadProbes(['node-execfile']), cases: loadAllCases().filter((c) => SERIAL.includes(c.spec.id)), jobs: 1 }));

builtins('--jobs 1, one trial at a time, gives the same facts and outcomes as the default scheduler', async (ctx) => {
  const serial = await serialRun;
  assert.is(serial.trials.length, SERIAL.length);
  for (const s of serial.trials) {
    const parallel = trial(ctx, 'node-execfile', s.case);
    assert.equal([s.outcome, s.facts], [parallel.outcome, parallel.facts], s.case);
  }
});

finish(builtins);
