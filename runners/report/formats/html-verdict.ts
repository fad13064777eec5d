// The top of the page: the verdict matrix (library x clause, runtimes newest first, each
// cell with its counts, linked to the trials behind it), the legend, each clause in one
// line, and the bottom line written from the same rows. Pure: it returns markup.

import { CLAUSES, CLAUSE_MEANING, clausesOf, SERVER_CLAUSES, type Clause } from '../../model/case.ts';
import { runtimeKey } from '../../model/runtime-spec.ts';
import { bottomLine, cellWords, runtimesWords, type VerdictRow } from '../verdict.ts';
import type { SweepLink } from '../sweep-links.ts';
import { escapeMarkup as h } from './escape.ts';

/** The hash that filters the page to the trials behind a cell (html-script.ts reads it). */
export function cellHash(row: VerdictRow, clause: Clause): string {
  const params = new URLSearchParams({ probe: row.probe, runtime: row.runtimes.map(runtimeKey).join(','), clause });
  if (row.cells[clause].state === 'breaks') params.set('verdict', 'fail');
  else if (row.cells[clause].state === 'unknown') params.set('verdict', 'unknown');
  return `#${params.toString()}`;
}

function row(r: VerdictRow, sweeps: SweepLink[], shown: Clause[]): string {
  const cells = shown.map((c) => {
    const cell = r.cells[c];
    const words = cellWords(cell);
    const body = cell.state === 'none' ? h(words) : `<a href="${h(cellHash(r, c))}">${h(words)}</a>`;
    return `<td class="state ${cell.state}" data-label="${c}">${body}</td>`;
  });
  const swept = sweeps.filter((s) => s.probe === r.probe).map((s) => `<a class="sweep" href="${h(s.href)}">${h(s.label)}</a>`);
  const yardstick = r.reference ? '<span class="yardstick">yardstick: childproof\'s own implementation</span>' : '';
  const name = `<th scope="row" class="library"><b>${h(r.probe)}</b> <small>${h(r.version)}</small>${yardstick}${swept.length ? ` <small>sweep: ${swept.join(', ')}</small>` : ''}</th>`;
  const runtimes = `<td class="runtimes" data-label="runtimes">${h(runtimesWords(r.runtimes))}</td>`;
  return `<tr class="${r.reference ? 'reference' : ''}" data-probe="${h(r.probe)}" data-runtimes="${r.runtimes.map(runtimeKey).join(' ')}">${name}${runtimes}${cells.join('')}</tr>`;
}

const LEGEND =
  '<p class="legend"><span class="state holds">holds</span> every case that asserts the clause passed it · ' +
  '<span class="state breaks">breaks</span> it failed in the cases counted; for settles, the call never settled · ' +
  '<span class="state unknown">unknown</span> none failed, some could not be observed (never counted as a pass); "not shown" where the call never settled · ' +
  '<span class="state none">not covered</span> no case of it ran there, and why. Counts are cases; a cell opens its trials.</p>';

/** One matrix: libraries over a caller's clauses, or servers over a server's. */
function matrix(rows: VerdictRow[], sweeps: SweepLink[], server: boolean): string {
  const shown = clausesOf(server);
  const head = `<thead><tr><th>${server ? 'server' : 'library'}</th><th>runtimes</th>${shown.map((c) => `<th title="${h(CLAUSE_MEANING[c])}">${c}</th>`).join('')}</tr></thead>`;
  return `<table class="verdict" id="${server ? 'verdict-servers' : 'verdict'}">${head}<tbody>${rows.map((r) => row(r, sweeps, shown)).join('')}</tbody></table>`;
}

export function verdictSection(rows: VerdictRow[], sweeps: SweepLink[]): string {
  const libraries = rows.filter((r) => !r.server);
  const servers = rows.filter((r) => r.server);
  const shown = CLAUSES.filter((c) => (SERVER_CLAUSES.includes(c) ? servers.length > 0 : libraries.length > 0 || servers.length === 0));
  const clauses = `<dl class="clauses">${shown.map((c) => `<dt>${c}</dt><dd>${h(CLAUSE_MEANING[c])}</dd>`).join('')}</dl>`;
  const bottom = `<ol class="bottom-line">${bottomLine(rows).map((l) => `<li>${h(l)}</li>`).join('')}</ol>`;
  const forLibraries = libraries.length || !servers.length ? `<h2>Which library holds which clause</h2>${LEGEND}${matrix(libraries, sweeps, false)}` : '';
  const forServers = servers.length ? `<h2>Which server exits when its client goes away</h2>${forLibraries ? '' : LEGEND}${matrix(servers, sweeps, true)}` : '';
  return `<section class="verdict-first"><h2>Bottom line</h2>${bottom}${forLibraries}${forServers}<h3>The clauses</h3>${clauses}</section>`;
}
