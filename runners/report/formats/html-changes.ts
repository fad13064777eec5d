// The first thing on the findings page: what changed since the publication began, a line
// a cell (library, runtime, clause, from, to), the rest folded past twenty. Pure: it
// returns markup.

import type { PublishedChanges } from '../changes.ts';
import { escapeMarkup as h } from './escape.ts';

const SHOWN = 20;

export function changesSection(doc: PublishedChanges | null): string {
  if (!doc) return '';
  const head = `<h2>What changed since ${h(doc.since.slice(0, 10))}</h2>${doc.why ? `<p class="why">Why: ${h(doc.why)}</p>` : ''}`;
  if (!doc.changes.length) return `<section class="changes" id="changes">${head}<p>No verdict changed: every library holds and breaks what it did.</p></section>`;
  const item = (c: PublishedChanges['changes'][number]) => `<li><b>${h(c.probe)}</b> ${h(c.version)} on ${h(c.runtime)}, <b>${h(c.clause)}</b>: ${h(c.from ?? 'not published')} → ${h(c.to ?? 'no longer published')}</li>`;
  const first = doc.changes.slice(0, SHOWN).map(item).join('');
  const rest = doc.changes.length > SHOWN ? `<details><summary>${doc.changes.length - SHOWN} more</summary><ul>${doc.changes.slice(SHOWN).map(item).join('')}</ul></details>` : '';
  return `<section class="changes" id="changes">${head}<ul>${first}</ul>${rest}</section>`;
}
