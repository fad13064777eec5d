// The Markdown as a code host shows it: rendered by a GitHub-flavoured parser (marked),
// styled as GitHub styles a table, in a 720 px column of a real browser. Every summary
// table fits without scrolling sideways: the findings' overview, a report's, and the
// field note's replay as a writer would paste it into a post.

import fs from 'node:fs';
import path from 'node:path';
import { marked } from 'marked';
import { chromium } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { RESULTS_DIR } from '../../runners/model/paths.ts';
import { renderMarkdown } from '../../runners/report/formats/markdown.ts';
import { cli, tempDir } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';
import { publishedReports } from '../support/published.ts';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** The rules of GitHub's Markdown style that size a table. */
const GITHUB_TABLE =
  'body{width:720px;margin:0;font:16px/1.5 -apple-system,"Segoe UI","Noto Sans",Helvetica,Arial,sans-serif}' +
  'table{border-spacing:0;border-collapse:collapse;display:block;width:max-content;max-width:100%;overflow:auto}' +
  'td,th{padding:6px 13px;border:1px solid #d1d9e0}';

/** Each summary table's overflow in px, in Markdown rendered as GitHub would; `seen`, the text shown. */
async function overflows(markdown: string, header: RegExp, seen: { text?: string } = {}): Promise<Array<{ head: string; over: number }>> {
  const file = path.join(tempDir(), 'post.html');
  fs.writeFileSync(file, `<!doctype html><meta charset="utf-8"><style>${GITHUB_TABLE}</style><body>${await marked.parse(markdown, { gfm: true })}</body>`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 800, height: 900 } });
    await page.goto(`file://${file}`);
    seen.text = await page.locator('body').innerText();
    const tables = await page.locator('table').evaluateAll((ts) => ts.map((t) => ({ head: t.querySelector('th')!.textContent!, over: t.scrollWidth - t.clientWidth })));
    return tables.filter((t) => header.test(t.head));
  } finally {
    await browser.close();
  }
}

test("the findings' summary tables fit a 720 px column as GitHub shows them", async () => {
  const tables = await overflows(fs.readFileSync(path.join(RESULTS_DIR, 'README.md'), 'utf8'), /^library and runtimes$/);
  assert.is(tables.length, 3, 'the clauses in three tables, three clauses each');
  for (const t of tables) assert.ok(t.over <= 0, `a summary table overflows by ${t.over} px`);
});

test("a report's summary tables fit a 720 px column as GitHub shows them", async () => {
  const reports = publishedReports().filter((p) => p.file.includes('node-v20')).map((p) => p.report);
  const tables = await overflows(renderMarkdown(reports), /^probe$/);
  assert.ok(tables.length >= 2);
  for (const t of tables) assert.ok(t.over <= 0, `a summary table overflows by ${t.over} px`);
});

test('the field note replayed as Markdown is a section a writer can paste: its table fits, each divergence explained, the commands to reproduce it', async () => {
  const out = path.join(tempDir(), 'replay.md');
  const r = await cli('replay', path.resolve('cases/field-notes/abort-before-process-exit/published.json'), '--format', 'md', '--out', out);
  assert.is(r.code, 0, r.stderr);
  const md = fs.readFileSync(out, 'utf8');
  assert.ok(Buffer.byteLength(md) < 8 * 1024, `${Buffer.byteLength(md)} bytes: post-sized`);
  const seen: { text?: string } = {};
  const tables = await overflows(md, /^row$/, seen);
  assert.is(tables.length, 1);
  assert.ok(tables[0].over <= 0, `the replay's table overflows by ${tables[0].over} px`);
  // The note's whole point: REA's plain mode settles before the child's cleanup; the reference does not.
  assert.match(seen.text!, /reference, plain-abort: child\.markerAtSettle published false, observed true\. The published value is rea-execfilebytes's; reference is another implementation, and this is where the two differ\. Published: the child's cleanup had not finished when the call settled; with reference: the child's cleanup had finished when the call settled\./);
  assert.match(seen.text!, /The moment each call settled\n[\s\S]*node-execfile, plain-abort: The call rejected /);
  assert.match(md, /\n```sh\ngit clone https:\/\/github\.com\/morluto\/rea source && git -C source checkout 428eee00fdd0406cdf2b734c9ea14a2bb02da279\nchildproof replay .*published\.json --source rea-execfilebytes=source\n```\n/);
  assert.not.match(md, /<(?!br>)[a-z]/i, 'no raw HTML');
  // The calls refused before any spawn are counted per implementation, and each row named: the count is the names'.
  const refused = [...md.matchAll(/^- (\S+): in (\d+) rows (.*), the call was refused before any process was started\.$/gm)];
  assert.ok(refused.length > 0, md);
  for (const [, , n, rows] of refused) assert.is(rows.split(', ').length, Number(n), rows);
});

finish(test);
