// The top of the page: the bottom line, then the verdict matrix (library x clause, runtimes
// newest first, each cell with its counts, linked to the trials behind it) with its tools
// above it (find a library, one runtime, sort by a clause), every row saying how its library
// was called and where to get it, then each clause in one line and the glossary. Pure: it
// returns markup.

import { CLAUSE_MEANING, clausesOf, type Clause } from '../../model/case.ts';
import { TRIAL_KINDS, type TrialKind } from '../../model/kinds/kind.ts';
import { KIND_WORDS } from '../kinds/kind-words.ts';
import { runtimeKey, runtimeText, type RuntimeNamed } from '../../model/runtime-spec.ts';
import { bottomLine } from '../bottom-line.ts';
import { GLOSSARY, termId } from '../glossary.ts';
import { cellWords, optionsWords, runtimesWords, type VerdictRow } from '../verdict.ts';
import type { SweepLink } from '../sweep-links.ts';
import { escapeMarkup as h } from './escape.ts';

/** Where a row's links go: the trials behind a cell, and a library's page of trials. */
export interface VerdictLinks {
  /** The page a probe's trials are on: '' for this one. */
  trials(probe: string): string;
  /** Where the glossary is: '' for this page. */
  glossary: string;
}

const ONE_PAGE: VerdictLinks = { trials: () => '', glossary: '' };

/** The hash that filters a page to the trials behind a cell (html-assets.ts reads it). */
export function cellHash(row: VerdictRow, clause: Clause): string {
  const params = new URLSearchParams({ probe: row.probe, runtime: row.runtimes.map(runtimeKey).join(','), clause });
  if (row.cells[clause].state === 'breaks') params.set('verdict', 'fail');
  else if (row.cells[clause].state === 'unknown') params.set('verdict', 'unknown');
  return `#${params.toString()}`;
}

/** A word linked to its definition. */
const term = (links: VerdictLinks, id: string, words: string) => `<a class="term" href="${links.glossary}#${termId(id)}">${h(words)}</a>`;

/** What the row's library is, how it was called, and where to get it. */
function libraryCell(r: VerdictRow, sweeps: SweepLink[], links: VerdictLinks): string {
  const { kind, id } = r.pin;
  const version = kind === 'builtin' ? term(links, 'built-in', 'built in') : kind === 'git' || kind === 'files' ? `${term(links, 'pin', kind)} ${h(id)}` : h(r.version);
  const yardstick = r.reference ? `<span class="yardstick">${term(links, 'reference', 'yardstick')}: childproof's own implementation</span>` : '';
  const options = optionsWords(r.options);
  const called = options ? `<span class="called">${term(links, 'called-with', 'called with')} <code>${h(options)}</code></span>` : '';
  const out: string[] = [];
  if (r.package) out.push(`<a href="https://www.npmjs.com/package/${h(r.package.name)}/v/${h(r.package.version)}">npm ${h(r.package.name)}</a>`);
  if (r.repository) out.push(`<a href="${h(r.commit ? `${r.repository}/tree/${r.commit}` : r.repository)}">source</a>`);
  out.push(`<a href="${h(links.trials(r.probe))}#probe=${encodeURIComponent(r.probe)}">trials</a>`);
  const swept = sweeps.filter((s) => s.probe === r.probe).map((s) => `<a class="sweep" href="${h(s.href)}">${h(s.label)}</a> <small>(${h(s.options)})</small>`);
  if (swept.length) out.push(`${term(links, 'sweep', 'sweep')}: ${swept.join(', ')}`);
  return `<th scope="row" class="library"><b>${h(r.probe)}</b> <small>${version}</small>${yardstick}${called}<span class="links">${out.join(' · ')}</span></th>`;
}

function row(r: VerdictRow, sweeps: SweepLink[], shown: Clause[], links: VerdictLinks): string {
  const cells = shown.map((c) => {
    const cell = r.cells[c];
    const words = cellWords(cell);
    // "needs a checkout of REA (--source)": the option is a word of its own.
    const why = h(cell.why ?? '').replace('(--source)', `(${term(links, 'source', '--source')})`);
    const body = cell.state === 'none' ? `${term(links, 'not-covered', 'not covered')}: ${why}` : `<a href="${h(links.trials(r.probe))}${h(cellHash(r, c))}">${h(words)}</a>`;
    return `<td class="state ${cell.state}" data-label="${c}" data-state="${cell.state}">${body}</td>`;
  });
  const runtimes = `<td class="runtimes" data-label="runtimes">${h(runtimesWords(r.runtimes))}</td>`;
  const named = [r.probe, r.package?.name ?? '', r.title].join(' ').toLowerCase();
  return `<tr class="${r.reference ? 'reference' : ''}" data-probe="${h(r.probe)}" data-named="${h(named)}" data-runtimes="${r.runtimes.map(runtimeKey).join(' ')}">${libraryCell(r, sweeps, links)}${runtimes}${cells.join('')}</tr>`;
}

