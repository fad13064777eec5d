// The site's pages draw each trial's block as the page loads, and its timeline and table of
// facts when the trial is opened, from the page's data (trial-data.ts), with the very code
// the standalone page runs here (trial-block.ts, timeline-svg.ts, facts-table.ts, built
// once per process with esbuild): a page of a library's trials on every runtime held some
// 1,500 drawings and tables, four fifths of its weight, and then some 300 blocks of markup,
// most the same on every runtime.

import { buildSync } from '../../model/esbuild-sync.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));

const DRAW = `
import { renderTimeline } from './timeline-svg.ts';
import { factsTable } from './facts-table.ts';
import { blockMarkup } from './trial-block.ts';
import { trialRead } from './trial-data.ts';
const table = JSON.parse(document.getElementById('page-table')?.textContent ?? '[]');
const held = new Map();
for (const list of document.querySelectorAll('.trials[data-trials]')) {
  const section = list.closest('section.probe').dataset;
  const place = { probe: section.probe, runtime: section.runtime, flag: list.dataset.flag };
  const read = table[Number(list.dataset.trials)].map((w) => trialRead(w, place, table));
  list.insertAdjacentHTML('beforeend', read.map((r) => blockMarkup(r.block)).join(''));
  // A trial's timeline and facts are drawn when it is opened, from what was read here.
  read.forEach((r, i) => held.set(list.children[i], r.data));
}
const draw = (d) => {
  const t = held.get(d);
  if (!t) return;
  held.delete(d);
  const box = d.querySelector(':scope > .timeline-box');
  if (box) box.innerHTML = renderTimeline(t, false);
  // On a screen narrower than the drawing, it scrolls so the settlement is in view.
  const line = box && box.querySelector('line.settlement');
  if (line && box.scrollWidth > box.clientWidth) {
    const at = line.getBoundingClientRect().left - box.getBoundingClientRect().left + box.scrollLeft;
    box.scrollLeft = Math.max(0, at - box.clientWidth * 0.6);
  }
  const facts = d.querySelector(':scope > details.facts');
  if (facts && t.facts) facts.insertAdjacentHTML('beforeend', factsTable(t));
};
// toggle does not bubble; a listener on the document hears it as it is captured.
document.addEventListener('toggle', (e) => { if (e.target.matches && e.target.matches('details.trial') && e.target.open) draw(e.target); }, true);
for (const d of document.querySelectorAll('details.trial[open]')) draw(d);
`;

let built: string | null = null;

export function timelineScript(): string {
  built ??= buildSync({
    stdin: { contents: DRAW, resolveDir: HERE, loader: 'js' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    write: false,
    logLevel: 'silent',
  }).outputFiles[0].text.replace(/<\/script/gi, '<\\/script');
  return built;
}
