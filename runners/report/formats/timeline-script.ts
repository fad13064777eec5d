// The site's pages draw each trial's timeline in the browser when the trial is opened, from
// its events written beside it, with the very renderer the standalone page runs here
// (timeline.ts, built once per process with esbuild): a page of a library's trials on
// every runtime held some 5,000 SVG drawings, three fifths of its weight.

import { buildSync } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TrialResult } from '../../model/report.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** What the browser needs of a trial to draw it: renderTimeline reads nothing else. */
export function timelineData(t: TrialResult): string {
  const data = { probe: t.probe, case: t.case, kind: t.kind, timeline: t.timeline, leftovers: t.leftovers ?? [] };
  // Inside a script element only `<` could end it early.
  return `<script type="application/json" class="timeline-data">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

const DRAW = `
import { renderTimeline } from './timeline.ts';
const draw = (d) => {
  for (const s of d.querySelectorAll(':scope > .timeline-box > script.timeline-data')) s.parentElement.innerHTML = renderTimeline(JSON.parse(s.textContent), false);
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
