// --shard K/N and merge: three slices of one plan, each run on its own, joined into one
// report that validates and holds, trial for trial, what one unsharded run holds.

import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { RunOptions } from '../../runners/engine/run-trials.ts';
import { inShard, parseShard } from '../../runners/engine/shard.ts';
import { InputError } from '../../runners/model/errors.ts';
import { loadAllCases } from '../../runners/model/load-cases.ts';
import { loadProbes } from '../../runners/model/load-probes.ts';
import type { Report } from '../../runners/model/report-types.ts';
import { validate } from '../../runners/model/schemas.ts';
import { compareReports } from '../../runners/report/compare-observed.ts';
import { mergeReports, type Part } from '../../runners/report/merge-shards.ts';
import { readReport, writeReport } from '../../runners/report/report-file.ts';
import { reportFromStream, openStream } from '../../runners/report/stream.ts';
import { tempDir } from '../support/helpers.ts';
import { runInRunner } from '../support/runner-process.ts';
import { eager, finish } from '../support/suite.ts';

const PROBES = ['reference', 'node-spawn'];
const IDS = ['core/cooperative-abort', 'core/delayed-cleanup-abort', 'core/invalid-timeout-nan', 'core/kill-signal-override', 'core/success'];
const cases = loadAllCases().filter((c) => IDS.includes(c.spec.id));
const createdAt = new Date().toISOString();
const ctx = { whole: null as Report | null, parts: [] as Part[] };

async function report(opts: RunOptions): Promise<Report> {
  return runInRunner({ probes: loadProbes(PROBES), cases, createdAt, ...opts });
}

const reports = eager(() => Promise.all([report({}), ...[1, 2, 3].map((index) => report({ shard: { index, count: 3 } }))]));

test.before(async () => {
  const [whole, ...shards] = await reports;
  ctx.whole = whole;
  ctx.parts = shards.map((r, i) => ({ file: `shard-${i + 1}.json`, report: r }));
});

test('the three slices are disjoint and together make the plan', () => {
  const sizes = ctx.parts.map((p) => p.report.trials.length);
  assert.is(sizes.reduce((a, b) => a + b), PROBES.length * IDS.length);
  assert.ok(sizes.every((n) => n > 0), `every slice has trials: ${sizes}`);
  const seen = Array.from({ length: 10 }, (_, i) => [1, 2, 3].filter((index) => inShard(i, { index, count: 3 })).length);
  assert.equal(seen, Array(10).fill(1));
});

test('merged, the slices validate and hold what one unsharded run holds, trial for trial', () => {
  const merged = mergeReports(ctx.parts);
  assert.ok('report' in merged, JSON.stringify(merged));
  const { report } = merged as { report: Report };
  assert.equal(validate('report', report, 'merged'), []);
  assert.is(report.shard, undefined);
  assert.equal(report.trials.map((t) => [t.probe, t.case, t.outcome]), ctx.whole!.trials.map((t) => [t.probe, t.case, t.outcome]));
  const c = compareReports(ctx.whole!, report);
  assert.equal([c.differences, c.onlyIn, c.compared], [[], [], PROBES.length * IDS.length]);
  assert.equal(report.probes.map((p) => p.verified?.unverifiedModules), ctx.whole!.probes.map((p) => p.verified?.unverifiedModules));
});

test('streams merge as reports do', () => {
  const dir = tempDir();
  const files = ctx.parts.map((p, i) => {
    const file = path.join(dir, `shard-${i + 1}.jsonl`);
    const { trials, summary: _s, ...header } = p.report;
    const stream = openStream(file, { kind: 'run', ...header, planned: trials.length });
    for (const t of trials) stream.trial(t);
    stream.end();
    return { file, report: reportFromStream(file) };
  });
  const merged = mergeReports(files);
  assert.ok('report' in merged);
  const out = path.join(dir, 'merged.json');
  writeReport(out, (merged as { report: Report }).report);
  assert.equal(readReport(out).trials, (mergeReports(ctx.parts) as { report: Report }).report.trials);
});

test('merge refuses parts that are not the slices of one run', () => {
  const problems = (parts: Part[]) => {
    const m = mergeReports(parts);
    return 'problems' in m ? m.problems.join('\n') : '';
  };
  assert.match(problems(ctx.parts.slice(0, 2)), /shard 3\/3 missing/);
  assert.match(problems([...ctx.parts, ctx.parts[0]]), /shard 1\/3 is also shard-1\.json/);
  const other = { file: 'other.json', report: { ...ctx.parts[2].report, cases: ctx.parts[2].report.cases.slice(1) } };
  assert.match(problems([ctx.parts[0], ctx.parts[1], other]), /other\.json and shard-1\.json differ in their cases/);
  const cut = { file: 'cut.json', report: { ...ctx.parts[2].report, interrupted: { by: 'SIGINT', planned: 4, finished: 1 } } };
  assert.match(problems([ctx.parts[0], ctx.parts[1], cut]), /cut\.json: the run was interrupted \(SIGINT\)/);
});

test('--shard takes K/N with 1 <= K <= N, and says so otherwise', () => {
  assert.equal(parseShard('2/3'), { index: 2, count: 3 });
  for (const bad of ['0/3', '4/3', '1', 'a/b', '1/0', '1/99999999999999999999']) assert.throws(() => parseShard(bad), (e: unknown) => e instanceof InputError && /--shard expects K\/N/.test((e as Error).message));
});

finish(test);
