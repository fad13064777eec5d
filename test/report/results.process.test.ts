// Published findings: filed per probe and version, and a table generated from those files
// alone, so it can always be checked against the reports it summarizes.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadProbe } from '../../runners/model/load-probes.ts';
import type { Report } from '../../runners/model/report-types.ts';
import { validate } from '../../runners/model/schemas.ts';
import { trialLines } from '../../runners/report/report-text.ts';
import { sweepLinks } from '../../runners/report/sweep-links.ts';
import { renderFindings } from '../../runners/report/findings.ts';
import { readChanges } from '../../runners/report/changes-file.ts';
import { probeVersion, readPublished, splitByProbe } from '../../runners/report/publish-files.ts';
import { cli, ROOT, tempDir } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';
import { loadAllCases } from '../../runners/model/load-cases.ts';
import { rejudgedSweepPage } from '../../runners/report/rejudge-sweep.ts';

test('publish files one valid report per probe and version, and a table that matches them', async () => {
  const dir = tempDir();
  const out = path.join(dir, 'run.json');
  const run = await cli('run', '--probe', 'reference', '--probe', 'node-execfile', '--case', 'core/delayed-cleanup-abort', '--case', 'core/success', '--out', out);
  assert.is(run.code, 0, run.stdout + run.stderr);
  const results = path.join(dir, 'results');
  const r = await cli('publish', out, '--dir', results);
  assert.is(r.code, 0, r.stderr);
  const published = readPublished(results);
  const files = published.map((p) => p.file).sort();
  assert.is(files[0], `node-execfile/${process.version}@node-${process.version}.json`);
  assert.match(files[1], new RegExp(`^reference/[0-9a-f]{12}@node-${process.version}\\.json$`));
  for (const { file, report } of published) {
    assert.equal(validate('report', report, file), []);
    assert.is(report.probes.length, 1);
  }
  const table = fs.readFileSync(path.join(results, 'README.md'), 'utf8');
  assert.is(table, `${renderFindings(published, [], undefined, readChanges(results))}\n`);
  assert.match(table, /## node-execfile v\d+\.\d+\.\d+ on Node \d+/);
  // The failure links to the line of the report where its trial starts, and refers to the
  // probe's explanation, written once below the row's table.
  const cell = /\| settles after exit \| \*\*breaks\*\* in 1 of 2 cases: \[core\/delayed-cleanup-abort\]\((node-execfile\/v[\d.]+@node-v[\d.]+\.json)#L(\d+)\): child\.reapedAtSettle = `false` \[(\d+)\]/.exec(table);
  assert.ok(cell, table);
  const report = published.find((p) => p.file === cell[1])!.report;
  const linked = report.trials[trialLines(report).indexOf(Number(cell[2]))];
  assert.is(linked.case, 'core/delayed-cleanup-abort');
  const section = table.slice(table.indexOf('## node-execfile'));
  const why = new RegExp(`^${cell[3]}\\. (.+)$`, 'm').exec(section)![1];
  const known = loadProbe('node-execfile').knownDivergences;
  assert.ok(known.some((k) => k.case === 'core/delayed-cleanup-abort' && k.why === why));
  assert.match(table, /## reference [0-9a-f]{12} on Node [\d.]+\n/);
  assert.match(table, /\| settles after exit \| holds \(2 cases\) \|/);
});

test("a probe's published file is as expected when its own trials are, whatever another probe did", () => {
  const identity = { kind: 'builtin', module: 'node:child_process' } as const;
  const report: Report = {
    formatVersion: 2,
    tool: { name: 'childproof', version: '0' },
    semantics: 2,
    createdAt: new Date(0).toISOString(),
    environment: { node: 'v20.0.0', v8: '0', platform: 'linux', release: '0', arch: 'x64', cpus: 1 },
    probes: [{ name: 'good', title: 'g', identity }, { name: 'bad', title: 'b', identity }],
    cases: [{ id: 'core/x', title: 'x', sha256: '0'.repeat(64), kind: 'library', clauses: [] }],
    trials: [
      { probe: 'good', case: 'core/x', kind: 'library', outcome: 'known-fail' },
      { probe: 'bad', case: 'core/x', kind: 'library', outcome: 'fail' },
    ],
    summary: { total: 2, asExpected: false, outcomes: { 'known-fail': 1, fail: 1 } },
  };
  const byProbe = Object.fromEntries(splitByProbe(report).map(({ report: r }) => [r.probes[0].name, r.summary.asExpected]));
  assert.equal(byProbe, { good: true, bad: false });
});

test('a probe is filed under its package version, its runtime, or its pin', () => {
  const base = { name: 'p', title: 't' };
  const node = { node: 'v20.0.0' };
  assert.is(probeVersion({ ...base, identity: { kind: 'package', name: 'x', version: '1.2.3', entry: 'i.js', paths: [] } }, node), '1.2.3');
  assert.is(probeVersion({ ...base, identity: { kind: 'builtin', module: 'node:child_process' } }, node), 'v20.0.0');
  assert.is(probeVersion({ ...base, identity: { kind: 'git', commit: 'a'.repeat(40), entry: 'x', paths: [] } }, node), 'a'.repeat(12));
  // Bun names the Node API it follows as process.version; a builtin on Bun is filed by Bun's release.
  const bun = { node: 'v26.3.0', runtime: { name: 'bun' as const, release: '1.4.4' } };
  assert.is(probeVersion({ ...base, identity: { kind: 'builtin', module: 'node:child_process' } }, bun), 'bun-1.4.4');
});

test("publish files a runtime's own API only under that runtime, and says why it skipped it elsewhere", async () => {
  const dir = tempDir();
  const out = path.join(dir, 'run.json');
  // On the host alone: a run without --runtime would take bun-spawn to Bun.
  const run = await cli('run', '--runtime', 'node', '--probe', 'bun-spawn', '--probe', 'reference', '--case', 'core/success', '--case', 'core/output-flood-maxbuffer', '--out', out);
  assert.is(run.code, 0, run.stdout + run.stderr);
  const r = await cli('publish', out, '--dir', path.join(dir, 'results'));
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /skipped bun-spawn\/v[\d.]+@node-v[\d.]+\.json: runs on bun \(the trials run on Node [\d.]+\): run with --runtime bun/);
  assert.equal(readPublished(path.join(dir, 'results')).map((p) => p.file.split('/')[0]), ['reference']);
});

test('the committed findings table is the one its committed reports generate', () => {
  const dir = path.join(ROOT, 'results');
  const published = readPublished(dir);
  if (published.length === 0) return;
  const readme = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');
  assert.is(readme, `${renderFindings(published, sweepLinks(dir), undefined, readChanges(dir))}\n`);
  // Each sweep published beside the findings is linked from them.
  for (const name of fs.readdirSync(path.join(dir, 'sweeps'))) assert.ok(readme.includes(`(sweeps/${name}/README.md)`), name);
  for (const { file, report } of published) assert.equal(validate('report', report as Report, file), []);
  assert.ok(splitByProbe(published[0].report).length === 1);
});

test("every published sweep's table of where each clause holds is the one its sweep.json and the cases as they are now give", () => {
  const dir = path.join(ROOT, 'results', 'sweeps');
  const cases = loadAllCases();
  let judged = 0;
  for (const name of fs.readdirSync(dir)) {
    const sweepFile = path.join(dir, name, 'sweep.json');
    if (!fs.existsSync(sweepFile)) continue;
    const page = fs.readFileSync(path.join(dir, name, 'README.md'), 'utf8');
    assert.is(page, rejudgedSweepPage(page, JSON.parse(fs.readFileSync(sweepFile, 'utf8')), cases), `${name}: make results-rejudged writes it again`);
    judged++;
  }
  assert.ok(judged > 0);
});

finish(test);
