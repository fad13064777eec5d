// The findings site in a real browser (Debian's headless Chromium, driven by playwright-core),
// seen as a person sees it: every page loads with no console error and no network request,
// the index opens with the verdict, a cell opens the trials behind it on its library's page,
// filters live in the URL, a trial's permalink opens it, timelines read in order with a
// legend, no text is smaller than 10 px and the overview fits at 1280 and 390 px; the
// screenshots are kept for a look.

import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CLAUSES } from '../../runners/model/case.ts';
import { RESULTS_DIR } from '../../runners/model/paths.ts';
import { runtimeKey } from '../../runners/model/runtime-spec.ts';
import { renderHtml } from '../../runners/report/formats/html.ts';
import { probePage } from '../../runners/report/formats/site.ts';
import { renderTimeline } from '../../runners/report/formats/timeline-svg.ts';
import { readReport } from '../../runners/report/report-file.ts';
import { tempDir } from '../support/helpers.ts';
import { launch, openPage, published, SHOTS, siteDir, tinyText } from '../support/site.ts';
import { finish } from '../support/suite.ts';
import { HEADLINE_CLAUSES } from '../../runners/report/verdict.ts';

const TRIAL = { probe: 'zx', case: 'core/grandchild-stdout-abort', file: path.join(RESULTS_DIR, 'zx', '8.8.5@node-v20.20.2.json') };

const ctx = { browser: null as Browser | null };

test.before(async () => {
  ctx.browser = await launch();
  siteDir();
});

test.after(async () => {
  await ctx.browser?.close();
});

const open = (width: number, hash = '', file = 'index.html'): Promise<Page> => openPage(ctx.browser!, width, file, hash);

test("the index and every library's page load with no console error and no network request", async () => {
  const page = await ctx.browser!.newPage();
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => !r.url().startsWith('file:') && !r.url().startsWith('data:') && problems.push(`request: ${r.url()}`));
  const probes = [...new Set(published().flatMap((r) => r.probes.map((p) => p.name)))];
  for (const file of ['index.html', ...probes.map(probePage)]) {
    assert.ok(fs.existsSync(path.join(siteDir(), file)), `${file} is written`);
    await page.goto(`file://${path.join(siteDir(), file)}`);
  }
  assert.equal(problems, []);
  await page.close();
});

test('a malformed hash, in the link or typed later, throws nothing on the page', async () => {
  const page = await ctx.browser!.newPage();
  // Collected in the page itself, before its own script runs, so none can arrive late.
  await page.addInitScript(() => {
    const w = window as unknown as { thrown: string[] };
    w.thrown = [];
    window.addEventListener('error', (e) => w.thrown.push(e.message));
  });
  await page.goto(`file://${path.join(siteDir(), probePage(TRIAL.probe))}#%E0%A4%A`);
  const thrown = await page.evaluate(() => new Promise<string[]>((resolve) => {
    // The page's own listener came first; this one runs after it.
    window.addEventListener('hashchange', () => resolve((window as unknown as { thrown: string[] }).thrown), { once: true });
    location.hash = '%E0%A4%A%';
  }));
  assert.equal(thrown, []);
  await page.close();
});

test('the page opens with the verdict: every probe and runtime in the matrix, the reference marked, each clause defined', async () => {
  const page = await open(1280);
  const rows = await page.locator('table.verdict tbody tr').evaluateAll((rs) => rs.map((r) => ({ probe: r.getAttribute('data-probe')!, runtimes: r.getAttribute('data-runtimes')!.split(' ') })));
  const listed = rows.flatMap((r) => r.runtimes.map((k) => `${r.probe}@${k}`)).sort();
  const expected = published().flatMap((r) => r.probes.map((p) => `${p.name}@${runtimeKey(r.environment)}`)).sort();
  assert.equal(listed, expected, 'each probe on each runtime is in exactly one row');
  assert.is(rows[0].probe, 'reference', 'the yardstick comes first');
  assert.match(await page.locator('tr.reference .yardstick').first().innerText(), /yardstick/);
  for (const c of CLAUSES) assert.ok((await page.locator('dl.clauses dt', { hasText: new RegExp(`^${c}$`) }).count()) === 1, `${c} is defined`);
  // Four sentences on the libraries (the closest, then settles, settles-after-exit and
  // no-orphans), and one on the servers in a matrix of their own.
  assert.is(await page.locator('ol.bottom-line li').count(), HEADLINE_CLAUSES.length + 2, 'the closest library, each headline clause, the servers');
  assert.match(await page.locator('ol.bottom-line li').last().innerText(), /hold every server clause/);
  assert.is(await page.locator('#verdict-servers tbody tr').first().getAttribute('data-probe'), 'stdio-reference', "the servers' yardstick comes first");
  assert.match(await page.locator('p.meta').innerText(), /childproof \d+\.\d+\.\d+ on \d{4}-\d\d-\d\d/);
  assert.match(await page.locator('p.status').innerText(), /^Regression status:/);
  const verdictTop = await page.locator('#verdict').evaluate((t) => t.getBoundingClientRect().top);
  const statusTop = await page.locator('p.status').evaluate((t) => t.getBoundingClientRect().top);
  assert.ok(verdictTop < statusTop, 'the regression status comes after the verdict, on its own line');
  await page.close();
});

