// The findings site as a newcomer uses it: the index is light and loads about as fast as an
// empty page (a ratio, never a wall-clock threshold), its bottom line names every library
// on each headline clause, every row says how its library was called and links its package
// and source, every word it uses is defined where a tap reaches it, and the matrix can be
// searched and sorted by a clause.

import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { GLOSSARY, termId } from '../../runners/report/glossary.ts';
import { renderHtml } from '../../runners/report/formats/html.ts';
import { HEADLINE_CLAUSES } from '../../runners/report/verdict.ts';
import { tempDir } from '../support/helpers.ts';
import { launch, openPage, published, siteDir } from '../support/site.ts';
import { finish } from '../support/suite.ts';

const ctx = { browser: null as Browser | null };

test.before(async () => {
  ctx.browser = await launch();
  siteDir();
});

test.after(async () => {
  await ctx.browser?.close();
});

/** The median time to DOMContentLoaded of a file over `loads` loads, as the page itself records it. */
async function contentLoaded(file: string, loads = 5): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < loads; i++) {
    const page = await ctx.browser!.newPage();
    await page.goto(`file://${file}`, { waitUntil: 'domcontentloaded', timeout: 120_000 });
    times.push(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd));
    await page.close();
  }
  return times.sort((a, b) => a - b)[Math.floor(loads / 2)];
}

// The index against an empty page, loaded the same way; the page of every trial at once,
// as the site replaced it, is the control that shows the ratio can fail.
const RATIO = 8;

test('the index weighs under 1.5 MB and reaches DOMContentLoaded within a small multiple of an empty page; the one-page site did not', async () => {
  const index = path.join(siteDir(), 'index.html');
  assert.ok(fs.statSync(index).size < 1.5 * 1024 * 1024, `index.html is ${fs.statSync(index).size} bytes`);
  const dir = tempDir();
  const empty = path.join(dir, 'empty.html');
  fs.writeFileSync(empty, '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>empty</title></head><body></body></html>\n');
  const whole = path.join(dir, 'whole.html');
  fs.writeFileSync(whole, renderHtml(published()));
  const [floor, light, heavy] = [await contentLoaded(empty), await contentLoaded(index), await contentLoaded(whole, 1)];
  const ratio = light / Math.max(floor, 1);
  process.stdout.write(`  DOMContentLoaded: empty ${floor.toFixed(0)} ms, index ${light.toFixed(0)} ms (x${ratio.toFixed(1)}), every trial on one page ${heavy.toFixed(0)} ms (x${(heavy / Math.max(floor, 1)).toFixed(1)})\n`);
  assert.ok(ratio < RATIO, `the index takes ${ratio.toFixed(1)} times an empty page`);
  assert.ok(heavy / Math.max(floor, 1) >= RATIO, 'the page of every trial is over the bound: the check can fail');
});