export function legend(links: VerdictLinks): string {
  return (
    `<p class="legend">Each column is a ${term(links, 'clause', 'clause')}. <span class="state holds">${term(links, 'holds', 'holds')}</span> every case that asserts the clause passed it · ` +
    `<span class="state breaks">${term(links, 'breaks', 'breaks')}</span> it failed in the cases counted; for settles, the call ${term(links, 'never-settled', 'never settled')} · ` +
    `<span class="state unknown">${term(links, 'unknown', 'unknown')}</span> none failed, some could not be observed (never counted as a pass) · ` +
    `<span class="state none">${term(links, 'not-covered', 'not covered')}</span> no case of it ran there, and why. Counts are ${term(links, 'case', 'cases')}; a cell opens its trials. A break its probe already explains is a ${term(links, 'known', 'known divergence')}: still a break.</p>`
  );
}

/** One matrix: libraries over a caller's clauses, or servers over a server's; each clause's header sorts by it. */
export function matrix(rows: VerdictRow[], sweeps: SweepLink[], kind: TrialKind, links: VerdictLinks): string {
  const shown = clausesOf(kind);
  const sort = (c: string, words: string, title: string) => `<th title="${h(title)}"><button type="button" class="sort" data-sort="${c}" aria-label="sort by ${h(words)}">${h(words)}</button></th>`;
  const head = `<thead><tr>${sort('', KIND_WORDS[kind].noun, 'sort by name')}<th>${term(links, 'runtime', 'runtimes')}</th>${shown.map((c) => sort(c, c, CLAUSE_MEANING[c])).join('')}</tr></thead>`;
  return `<table class="verdict" id="${KIND_WORDS[kind].matrixId}">${head}<tbody>${rows.map((r) => row(r, sweeps, shown, links)).join('')}</tbody></table>`;
}

/** Above the matrix: find a library by name, keep one runtime. The script (html-assets.ts) reads them. */
function tools(rows: VerdictRow[]): string {
  const runtimes = new Map<string, RuntimeNamed>();
  for (const r of rows) for (const e of r.runtimes) runtimes.set(runtimeKey(e), e);
  const options = [...runtimes].map(([k, e]) => `<option value="${h(k)}">${h(runtimeText(e))}</option>`).join('');
  return (
    `<form class="matrix-tools" id="matrix-tools" role="search"><label>find <input type="search" name="find" placeholder="library or package" autocomplete="off"></label>` +
    `<label>runtime <select name="runtime"><option value="">all</option>${options}</select></label><span class="hint">a column's name sorts by it</span> <span id="rows-shown"></span></form>`
  );
}

function glossarySection(): string {
  return `<h3 id="glossary">Words on this page</h3><dl class="glossary">${GLOSSARY.map((t) => `<dt id="${termId(t.id)}">${h(t.term)}</dt><dd>${h(t.meaning)}</dd>`).join('')}</dl>`;
}

export function verdictSection(rows: VerdictRow[], sweeps: SweepLink[], links: VerdictLinks = ONE_PAGE): string {
  const kinds = TRIAL_KINDS.filter((k) => rows.some((r) => r.kind === k));
  const shown = (kinds.length ? kinds : ['library' as const]).flatMap(clausesOf);
  const clauses = `<dl class="clauses">${shown.map((c) => `<dt id="clause-${c}">${c}</dt><dd>${h(CLAUSE_MEANING[c])}</dd>`).join('')}</dl>`;
  // The clause a sentence is about, first and bold, so a reader finds theirs at a glance.
  const bottom = `<ol class="bottom-line">${bottomLine(rows).map((l) => `<li>${h(l).replace(/^([a-z-]+):/, '<b>$1</b>:')}</li>`).join('')}</ol>`;
  // One matrix per kind, the legend above the first; a page with no row shows a library's, empty.
  const matrices = (kinds.length ? kinds : ['library' as const])
    .map((k, i) => `<h2>${KIND_WORDS[k].matrixTitle}</h2>${i === 0 ? legend(links) : ''}${matrix(rows.filter((r) => r.kind === k), sweeps, k, links)}`)
    .join('');
  return `<section class="verdict-first"><h2>Bottom line</h2>${bottom}${tools(rows)}${matrices}<h3>The clauses</h3>${clauses}${glossarySection()}</section>`;
}
