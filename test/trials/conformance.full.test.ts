// The suite is only worth what it catches: the reference passes every case, every mutant
// is caught through the clause it breaks, and replay and compare report facts, not noise.

import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { hostRuntime } from '../../runners/identity/runtime.ts';
import type { LoadedCase } from '../../runners/model/case.ts';
import { lintCoverage } from '../../runners/model/lint.ts';
import { loadAllCases } from '../../runners/model/load-cases.ts';
import { loadProbes, mutantProbeNames, shippedProbes } from '../../runners/model/load-probes.ts';
import type { Report, TrialResult } from '../../runners/model/report-types.ts';
import { withheldFor } from '../../runners/judge/calibration.ts';
import { buildReport, environment } from '../../runners/report/build.ts';
import { compareReports, compareRow, racyIn } from '../../runners/report/compare-observed.ts';
import { cli, tempDir } from '../support/helpers.ts';
import { runInRunner } from '../support/runner-process.ts';
import { eager, finish } from '../support/suite.ts';

const FIELD_NOTE = 'cases/field-notes/abort-before-process-exit/published.json';

type Run = Pick<Report, 'probes' | 'trials'>;

function report(run: Run, cases: LoadedCase[]): Report {
  return buildReport({ probes: run.probes, cases, trials: run.trials, environment: environment(hostRuntime()), createdAt: new Date().toISOString() });
}

const conformance = suite<{ cases: LoadedCase[]; reference: Run; mutants: Run; again: Run }>('conformance', {
  cases: [],
  reference: { probes: [], trials: [] },
  mutants: { probes: [], trials: [] },
  again: { probes: [], trials: [] },
});

// The yardsticks: the caller's for client cases, the server's for server cases.
const REFERENCES = ['reference', 'stdio-reference'];

const only = (run: Run, keep: (probe: string) => boolean): Run => ({ probes: run.probes.filter((p) => keep(p.name)), trials: run.trials.filter((t) => keep(t.probe)) });

// One run of the reference and every mutant, and beside it a second run of the reference
// on the core cases, so the scheduler fills the machine with both.
const everyCase = loadAllCases();
const runs = eager(() =>
  Promise.all([
    runInRunner({ probes: loadProbes([...REFERENCES, ...mutantProbeNames()]), cases: everyCase }),
    runInRunner({ probes: loadProbes(['reference']), cases: everyCase.filter((c) => c.spec.id.startsWith('core/')) }),
  ]),
);

conformance.before(async (ctx) => {
  ctx.cases = everyCase;
  const [all, again] = await runs;
  ctx.reference = only(all, (p) => REFERENCES.includes(p));
  ctx.mutants = only(all, (p) => !REFERENCES.includes(p));
  ctx.again = again;
});

conformance('the references pass every case, the caller every client case and the server every server case, but one: a grandchild that left its group by setsid is left running', (ctx) => {
  assert.is(ctx.reference.trials.length, ctx.cases.length);
  // It supports every feature, so the controls for a probe without a signal are its only skips.
  const skipped = ctx.reference.trials.filter((t) => t.outcome === 'unsupported');
  assert.equal(skipped.map((t) => t.case).sort(), ctx.cases.filter((c) => c.spec.onlyWithout).map((c) => c.spec.id).sort());
  const notPassing = ctx.reference.trials.filter((t) => t.outcome !== 'pass' && t.outcome !== 'unsupported');
  assert.equal(notPassing.map((t) => `${t.case}: ${t.outcome}`), ['core/setsid-grandchild-abort: known-fail']);
  // No caller without a cgroup can end it: the reference breaks leaves-nothing-running there, and nothing else.
  const broken = notPassing[0].verdicts!.filter((v) => v.result !== 'pass');
  assert.equal(broken.map((v) => [v.clause, v.fact, v.observed]), [['leaves-nothing-running', 'runner.leftovers', 1]]);
});

conformance('there are at least eight mutants, each declaring the one clause it breaks', () => {
  const mutants = loadProbes(mutantProbeNames());
  assert.ok(mutants.length >= 8, `${mutants.length} mutants`);
  for (const m of mutants) assert.ok(m.spec.mutant?.breaks, m.spec.name);
});

