// The HTML page in a real browser (Debian's headless Chromium, driven by playwright-core):
// it loads with no console error and no network request, shows the overview, draws each
// trial's timeline marks in the order of its events, filters, and fits a phone's width.

import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, RESULTS_DIR } from '../runners/model/paths.ts';
import { runtimeKey } from '../runners/model/runtime-spec.ts';
import { renderHtml } from '../runners/report/formats/html.ts';
import { readPublished } from '../runners/report/publish.ts';
import { readReport } from '../runners/report/report-file.ts';
import { tempDir } from './support/helpers.ts';
import { finish } from './support/suite.ts';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const TRIAL = { probe: 'zx', case: 'core/grandchild-stdout-abort', file: path.join(RESULTS_DIR, 'zx', '8.8.5@node-v20.20.2.json') };
const published = readPublished(RESULTS_DIR).map((p) => p.report);

const ctx = { browser: null as Browser | null, page: '' };

test.before(async () => {
  assert.ok(fs.existsSync(CHROMIUM), `Chromium at ${CHROMIUM} (Debian: chromium; make test installs it)`);
  ctx.browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  ctx.page = path.join(tempDir(), 'report.html');
  fs.writeFileSync(ctx.page, renderHtml(published));
});

test.after(async () => {
  await ctx.browser?.close();
});

test('the page of every published report loads with no console error and no network request', async () => {
  const page = await ctx.browser!.newPage();
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => !r.url().startsWith('file:') && !r.url().startsWith('data:') && problems.push(`request: ${r.url()}`));
  await page.goto(`file://${ctx.page}`);
  assert.equal(problems, []);
  const runtimes = new Set(published.map((r) => runtimeKey(r.environment)));
  assert.is(await page.locator('table.overview').count(), runtimes.size, 'one overview per runtime');
  assert.is(await page.locator('table.overview tbody tr').count(), published.length, 'a row per published probe and runtime');
  assert.ok((await page.locator('table.overview td.state').count()) > 0);
  // The screenshot of the top of the page, kept for a look (README shows one like it).
  const shot = path.join(ROOT, '.cache', 'screenshots', 'report.png');
  fs.mkdirSync(path.dirname(shot), { recursive: true });
  await page.setViewportSize({ width: 1100, height: 900 });
  const chosen = page.locator(`details.trial[data-probe="${TRIAL.probe}"]`, { hasText: TRIAL.case }).first();
  await chosen.evaluate((d) => ((d as HTMLDetailsElement).open = true));
  await page.screenshot({ path: shot, fullPage: false });
  await chosen.scrollIntoViewIfNeeded();
  await chosen.screenshot({ path: path.join(path.dirname(shot), 'trial.png') });
  assert.equal([...fs.readFileSync(shot).subarray(1, 4)], [...Buffer.from('PNG')]);
  await page.close();
});

test("a trial's timeline marks appear in the order of its events, on one time axis", async () => {
  const report = readReport(TRIAL.file);
  const trial = report.trials.find((t) => t.probe === TRIAL.probe && t.case === TRIAL.case)!;
  // The trial's own report alone: the same probe and case ran on every runtime.
  const single = path.join(tempDir(), 'trial.html');
  fs.writeFileSync(single, renderHtml([report]));
  const page = await ctx.browser!.newPage();
  await page.goto(`file://${single}`);
  const svg = page.locator(`svg[data-trial="${TRIAL.probe} ${TRIAL.case}"]`).first();
  const marks = await svg.locator('circle.mark').evaluateAll((cs) => cs.map((c) => ({ kind: c.getAttribute('data-kind'), x: Number(c.getAttribute('cx')) })));
  assert.equal(marks.map((m) => m.kind), trial.timeline!.map((e) => e.kind));
  for (let i = 1; i < marks.length; i++) assert.ok(marks[i].x >= marks[i - 1].x, `mark ${i} (${marks[i].kind}) is not left of mark ${i - 1}`);
  assert.is(await svg.locator('line.settlement').count(), 1, 'the settlement is drawn across the lanes');
  assert.ok((await svg.locator('rect.harness-kill').count()) >= 1, 'the grandchild the harness ended is marked');
  await page.close();
});

test('the filters show only the trials asked for, and the page fits a phone', async () => {
  const page = await ctx.browser!.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`file://${ctx.page}`);
  await page.selectOption('select[name="outcome"]', 'pass');
  const shown = await page.locator('details.trial:not([hidden])').evaluateAll((ts) => ts.map((t) => t.getAttribute('data-outcome')));
  assert.ok(shown.length > 0);
  assert.equal([...new Set(shown)], ['pass']);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide on a 390 px screen`);
  await page.close();
});

finish(test);
