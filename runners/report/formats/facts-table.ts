// Every fact of a trial as a table, and the error's message its facts rest on. Pure, and
// free of Node's modules: the site's pages draw it in the browser (timeline-script.ts).

import { FACT_NAMES } from '../../model/case.ts';
import type { TrialResult } from '../../model/report-types.ts';
import { escapeMarkup as h } from './escape.ts';

/** An unobserved fact is shown as the word, not as a value that could be a string. */
const value = (v: unknown) => (v === 'unknown' ? '<i>unknown</i>' : h(JSON.stringify(v)));

export function factsTable(t: Pick<TrialResult, 'facts' | 'evidence'>): string {
  const facts = t.facts ?? {};
  const evidence = t.evidence ? `<tr><th>the error's message</th><td>${h(t.evidence['error.message'])}</td></tr>` : '';
  // Each name links to its definition on the page (html-facts.ts).
  return `<table class="facts">${FACT_NAMES.filter((f) => Object.hasOwn(facts, f)).map((f) => `<tr><th><a class="term" href="#fact-${f}">${f}</a></th><td>${value(facts[f])}</td></tr>`).join('')}${evidence}</table>`;
}