test('a cell that breaks opens the trials behind it, and the filters it sets are kept in the URL', async () => {
  const page = await open(1280);
  const cell = page.locator('#verdict td.state.breaks a').first();
  const href = (await cell.getAttribute('href'))!;
  const [file, hash] = href.split('#');
  const wanted = new URLSearchParams(hash);
  assert.is(file, probePage(wanted.get('probe')!), "a cell links to its library's page");
  await cell.click();
  await page.waitForFunction(() => document.querySelectorAll('details.trial[open]:not([hidden])').length > 0);
  const shown = await page.locator('.trial:not([hidden])').evaluateAll((ts) =>
    ts.map((t) => {
      const d = (t as HTMLElement).dataset;
      return { id: t.id, probe: d.probe!, runtime: d.runtime!, fails: d.fails!, open: (t as HTMLDetailsElement).open };
    }),
  );
  assert.ok(shown.length > 0);
  for (const t of shown) {
    assert.is(t.probe, wanted.get('probe'));
    assert.ok(wanted.get('runtime')!.split(',').includes(t.runtime));
    assert.ok(t.fails.split(' ').includes(wanted.get('clause')!), `${t.probe} ${t.id} breaks ${wanted.get('clause')}`);
    assert.ok(t.open, 'the trials behind the cell are opened');
  }
  assert.is(new URL(page.url()).hash, `#${hash}`);
  // The same view again from the link alone.
  const again = await open(1280, `#${hash}`, file);
  assert.is(await again.locator('.trial:not([hidden])').count(), shown.length);
  assert.is(await again.locator('select[name="clause"]').inputValue(), wanted.get('clause'));
  await again.selectOption('select[name="outcome"]', 'known-fail');
  assert.match(new URL(again.url()).hash, /outcome=known-fail/);
  await Promise.all([page.close(), again.close()]);
});

test("a trial's permalink opens it, and each trial shows a link to itself", async () => {
  const probe = await open(1280, '', probePage(TRIAL.probe));
  const id = (await probe.locator(`details.trial[data-probe="${TRIAL.probe}"]`).first().getAttribute('id'))!;
  assert.is(await probe.locator(`#${id} summary a.self`).getAttribute('href'), `#${id}`);
  await probe.close();
  const page = await open(1280, `#${id}`, probePage(TRIAL.probe));
  assert.ok(await page.locator(`#${id}`).evaluate((d) => (d as HTMLDetailsElement).open));
  // Opened, it draws its timeline and its facts from the page's data (formats/trial-data.ts), as its report says them.
  const runtime = await page.locator(`#${id}`).getAttribute('data-runtime');
  const caseId = await page.locator(`#${id} > summary > b`).textContent();
  const trial = published().filter((r) => runtimeKey(r.environment) === runtime).flatMap((r) => r.trials).find((t) => t.probe === TRIAL.probe && t.case === caseId)!;
  assert.is(await page.locator(`#${id} .timeline-box svg .mark`).count(), trial.timeline!.filter((e) => !['rejected', 'resolved', 'threw', 'watch-end'].includes(e.kind)).length);
  const rows = await page.locator(`#${id} details.facts table.facts tr`).evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')!.textContent, tr.querySelector('td')!.textContent]));
  assert.equal(Object.fromEntries(rows.filter(([name]) => name !== "the error's message")), Object.fromEntries(Object.entries(trial.facts!).map(([k, v]) => [k, v === 'unknown' ? 'unknown' : JSON.stringify(v)])));
  await page.close();
});