test('the bottom line names every library on each headline clause, and how the holders were called', async () => {
  const page = await openPage(ctx.browser!, 1280);
  const lines = await page.locator('ol.bottom-line li').allInnerTexts();
  const libraries = await page.locator('#verdict tbody tr:not(.reference)').evaluateAll((rs) => [...new Set(rs.map((r) => r.getAttribute('data-probe')!))]);
  for (const clause of HEADLINE_CLAUSES) {
    const line = lines.find((l) => l.startsWith(`${clause}:`));
    assert.ok(line, `a line on ${clause}`);
    for (const name of libraries) assert.ok(new RegExp(`(^|[ ,:])${name}( |,|\\.|$)`).test(line!), `${clause}'s line names ${name}: ${line}`);
  }
  assert.match(lines.find((l) => l.startsWith('no-orphans:'))!, /holds for execa10 with killDescendants: true \(/);
  await page.close();
});

test('every row says how its library was called and links its package, its source and its trials', async () => {
  const page = await openPage(ctx.browser!, 1280);
  const row = page.locator('#verdict tr[data-probe="execa10"]').first();
  assert.match(await row.locator('.called').innerText(), /called with killDescendants: true/);
  assert.is(await row.locator('.links a', { hasText: 'npm execa' }).getAttribute('href'), 'https://www.npmjs.com/package/execa/v/10.2.1');
  assert.is(await row.locator('.links a', { hasText: 'source' }).getAttribute('href'), 'https://github.com/sindresorhus/execa');
  assert.match((await row.locator('.links a', { hasText: 'trials' }).getAttribute('href'))!, /^execa10\/index\.html#/);
  const rea = page.locator('#verdict tr[data-probe="rea-execfilebytes"]').first();
  assert.is(await rea.locator('.links a', { hasText: 'source' }).getAttribute('href'), 'https://github.com/morluto/rea/tree/428eee00fdd0406cdf2b734c9ea14a2bb02da279');
  await page.close();
});

test('every word the page links is defined on it, and a tap on one brings its definition into view', async () => {
  const page = await openPage(ctx.browser!, 390);
  const targets = await page.locator('a.term').evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')!))]);
  for (const t of GLOSSARY) assert.ok(targets.includes(`#${termId(t.id)}`), `${t.term} is linked where it is used`);
  for (const href of targets) assert.is(await page.locator(href).count(), 1, `${href} is defined once`);
  await page.locator('a.term[href="#term-not-covered"]').first().tap();
  await page.waitForFunction(() => location.hash === '#term-not-covered');
  assert.ok(await page.locator('#term-not-covered').isVisible());
  const [top, height] = await page.locator('#term-not-covered').evaluate((d) => [d.getBoundingClientRect().top, window.innerHeight]);
  // Scrolled to, at a fraction of a pixel from the top.
  assert.ok(top > -1 && top < height, `the definition is on screen (${top} px from the top of ${height})`);
  await page.close();
});

async function shownRows(page: Page): Promise<Array<{ probe: string; states: string[] }>> {
  return page.locator('#verdict tbody tr:not([hidden])').evaluateAll((rs) => rs.map((r) => ({ probe: r.getAttribute('data-probe')!, states: [...r.querySelectorAll('td[data-state]')].map((c) => c.getAttribute('data-state')!) })));
}

test('the matrix finds a library by name, keeps one runtime, and sorts by a clause with the reference first', async () => {
  const page = await openPage(ctx.browser!, 1280);
  // Both matrices, the libraries' and the servers', are searched.
  const count = () => page.locator('table.verdict tbody tr:not([hidden])').count();
  const all = await count();
  await page.fill('#matrix-tools input[name="find"]', 'execa');
  const found = await shownRows(page);
  assert.ok(found.length > 0 && found.length < all);
  for (const r of found) assert.match(r.probe, /execa/);
  assert.match(await page.locator('#rows-shown').innerText(), new RegExp(`^${await count()} of ${all} rows shown$`));
  await page.fill('#matrix-tools input[name="find"]', '');
  await page.selectOption('#matrix-tools select[name="runtime"]', 'bun-1.4.5');
  const bun = await page.locator('#verdict tbody tr:not([hidden])').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-runtimes')!));
  assert.ok(bun.length > 0 && bun.every((k) => k.split(' ').includes('bun-1.4.5')));
  await page.selectOption('#matrix-tools select[name="runtime"]', '');
  const column = (await page.locator('#verdict thead th').allInnerTexts()).findIndex((t) => t.trim() === 'no-orphans') - 2;
  await page.locator('#verdict button.sort[data-sort="no-orphans"]').click();
  const sorted = await shownRows(page);
  const libraries = sorted.filter((r) => r.probe !== 'reference');
  assert.ok(sorted.slice(0, sorted.length - libraries.length).every((r) => r.probe === 'reference'), 'the reference rows stay first');
  const rank = { holds: 0, unknown: 1, breaks: 2, none: 3 } as Record<string, number>;
  const ranks = libraries.map((r) => rank[r.states[column]]);
  assert.equal(ranks, [...ranks].sort((a, b) => a - b), 'held first, then unobservable, broken, not covered');
  assert.is(libraries[0].probe, 'execa10');
  await page.close();
});

finish(test);
