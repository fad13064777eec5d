// What a maintainer's CI shows after a change to a library: the job summary opens with one
// status line and what changed, under 10 KB; annotations are one per trial, an improvement
// a notice and never an error, an adapter's error on the adapter's own line.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadAllCases } from '../../runners/model/load-cases.ts';
import { loadProbes } from '../../runners/model/load-probes.ts';
import type { Report, TrialResult } from '../../runners/model/report-types.ts';
import { summarize } from '../../runners/report/build.ts';
import { renderGithub } from '../../runners/report/formats/github.ts';
import { renderJobSummary } from '../../runners/report/formats/job-summary.ts';
import { placesOf } from '../../runners/report/places.ts';
import { finish } from '../support/suite.ts';
import { publishedReports } from '../support/published.ts';

const published = publishedReports().map((p) => p.report);
const base = published.find((r) => r.probes[0].name === 'node-spawn' && r.environment.node === 'v20.20.2' && !r.environment.runtime?.package)!;

// The fix scenario: ten known divergences gone, seven passes now failing, one adapter error.
function scenario(): Report {
  let fixed = 0;
  let broken = 0;
  let errored = 0;
  const trials = base.trials.map((t): TrialResult => {
    if (t.outcome === 'known-fail' && fixed < 10) {
      fixed++;
      return { ...t, outcome: 'unexpected-pass', reason: 'a known divergence is gone', verdicts: t.verdicts!.map(({ knownDivergence: _k, ...v }) => ({ ...v, result: 'pass' as const })) };
    }
    if (t.outcome === 'pass' && t.verdicts?.length && broken < 7) {
      broken++;
      return { ...t, outcome: 'fail', verdicts: t.verdicts.map((v, i) => (i === 0 ? { ...v, result: 'fail' as const, why: `${v.fact} was not what the case requires` } : v)) };
    }
    if (t.outcome === 'pass' && errored < 1) {
      errored++;
      return { ...t, outcome: 'error', reason: 'the adapter threw: TypeError: target.spawn is not a function' };
    }
    return t;
  });
  assert.is(fixed, 10);
  assert.is(broken, 7);
  return { ...base, trials, summary: summarize(trials) };
}

test('the job summary of the fix scenario opens with its status and what changed, regressions first, under 10 KB', () => {
  const md = renderJobSummary([scenario()]);
  assert.ok(Buffer.byteLength(md) < 10 * 1024, `${Buffer.byteLength(md)} bytes`);
  const [status, , heading, , ...rest] = md.split('\n');
  assert.match(status, /^## childproof: NOT as expected: 10 unexpected-pass, 7 fail, 1 error of \d+ trials on Node v20\.20\.2$/);
  assert.is(heading, '### What changed (18)');
  const changes = rest.slice(0, 18);
  assert.is(changes.filter((l) => l.startsWith('- regression: ')).length, 7);
  assert.is(changes.filter((l) => l.startsWith('- error (the adapter or the harness, not the target): ')).length, 1);
  assert.is(changes.filter((l) => l.startsWith('- fixed: ') && l.endsWith('; `childproof bless` accepts it')).length, 10);
  const firstFix = changes.findIndex((l) => l.startsWith('- fixed'));
  assert.ok(changes.slice(firstFix).every((l) => l.startsWith('- fixed')), 'what stops a release comes first');
  assert.match(md, /<details><summary>\d+ trials as expected \(/);
  assert.not.match(md, /\| fact \| value \|/, 'no fact tables');
});

test('the job summary of every published report stays under 10 KB, folded a line per probe and runtime', () => {
  const md = renderJobSummary(published);
  assert.ok(Buffer.byteLength(md) < 10 * 1024, `${Buffer.byteLength(md)} bytes`);
  assert.match(md, /^## childproof: as expected: \d+ trials on /);
});

test('annotations: one per trial in a group, an improvement a notice, an adapter error on its run', () => {
  const places = placesOf(loadAllCases(), loadProbes(['node-spawn']));
  const out = renderGithub([scenario()], places).split('\n');
  assert.ok(out[0].startsWith('::group::childproof on Node v20.20.2: 18 trials not as expected'), out[0]);
  assert.ok(out.includes('::endgroup::'));
  const errors = out.filter((l) => l.startsWith('::error'));
  const notices = out.filter((l) => l.startsWith('::notice') && l.includes('fixed::fixed: '));
  assert.is(notices.length, 10);
  assert.is(errors.length, 8);
  assert.not.ok(errors.some((l) => l.includes('unexpected-pass') || l.includes('fixed')), 'no error for an improvement');
  const adapter = fs.readFileSync(path.join('probes', 'node-spawn', 'adapter.ts'), 'utf8').split('\n').findIndex((l) => l.startsWith('export const run')) + 1;
  assert.ok(errors.some((l) => l.startsWith(`::error file=probes/node-spawn/adapter.ts,line=${adapter},title=`) && l.includes('target.spawn is not a function')), errors.join('\n'));
});

finish(test);
