// The published results as the site `make results` writes (an index, opening with what
// changed, and a page per library), rendered once per test process, and Debian's Chromium to read them with.

import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { RESULTS_DIR, ROOT } from '../../runners/model/paths.ts';
import type { Report } from '../../runners/model/report-types.ts';
import { renderSite } from '../../runners/report/formats/site.ts';
import { readPublished } from '../../runners/report/publish-files.ts';
import { sweepLinks } from '../../runners/report/sweep-links.ts';
import { readChanges } from '../../runners/report/changes-file.ts';
import { tempDir } from './helpers.ts';
import { unmarkedEnv } from './suite.ts';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const SHOTS = path.join(ROOT, '.cache', 'screenshots');

let reports: Report[] | null = null;
/** Every published report, read once. */
export function published(): Report[] {
  reports ??= readPublished(RESULTS_DIR).map((p) => p.report);
  return reports;
}

let site: string | null = null;
/** The directory of the site of every published report. */
export function siteDir(): string {
  if (site) return site;
  const dir = tempDir('childproof-site-');
  for (const page of renderSite(published(), { sweeps: sweepLinks(RESULTS_DIR), changes: readChanges(RESULTS_DIR) })) {
    fs.mkdirSync(path.dirname(path.join(dir, page.path)), { recursive: true });
    fs.writeFileSync(path.join(dir, page.path), page.text);
  }
  site = dir;
  return dir;
}

export async function launch(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium at ${CHROMIUM} (Debian: chromium; make test-all installs it)`);
  fs.mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], env: unmarkedEnv() });
}

/** A page of the site, `file` relative to its index. */
export async function openPage(browser: Browser, width: number, file = 'index.html', hash = ''): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 }, ...(width < 500 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}) });
  await page.goto(`file://${path.join(siteDir(), file)}${hash}`);
  return page;
}

/** Text in `within` smaller than `least` px as drawn: an SVG's text scaled by its viewBox. */
export async function tinyText(page: Page, within: string, least: number): Promise<string[]> {
  return page.locator(within).evaluateAll((roots, least) => {
    const small: string[] = [];
    for (const el of roots.flatMap((r) => [r, ...r.querySelectorAll('*')])) {
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim());
      const box = el.getBoundingClientRect();
      if (!own || box.width === 0) continue;
      const svg = el.closest('svg');
      const scale = svg ? svg.getBoundingClientRect().width / svg.viewBox.baseVal.width : 1;
      const size = parseFloat(getComputedStyle(el).fontSize) * scale;
      if (size < least) small.push(`${el.tagName} "${el.textContent!.trim().slice(0, 30)}" ${size.toFixed(1)} px`);
    }
    return small;
  }, least);
}
