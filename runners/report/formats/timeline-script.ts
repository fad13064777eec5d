// The site's pages draw each trial's timeline and its table of facts in the browser when
// the trial is opened, from its data written beside it (trial-data.ts), with the very code
// the standalone page runs here (timeline-svg.ts, facts-table.ts, built once per process
// with esbuild): a page of a library's trials on every runtime held some 1,500 drawings
// and tables, four fifths of its weight.

import { buildSync } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));

const DRAW = `
import { renderTimeline } from './timeline-svg.ts';
import { factsTable } from './facts-table.ts';
import { trialDataRead } from './trial-data.ts';
let table = null;
const pageFacts = () => (table ??= JSON.parse(document.getElementById('facts-table').textContent));
const draw = (d) => {
  const data = d.querySelector(':scope > script.trial-data');
  if (!data) return;
  const t = trialDataRead(data.textContent, pageFacts);
  data.remove();
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
