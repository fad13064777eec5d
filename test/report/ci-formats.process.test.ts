// What a CI shows: GitHub annotations on the line of the user's own file that said what
// was expected, every failed assertion apart, a summary notice always and the Markdown in
// the job summary; JUnit whose class names keep runtimes apart.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadAllCases, loadCase } from '../../runners/model/load-cases.ts';
import { loadProbes } from '../../runners/model/load-probes.ts';
import { RESULTS_DIR } from '../../runners/model/paths.ts';
import type { Report, TrialResult } from '../../runners/model/report-types.ts';
import { summarize } from '../../runners/report/build.ts';
import { renderGithub } from '../../runners/report/formats/github.ts';
import { renderJunit } from '../../runners/report/formats/junit.ts';
import { lineOf, placesOf } from '../../runners/report/places.ts';
import { cliWith, tempDir } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';
import { publishedReports } from '../support/published.ts';

const published = publishedReports().map(({ file, report }) => ({ file: path.join(RESULTS_DIR, file), report }));
const { report: spawnReport } = published.find((p) => p.report.probes[0].name === 'node-spawn' && p.file.includes('node-v20'))!;

/** The node-spawn report with one trial changed, its summary made again. */
function withTrial(id: string, change: (t: TrialResult) => TrialResult): Report {
  const trials = spawnReport.trials.map((t) => (t.case === id ? change(t) : t));
  return { ...spawnReport, trials, summary: summarize(trials) };
}

// A trial that now fails two assertions no divergence explains.
const twoNew = withTrial('core/ignores-sigterm-abort', (t) => ({ ...t, outcome: 'fail', verdicts: t.verdicts!.map(({ knownDivergence: _k, ...v }) => v) }));

test('a trial that breaks clauses is one error, on the line of its first new assertion, naming every clause it breaks', () => {
  const places = placesOf(loadAllCases(), loadProbes(['node-spawn']));
  const t = twoNew.trials.find((x) => x.case === 'core/ignores-sigterm-abort')!;
  const failed = t.verdicts!.map((v, i) => ({ v, i })).filter(({ v }) => v.result !== 'pass');
  assert.ok(failed.length >= 2);
  const loaded = loadAllCases().find((c) => c.spec.id === t.case)!;
  const text = fs.readFileSync(loaded.file, 'utf8');
  // The file's own assertions come after those the loader implies (settles, leaves-nothing-running),
  // which are in no line of the file: theirs is the list's.
  const own = (i: number) => (i < (loaded.implied ?? 0) ? ['assertions'] : ['assertions', i - loaded.implied!]);
  const errors = renderGithub([twoNew], places).split('\n').filter((l) => l.startsWith('::error'));
  assert.is(errors.length, 1, 'one annotation for the trial');
  assert.ok(errors[0].startsWith(`::error file=cases/core/ignores-sigterm-abort.case.json,line=${lineOf(text, own(failed[0].i))},title=`), errors[0]);
  for (const { v } of failed) assert.ok(errors[0].includes(v.clause), `${errors[0]} names ${v.clause}`);
  // Where the first break is the file's own assertion, the line is its own: it names the fact the verdict is about.
  const first = failed.find(({ i }) => i >= (loaded.implied ?? 0))!;
  assert.ok(text.split('\n')[lineOf(text, own(first.i))! + 1].includes(first.v.fact));
});

test("a known divergence that no longer shows is a notice, not an error, on its signature's line in the probe's divergences.json, saying bless accepts it", () => {
  const gone = withTrial('core/ignores-sigterm-abort', (t) => ({
    ...t,
    outcome: 'unexpected-pass',
    reason: 'child.end was known to be "harness-killed" and is now "killed"',
    verdicts: t.verdicts!.map((v) => (v.fact === 'child.end' ? { clause: v.clause, fact: v.fact, result: 'pass' as const, observed: 'killed', why: 'child.end is "killed"' } : v)),
  }));
  const [probe] = loadProbes(['node-spawn']);
  const k = probe.knownDivergences.find((d) => d.case === 'core/ignores-sigterm-abort' && d.fact === 'child.end' && d.runtime === undefined)!;
  const text = fs.readFileSync(path.join(probe.dir, 'divergences.json'), 'utf8');
  const line = lineOf(text, k.pointer.split('/').slice(1).map((s) => (/^\d+$/.test(s) ? Number(s) : s)));
  assert.ok(text.split('\n')[line! - 1].includes('"core/ignores-sigterm-abort","fact":"child.end"'));
  const out = renderGithub([gone], placesOf(loadAllCases(), [probe]));
  assert.match(out, new RegExp(`^::notice file=probes/node-spawn/divergences\\.json,line=${line},title=[^:]*fixed::fixed: [a-z-, ]+ now holds? in core/ignores-sigterm-abort \\(child\\.end is now "killed"\\); \`childproof bless\` accepts it`, 'm'));
  assert.not.match(out, /^::error/m);
});