conformance('every mutant fails exactly as it records, and is caught through the clause it breaks', (ctx) => {
  // This mutant starts the child in the caller's process group whatever the call asks: the
  // calibration sees detached never reach it, and withholds its detached cases.
  const dropsDetached = (t: TrialResult) => t.probe === 'mutant-signals-direct-child-only' && withheldFor(t, 'detached');
  // A mutant without a signal skips what needs one; one with it skips the controls for a probe without.
  const featureSkip = (t: TrialResult) => t.outcome === 'unsupported' && /does not support |this control is for a probe without/.test(t.reason ?? '');
  const surprises = ctx.mutants.trials.filter((t) => t.outcome !== 'pass' && t.outcome !== 'known-fail' && !dropsDetached(t) && !featureSkip(t));
  assert.ok(ctx.mutants.trials.some(dropsDetached), 'the mutant that drops detached has its detached cases withheld');
  assert.equal(surprises.map((t) => `${t.probe} ${t.case}: ${t.outcome}: ${t.reason}`), []);
  for (const m of loadProbes(mutantProbeNames())) {
    const caught = ctx.mutants.trials.some(
      (t) => t.probe === m.spec.name && t.verdicts?.some((v) => v.result === 'fail' && v.clause === m.spec.mutant!.breaks),
    );
    assert.ok(caught, `${m.spec.name} is caught through ${m.spec.mutant!.breaks}`);
  }
});

conformance('every case is failed by some mutant or some real probe, as validate requires', (ctx) => {
  assert.equal(lintCoverage(ctx.cases, shippedProbes()), []);
  const failedByMutant = new Set(ctx.mutants.trials.filter((t) => t.outcome === 'known-fail').map((t) => t.case));
  const failedByReal = new Set(
    shippedProbes()
      .filter((p) => !p.spec.mutant && !REFERENCES.includes(p.spec.name))
      .flatMap((p) => p.knownDivergences.map((k) => k.case)),
  );
  const uncaught = ctx.cases.filter((c) => !c.spec.observationOnly && !failedByMutant.has(c.spec.id) && !failedByReal.has(c.spec.id));
  assert.equal(uncaught.map((c) => c.spec.id), []);
});

conformance('validate refuses a case that nothing fails, unless it says why it only observes', (ctx) => {
  const lonely = { ...ctx.cases[0], spec: { ...ctx.cases[0].spec, id: 'own/lonely' } };
  assert.equal(lintCoverage([lonely], shippedProbes()).length, 1);
  assert.equal(lintCoverage([{ ...lonely, spec: { ...lonely.spec, observationOnly: 'records durations only' } }], shippedProbes()), []);
});

// A fact its case marks racy (a race the case cannot close) may differ; any other may not.
conformance('two runs of the same inputs differ in no fact their cases do not mark racy', (ctx) => {
  const cases = ctx.cases.filter((c) => c.spec.id.startsWith('core/'));
  const first = only({ probes: ctx.reference.probes, trials: ctx.reference.trials.filter((t) => t.case.startsWith('core/')) }, (p) => p === 'reference');
  const comparison = compareReports(report(first, cases), report(ctx.again, cases), racyIn([], cases));
  assert.equal(comparison.differences, []);
  assert.is(comparison.compared, cases.length);
});

conformance('runs against two mutants differ in exactly the facts their mutations touch', (ctx) => {
  const one = (name: string): Run => ({
    probes: ctx.mutants.probes.filter((p) => p.name === name),
    trials: ctx.mutants.trials.filter((t) => t.probe === name && t.case === 'core/success'),
  });
  const success = ctx.cases.filter((c) => c.spec.id === 'core/success');
  const comparison = compareReports(report(one('mutant-keeps-abort-listener'), success), report(one('mutant-keeps-deadline-timer'), success));
  assert.is(comparison.alignedBy, 'case');
  assert.equal(comparison.differences, [
    {
      probe: 'mutant-keeps-abort-listener|mutant-keeps-deadline-timer',
      case: 'core/success',
      differences: [
        { fact: 'parent.abortListenersAfterSettle', a: 1, b: 0 },
        { fact: 'parent.timersAfterSettle', a: 0, b: 1 },
      ],
    },
  ]);
});

