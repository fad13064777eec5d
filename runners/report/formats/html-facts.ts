// The facts a page shows, defined on that page: each fact name in a trial's table of facts
// links here, to the words cases/INTERPRETING.md gives it (model/fact-meanings.ts). Pure.

import { FACT_NAMES, type FactName } from '../../model/case.ts';
import type { Report } from '../../model/report-types.ts';
import { escapeMarkup as h } from './escape.ts';

/** The anchor of a fact's definition on a page. */
const factAnchor = (fact: string) => `fact-${fact}`;

/** INTERPRETING.md's words as markup: escaped, its code spans kept as code. */
const markup = (words: string) => h(words).replace(/`([^`]+)`/g, '<code>$1</code>');

/** A definition list of every fact the reports' trials hold, in the order facts are listed. */
export function factsSection(reports: Report[], meanings: Partial<Record<FactName, string>>): string {
  const shown = new Set(reports.flatMap((r) => r.trials.flatMap((t) => Object.keys(t.facts ?? {}))));
  const facts = FACT_NAMES.filter((f) => shown.has(f));
  if (facts.length === 0) return '';
  const items = facts.map((f) => `<dt id="${h(factAnchor(f))}"><code>${h(f)}</code></dt><dd>${meanings[f] ? markup(meanings[f]!) : 'not defined in cases/INTERPRETING.md'}</dd>`);
  return `<section class="facts-defined"><h2 id="facts-defined">The facts on this page</h2><p class="hint">As cases/INTERPRETING.md defines each: what was observed, and how.</p><dl class="glossary">${items.join('')}</dl></section>`;
}