test("a case file outside the user's repository, or in node_modules, is not named; the annotation still shows", () => {
  const dir = tempDir();
  const own = path.join(dir, 'node_modules', 'x', 'cases', 'core');
  fs.mkdirSync(own, { recursive: true });
  const file = path.join(own, 'ignores-sigterm-abort.case.json');
  fs.copyFileSync(loadAllCases().find((c) => c.spec.id === 'core/ignores-sigterm-abort')!.file, file);
  const out = renderGithub([twoNew], placesOf([loadCase(file, path.join(dir, 'node_modules', 'x', 'cases'))], [], dir));
  assert.match(out, /^::error title=childproof node-spawn on Node v[\d.]+%3A core\/ignores-sigterm-abort%3A /m);
  assert.not.match(out, /file=/);
  const outside = renderGithub([twoNew], placesOf(loadAllCases(), [], dir));
  assert.not.match(outside, /file=/);
});

test('render --format github appends the job summary and names a case file of the user\'s own', async () => {
  const dir = tempDir();
  const summary = path.join(dir, 'summary.md');
  fs.writeFileSync(summary, 'before\n');
  const reportFile = path.join(dir, 'report.json');
  fs.writeFileSync(reportFile, JSON.stringify(twoNew));
  const ownCase = path.join(dir, 'mine', 'ignores-sigterm-abort.case.json');
  fs.mkdirSync(path.dirname(ownCase));
  fs.copyFileSync(loadAllCases().find((c) => c.spec.id === 'core/ignores-sigterm-abort')!.file, ownCase);
  const r = await cliWith(dir, { GITHUB_STEP_SUMMARY: summary }, 'render', reportFile, '--format', 'github', '--case', ownCase);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /^::error file=mine\/ignores-sigterm-abort\.case\.json,line=\d+,title=/m);
  // The count is the published report's: every case its probe was run on.
  const n = twoNew.trials.length;
  assert.match(r.stdout, new RegExp(`^::notice title=childproof on Node v[\\d.]+::${n} trials: .*NOT as expected\\.( \\d+ never settled \\(\\d+ of them known divergences\\)\\.)?$`, 'm'));
  const md = fs.readFileSync(summary, 'utf8');
  assert.ok(md.startsWith('before\n'), 'appended, not overwritten');
  assert.match(md, new RegExp(`^before\\n## childproof: NOT as expected: 1 fail of ${n} trials on Node v[\\d.]+\\n\\n### What changed \\(1\\)\\n\\n- regression: \\*\\*node-spawn\\*\\* on Node v[\\d.]+: \`core\\/ignores-sigterm-abort\`: `));
});

test('JUnit keeps runtimes apart by class name and names the kind and reason of each skipped trial in its message', () => {
  const node = published.filter((p) => p.report.probes[0].name === 'node-spawn').map((p) => p.report);
  const xml = renderJunit(node);
  const classes = new Set([...xml.matchAll(/classname="([^"]+)"/g)].map((m) => m[1]));
  assert.ok(classes.size >= node.length, [...classes].join(', '));
  assert.ok(classes.has('childproof.node-v20_20_2.node-spawn'), [...classes].join(', '));
  for (const kind of ['known-fail', 'unsupported']) assert.match(xml, new RegExp(`<skipped message="${kind}[ :][^"]+">${kind}: `));
  assert.match(xml, /<skipped message="unsupported: node-spawn does not support maxBuffer">/);
  assert.match(xml, /<skipped message="known-fail \(settles-after-exit[^"]*\): [^"]+">/);
});

finish(test);