test("a trial's timeline keeps its events' order, keys every mark, labels its lanes by role and has ticks", async () => {
  const report = readReport(TRIAL.file);
  const trial = report.trials.find((t) => t.probe === TRIAL.probe && t.case === TRIAL.case)!;
  const single = path.join(tempDir(), 'trial.html');
  fs.writeFileSync(single, renderHtml([report]));
  const page = await ctx.browser!.newPage();
  await page.goto(`file://${single}`);
  const svg = page.locator(`svg[data-trial="${TRIAL.probe} ${TRIAL.case}"]`).first();
  const marks = await svg.locator('.mark').evaluateAll((cs) => cs.map((c) => ({ kind: c.getAttribute('data-kind'), x: Number(c.getAttribute('cx')) })));
  const drawn = trial.timeline!.filter((e) => !['rejected', 'resolved', 'threw', 'watch-end'].includes(e.kind)).map((e) => e.kind);
  assert.equal(marks.map((m) => m.kind), drawn);
  for (let i = 1; i < marks.length; i++) assert.ok(marks[i].x >= marks[i - 1].x, `mark ${i} (${marks[i].kind}) is not left of mark ${i - 1}`);
  assert.is(await svg.locator('line.settlement').count(), 2, 'the settlement across the lanes, and in the legend');
  assert.match(await svg.locator('text.settlement-label').textContent() ?? '', /^rejected at \d+ ms$/);
  assert.ok((await svg.locator('path.harness-kill').count()) >= 2, 'the grandchild the harness ended, and its key');
  const legend = await svg.locator('text.legend').allTextContents();
  for (const words of ['trigger (abort)', 'signal received', 'call settled', 'end of watch', 'killed by the harness']) assert.ok(legend.includes(words), `the legend has "${words}"`);
  assert.equal(await svg.locator('text.lane-label').allTextContents(), ['caller', 'child', 'grandchild 1']);
  assert.ok((await svg.locator('text.axis').count()) >= 3, 'ticks, not just both ends');
  await page.close();
});

test('a timeline saved alone is opaque, with dark text, so it reads on a dark page', async () => {
  const report = readReport(TRIAL.file);
  const file = path.join(tempDir(), 'alone.svg');
  fs.writeFileSync(file, renderTimeline(report.trials.find((t) => t.case === TRIAL.case)!));
  const page = await ctx.browser!.newPage();
  await page.goto(`file://${file}`);
  assert.is(await page.locator('rect.paper').evaluate((r) => getComputedStyle(r).fill), 'rgb(255, 255, 255)');
  assert.is(await page.locator('text.lane-label').first().evaluate((t) => getComputedStyle(t).fill), 'rgb(34, 34, 34)');
  await page.close();
});

test("at 390 px a trial opened by its link sits below the sticky filters, its timeline scrolled to the settlement", async () => {
  const first = await open(390, '', probePage(TRIAL.probe));
  const id = await first.locator(`details.trial[data-probe="${TRIAL.probe}"]`, { hasText: TRIAL.case }).first().getAttribute('id');
  await first.close();
  const page = await open(390, `#${id}`, probePage(TRIAL.probe));
  const seen = await page.evaluate((id) => {
    const trial = document.getElementById(id)!;
    const box = trial.querySelector(':scope > .timeline-box')!;
    const line = box.querySelector('line.settlement')!.getBoundingClientRect();
    const shown = box.getBoundingClientRect();
    return { bar: document.getElementById('filters')!.getBoundingClientRect().bottom, top: trial.getBoundingClientRect().top, open: (trial as HTMLDetailsElement).open, scrolls: box.scrollWidth > box.clientWidth, line: line.left, from: shown.left, to: shown.right };
  }, id!);
  assert.ok(seen.open, 'the link opens the trial');
  assert.ok(seen.top >= seen.bar - 1, `the trial starts at ${seen.top} px, under the filters ending at ${seen.bar} px`);
  assert.ok(seen.scrolls, 'at 390 px the drawing is wider than the screen: the check can fail');
  assert.ok(seen.line >= seen.from && seen.line <= seen.to, `the settlement (${seen.line} px) is within the box's ${seen.from}-${seen.to} px`);
  await page.close();
});

for (const width of [1280, 390]) {
  test(`at ${width} px the overview fits, no text is under 10 px, and a screenshot is kept`, async () => {
    const page = await open(width);
    const overflow = Math.max(...(await page.locator('table.verdict').evaluateAll((ts) => ts.map((t) => t.getBoundingClientRect().right - document.documentElement.clientWidth))));
    assert.ok(overflow <= 0, `the overview is ${overflow} px wider than the screen`);
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= width, 'the page does not scroll sideways');
    assert.is(await page.evaluate(() => window.innerWidth), width, 'the page is laid out at the width named');
    assert.equal(await tinyText(page, 'body > h1, body > p, section.verdict-first', 10), []);
    await page.screenshot({ path: path.join(SHOTS, `overview-${width}.png`) });
    await page.close();
  });

  test(`at ${width} px a library's page keeps its trials readable, and a screenshot of one is kept`, async () => {
    const page = await open(width, '', probePage(TRIAL.probe));
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= width, 'the page does not scroll sideways');
    const trial = page.locator(`details.trial[data-probe="${TRIAL.probe}"]`, { hasText: TRIAL.case }).first();
    await trial.evaluate((d) => ((d as HTMLDetailsElement).open = true));
    await trial.scrollIntoViewIfNeeded();
    assert.equal(await tinyText(page, `#${await trial.getAttribute('id')}`, 10), []);
    await trial.screenshot({ path: path.join(SHOTS, `trial-${width}.png`) });
    assert.equal([...fs.readFileSync(path.join(SHOTS, `trial-${width}.png`)).subarray(1, 4)], [...Buffer.from('PNG')]);
    await page.close();
  });
}

finish(test);