conformance('replaying the field note shows which rows reproduce and asks for the pinned source for the rest', async () => {
  const r = await cli('replay', path.resolve(FIELD_NOTE));
  assert.is(r.code, 0, r.stderr);
  const section = (probe: string) => r.stdout.split(`${probe} (cross-check):`)[1].split(/\n(?=\S)/)[0];
  const reference = section('reference');
  for (const row of ['stoppable-abort', 'stoppable-timeout', 'ignore-stop']) assert.match(reference, new RegExp(`${row}\\s+reproduced`));
  assert.match(section('node-execfile'), /plain-abort\s+reproduced/);
  assert.match(r.stdout, /rea-execfilebytes: unavailable: .*must be supplied/);
  assert.match(r.stdout, /To replay rea-execfilebytes itself, supply its pinned source \(git clone https:\/\/github\.com\/morluto\/rea PATH && git -C PATH checkout 428eee00fdd0406cdf2b734c9ea14a2bb02da279\): .*--source rea-execfilebytes=PATH/);
  // Each divergence says what it means; a cross-check's does not fail the replay.
  assert.match(r.stdout, /\n {2}plain-abort +diverged: child\.markerAtSettle published false, observed true\n +why: The published value is rea-execfilebytes's; reference is another implementation/);
  assert.match(r.stdout, /cross-checks, which inform and do not fail the replay\./);
});

conformance('a report replays as reproduced, and a changed fact in it as a divergence', async (ctx) => {
  const cases = ctx.cases.filter((c) => ['core/success', 'core/pre-aborted'].includes(c.spec.id));
  const run = await runInRunner({ probes: loadProbes(['reference']), cases: cases });
  const dir = tempDir();
  const file = path.join(dir, 'report.json');
  const original = report(run, cases);
  fs.writeFileSync(file, JSON.stringify(original));
  const same = await cli('replay', file);
  assert.is(same.code, 0, same.stdout + same.stderr);
  assert.match(same.stdout, /2 reproduced, 0 diverged, 0 not comparable/);

  // A stored fact that its own observations do not support is read as they say, and noted.
  const tampered = structuredClone(original);
  tampered.trials.find((t) => t.case === 'core/pre-aborted')!.facts!['spawn.attempts'] = 1;
  fs.writeFileSync(file, JSON.stringify(tampered));
  const noted = await cli('replay', file);
  assert.is(noted.code, 0, noted.stdout);
  assert.match(noted.stdout, /core\/pre-aborted: what the report stored \(spawn\.attempts\) does not follow from its observations/);

  // Observations that saw a spawn the replay does not see are a divergence.
  const edited = structuredClone(original);
  const observed = edited.trials.find((t) => t.case === 'core/pre-aborted')!;
  observed.observations!.worker!.spawns.push({ t: observed.observations!.worker!.t0, file: 'node', command: true, pid: null, error: 'EPERM', exit: null });
  observed.facts!['spawn.attempts'] = 1;
  fs.writeFileSync(file, JSON.stringify(edited));
  const changed = await cli('replay', file);
  assert.is(changed.code, 1, changed.stdout);
  assert.match(changed.stdout, /core\/pre-aborted\s+diverged: spawn\.attempts published 1, observed 0/);
});

conformance('a published row is not comparable once its case file has changed', () => {
  const row = { case: 'core/x', sha256: 'a'.repeat(64), facts: { settled: 'rejected' as const } };
  assert.is(compareRow(row, 'b'.repeat(64), undefined).status, 'not comparable');
  assert.is(compareRow(row, undefined, undefined).status, 'not comparable');
  const trial = { probe: 'p', case: 'core/x', kind: 'library' as const, outcome: 'pass' as const, facts: { settled: 'resolved' } as never };
  assert.equal(compareRow(row, 'a'.repeat(64), trial), { status: 'diverged', fact: 'settled', published: 'rejected', observed: 'resolved' });
});

finish(conformance);
