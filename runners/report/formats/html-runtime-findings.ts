// The page's section on runtime findings: what a runtime itself does, whatever library runs
// on it, each once, with where it showed and the runtime's own code. Pure: it returns markup.

import { show } from '../../judge/verdicts.ts';
import type { RuntimeFindingRow } from '../runtime-findings-published.ts';
import { citeMarkup } from './html-probe.ts';
import { escapeMarkup as h } from './escape.ts';

export function runtimeFindingsSection(rows: RuntimeFindingRow[]): string {
  if (!rows.length) return '';
  const items = rows.map((r) => {
    const f = r.finding;
    const seen = r.trials ? `shown by <code>${h(f.fact)}</code> = <code>${h(show(f.value))}</code> in ${r.trials} trial${r.trials === 1 ? '' : 's'} of ${h(r.probes.join(', '))}; it explains ${r.explains} of their verdicts` : `shown in no trial here`;
    const cites = r.cites.map((c) => citeMarkup(c, r.env!));
    return `<li id="runtime-finding-${h(f.id)}"><b>${h(f.title)}</b> <small>${h(f.runtime)}: ${seen}</small><p>${h(f.why)}</p>${cites.join('')}</li>`;
  });
  return `<section class="runtime-findings"><h2>Runtime findings</h2><p>What a runtime itself does, whatever library runs on it. A library's divergence that one of these causes is explained here, once.</p><ul>${items.join('')}</ul></section>`;
}
