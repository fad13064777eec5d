// The formats a writer or a maintainer pastes somewhere else: Markdown that drops into a
// post (no H1, headings from a chosen level, facts in a table, long tokens folded, unknown
// as a word, links a code host follows), a badge for a README, and a sweep's page read by
// version boundary with repeated changes folded and unsteady ones flagged.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { factNamesAt } from '../../runners/model/case.ts';
import { EXIT } from '../../runners/model/errors.ts';
import { RESULTS_DIR } from '../../runners/model/paths.ts';
import type { Report } from '../../runners/model/report-types.ts';
import { renderBadge } from '../../runners/report/formats/badge.ts';
import { metaLine } from '../../runners/report/formats/html.ts';
import { foldTokens, renderMarkdown } from '../../runners/report/formats/markdown.ts';
import { renderFindings } from '../../runners/report/findings.ts';
import { boundaries, sweepPage } from '../../runners/report/sweep-page.ts';
import type { SweepRow } from '../../runners/report/version-sweep.ts';
import { cli, tempDir } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';
import { publishedReports } from '../support/published.ts';

const published = publishedReports();
const one = (probe: string, runtime = 'node-v20') => published.find((p) => p.file.startsWith(`${probe}/`) && p.file.includes(runtime))!;

test('Markdown has no H1 by default, and --heading-level starts its headings where a post needs them', async () => {
  const { report } = one('execa');
  const md = renderMarkdown([report]);
  assert.not.match(md, /^# /m);
  assert.match(md, /^## execa on Node/m);
  assert.match(md, /^### execa · core\//m);
  const deeper = renderMarkdown([report], 3);
  assert.match(deeper, /^### execa on Node/m);
  assert.match(deeper, /^#### execa · core\//m);
  const bad = await cli('render', path.join(RESULTS_DIR, one('execa').file), '--format', 'md', '--heading-level', '6');
  assert.is(bad.code, EXIT.input);
  assert.match(bad.stderr, /--heading-level expects a whole number from 1 to 5, not "6"/);
});

test("each trial's facts are a table, an unobserved fact reads as the word unknown, and long tokens are folded", () => {
  const { report } = one('execa');
  const t = report.trials.find((x) => x.facts && Object.values(x.facts).includes('unknown'))!;
  const long = `--spec ${'QUJD'.repeat(38)}`;
  const md = renderMarkdown([{ ...report, trials: [{ ...t, evidence: { 'error.message': `Command failed: node fixture.mjs ${long}` } }] }]);
  assert.match(md, /\| fact \| value \|\n\|---\|---\|/);
  for (const f of factNamesAt(report.semantics)) assert.match(md, new RegExp(`^\\| ${f.replace('.', '\\.')} \\| `, 'm'), f);
  assert.match(md, /\| \*unknown\* \|/);
  assert.not.match(md, /"unknown"/);
  assert.ok(md.split(/\s/).every((w) => !w.includes('QUJD') || w.length <= 42), 'the base64 token is folded');
  assert.is(foldTokens('a b'), 'a b');
  assert.is(foldTokens('x'.repeat(100)), `${'x'.repeat(28)}…${'x'.repeat(8)}`);
});

test("the findings link each break to the line of the report where its trial starts, and count cases, not facts", () => {
  const md = renderFindings(published);
  assert.not.match(md, /#\/trials\//, 'no JSON pointers: a code host does nothing with them');
  const links = [...md.matchAll(/\]\(([^)#]+\.json)#L(\d+)\)/g)].slice(0, 40);
  assert.ok(links.length > 0);
  for (const [, file, line] of links) {
    const text = fs.readFileSync(path.join(RESULTS_DIR, file), 'utf8').split('\n');
    assert.match(text[Number(line) - 1], /^\{"probe":/, `${file}#L${line} is a trial's line`);
  }
  for (const more of md.matchAll(/breaks\*\* in (\d+) of \d+ cases[^|]*… and (\d+) more cases?/g)) assert.is(Number(more[2]), Number(more[1]) - 3, 'three cases shown, the rest counted as cases');
});

test('a badge names one probe and how many of its covered clauses it holds on every runtime; reports of two probes are refused', () => {
  const execa10 = published.filter((p) => p.file.startsWith('execa10/')).map((p) => p.report);
  const svg = renderBadge(execa10);
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="20"/);
  assert.match(svg, />childproof execa10<\/text>/);
  assert.match(svg, />\d\/9 clauses hold<\/text>/);
  assert.match(svg, /fill="#c0392b"/, 'it breaks validates-before-spawn: red');
  assert.not.match(svg, /aria-label="[^"]*Node 20\.20\.2/, 'Node 20, where it does not run, is not named');
  const reference = renderBadge(published.filter((p) => p.file.startsWith('reference/') && !p.file.includes('bun')).map((p) => p.report));
  // The reference leaves one process running: a grandchild that left its group by setsid.
  assert.match(reference, />8\/9 clauses hold<\/text>/);
  assert.match(reference, /fill="#c0392b"/);
  assert.throws(() => renderBadge([one('execa').report, one('zx').report]), /draws one probe; these reports hold 2/);
});

test('the page written beside published sweeps links each library to its sweep', async () => {
  const dir = tempDir();
  fs.mkdirSync(path.join(dir, 'sweeps', 'execa'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'sweeps', 'execa', 'sweep.json'), JSON.stringify({ probe: 'execa', versions: [{ version: '9.6.1' }, { version: '10.0.0', options: { killDescendants: true } }] }));
  fs.writeFileSync(path.join(dir, 'sweeps', 'execa', 'README.md'), '# execa across its releases\n');
  const out = path.join(dir, 'index.html');
  const run = await cli('render', path.join(RESULTS_DIR, one('execa').file), path.join(RESULTS_DIR, one('zx').file), '--format', 'html', '--out', out);
  assert.is(run.code, EXIT.ok, run.stderr);
  const html = fs.readFileSync(out, 'utf8');
  assert.match(html, /<tr class="" data-probe="execa"[^>]*><th scope="row" class="library">.*?<a class="sweep" href="sweeps\/execa\/README\.md">across its releases<\/a> <small>\(options vary by version\)<\/small>/);
  assert.not.match(html, /data-probe="zx"[^>]*><th[^>]*>(?:(?!<\/th>).)*class="sweep"/, 'zx has no sweep');
});

test("the page's date is the newest report's, even when a runtime's merged report keeps an older one", () => {
  const [older, newer] = [one('execa').report, one('zx').report].map((r, i) => ({ ...r, createdAt: `2026-11-0${i + 1}T00:00:00.000Z` }));
  const merged = [{ ...older }];
  assert.match(metaLine([older, newer], merged), / on 2026-11-02 from 2 reports;/);
});

const segment = (value: unknown, from: string, to = from) => ({ value, from, to, trials: [] }) as SweepRow['segments'][number];

test('a sweep page pivots on the versions where facts changed, folds a change repeated across cases, and flags one that flips back', () => {
  const columns = ['1.0.0', '2.0.0', '3.0.0', '4.0.0'].map((version) => ({ version, trials: [] }));
  const rows: SweepRow[] = [
    { case: 'core/a', fact: 'error.name', segments: [segment('AbortError', '1.0.0', '1.0.0'), segment('ExecaError', '2.0.0', '4.0.0')] },
    { case: 'core/b', fact: 'error.name', segments: [segment('AbortError', '1.0.0', '1.0.0'), segment('ExecaError', '2.0.0', '4.0.0')] },
    { case: 'core/c', fact: 'settled', segments: [segment('rejected', '1.0.0', '2.0.0'), segment('pending', '3.0.0', '4.0.0')] },
    { case: 'core/d', fact: 'parent.timersAfterSettle', segments: [segment(2, '1.0.0'), segment(3, '2.0.0'), segment(2, '3.0.0'), segment(3, '4.0.0')] },
    // Broken once and fixed: a real change both ways, not noise.
    { case: 'core/e', fact: 'spawn.attempts', segments: [segment(0, '1.0.0', '2.0.0'), segment(1, '3.0.0'), segment(0, '4.0.0')] },
  ];
  const found = boundaries(columns, rows);
  assert.equal(found.map((b) => b.version), ['2.0.0', '3.0.0', '4.0.0']);
  assert.equal(found[0].changes.map((c) => [c.fact, c.cases, c.unsteady]), [['error.name', ['core/a', 'core/b'], false], ['parent.timersAfterSettle', ['core/d'], true]]);
  assert.equal(found[1].changes.map((c) => [c.fact, c.before, c.after, c.unsteady]), [['settled', 'rejected', 'pending', false], ['spawn.attempts', 0, 1, false], ['parent.timersAfterSettle', 3, 2, true]]);
  assert.equal(found[2].changes.map((c) => [c.fact, c.unsteady]), [['spawn.attempts', false], ['parent.timersAfterSettle', true]]);
  const page = sweepPage({ heading: 'lib across its releases', intro: '', columns, rows, link: (v, k) => `${v}.json#L${k.length}` });
  assert.match(page, /^Versions tested, oldest first: 1\.0\.0, 2\.0\.0, 3\.0\.0, 4\.0\.0\.$/m);
  assert.match(page, /^### From 2\.0\.0 \(after 1\.0\.0\): 1 change, 1 unsteady$/m);
  assert.match(page, /^\| error\.name \| `"AbortError"` → `"ExecaError"` \| 2: \[core\/a\]\(2\.0\.0\.json#L6\), \[core\/b\]/m);
  assert.match(page, /^\| parent\.timersAfterSettle \(unsteady\) \|/m);
  assert.match(page, /^### From 3\.0\.0 \(after 2\.0\.0\): 2 changes, 1 unsteady\n\n.*\n.*\n\| settled \| `"rejected"` → `"pending"` \| 1: /m);
  assert.match(page, /^Behaviour changed from 2\.0\.0, 3\.0\.0, 4\.0\.0\./m);
});

test('the published execa sweep ran every release, execa 10 included, on a Node it runs on', () => {
  const sweep = JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, 'sweeps', 'execa', 'sweep.json'), 'utf8')) as { environment: Report['environment']; versions: Array<{ version: string; trials: Record<string, { outcome: string }> }> };
  const tens = sweep.versions.filter((v) => v.version.startsWith('10.'));
  assert.ok(tens.length > 0);
  for (const v of tens) assert.ok(Object.values(v.trials).some((t) => t.outcome !== 'unsupported'), `${v.version} ran`);
  assert.match(fs.readFileSync(path.join(RESULTS_DIR, 'sweeps', 'execa', 'README.md'), 'utf8'), /^### From 10\.\d+\.\d+/m);
});

// A hang is a break of settles, and the sweep says how many calls of each version hung.
test("a sweep's settles row names how many calls never settled in each version", () => {
  const sweep = JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, 'sweeps', 'execa', 'sweep.json'), 'utf8')) as { versions: Array<{ version: string; trials: Record<string, { facts?: { settled?: string } }> }> };
  const hung = sweep.versions.map((v) => Object.values(v.trials).filter((t) => t.facts?.settled === 'pending').length);
  assert.ok(hung.some((n) => n > 0), 'some execa release hangs');
  const row = /^\| settles \| (.*) \|$/m.exec(fs.readFileSync(path.join(RESULTS_DIR, 'sweeps', 'execa', 'README.md'), 'utf8'))?.[1] ?? '';
  const last = hung.at(-1)!;
  assert.match(row, new RegExp(`never settled in ${last} cases? (from|in) [\\d.]+`));
});

finish(test);
