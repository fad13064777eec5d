// What changed since a publication began: publish --begin records the verdicts, each later
// publish lists the cells whose state moved (library, runtime, clause, from, to), and the
// findings' Markdown and the site's index open with that list.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Report } from '../../runners/model/report-types.ts';
import { summarize } from '../../runners/report/build.ts';
import { changesBetween, verdictCells } from '../../runners/report/changes.ts';
import { cli, tempDir } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';
import { publishedReports } from '../support/published.ts';

const [{ report: base }] = publishedReports().filter((p) => p.file.startsWith('reference/') && p.file.includes('node-v20'));
// A clause the reference holds there, to break, and its cell's name.
const cell = verdictCells([base]).find((c) => c.state === 'holds')!;
const held = cell.clause;
const named = `${cell.probe} ${cell.version}`.replace(/\./g, '\\.');

/** The report with every verdict of one clause failed: the clause now breaks. */
function breaking(clause: string): Report {
  const trials = base.trials.map((t) => (t.verdicts?.some((v) => v.clause === clause) ? { ...t, outcome: 'fail' as const, verdicts: t.verdicts.map((v) => (v.clause === clause ? { ...v, result: 'fail' as const, knownDivergence: undefined } : v)) } : t));
  return { ...base, trials, summary: summarize(trials) };
}

test('a cell whose state moved is a change, one whose counts alone moved is not', () => {
  const before = verdictCells([base]);
  assert.equal(changesBetween(before, before), []);
  const escalates = before.find((c) => c.clause === held)!;
  const after = verdictCells([breaking(held)]);
  const changes = changesBetween(before, after);
  assert.ok(changes.some((c) => c.clause === held && c.from === escalates.words && c.to!.startsWith('breaks in ')), JSON.stringify(changes));
  assert.ok(changes.every((c) => c.from !== c.to));
  assert.equal(changesBetween(before, []).map((c) => c.to), before.filter((c) => c.state !== 'none').map(() => null), 'a library no longer published is said so');
});

test('publish --begin, then a publish that breaks a clause: changes.json, README.md and the index open with it', async () => {
  const dir = tempDir();
  const results = path.join(dir, 'results');
  const first = path.join(dir, 'first.json');
  fs.writeFileSync(first, JSON.stringify(base));
  assert.is((await cli('publish', first, '--dir', results)).code, 0);
  const begin = await cli('publish', '--begin', '--dir', results);
  assert.is(begin.code, 0, begin.stderr);
  assert.match(begin.stdout, /a publication begins, from 1 published report/);
  const second = path.join(dir, 'second.json');
  fs.writeFileSync(second, JSON.stringify(breaking(held)));
  const r = await cli('publish', second, '--dir', results);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /changes\.json: [1-9]\d* verdict\(s\) changed since \d{4}-\d\d-\d\d/);
  const doc = JSON.parse(fs.readFileSync(path.join(results, 'changes.json'), 'utf8'));
  assert.ok(doc.changes.some((c: { clause: string }) => c.clause === held));
  assert.is((await cli('validate', path.join(results, 'changes.json'))).code, 0);
  const readme = fs.readFileSync(path.join(results, 'README.md'), 'utf8');
  assert.match(readme, new RegExp(String.raw`\n## What changed since \d{4}-\d\d-\d\d\n\n\| library \| runtime \| clause \| from \| to \|\n\|---\|---\|---\|---\|---\|\n\| ${named} \| Node v20\.20\.2 \| ${held} \| holds in \d+ of \d+ \| breaks in \d+ of \d+ \|`));
  assert.ok(readme.indexOf('## What changed') < readme.indexOf('## Bottom line'), 'what changed comes first');
  assert.is((await cli('render', path.join(results, 'reference', `${cell.version}@node-v20.20.2.json`), '--format', 'site', '--out', results)).code, 0);
  const index = fs.readFileSync(path.join(results, 'index.html'), 'utf8');
  assert.ok(index.indexOf('<section class="changes" id="changes"><h2>What changed since') < index.indexOf('<h2>Bottom line</h2>'));
  assert.match(index, new RegExp(String.raw`<li><b>reference</b> ${cell.version} on Node v20\.20\.2, <b>${held}</b>: holds in \d+ of \d+ → breaks in \d+ of \d+</li>`));
});

finish(test);
