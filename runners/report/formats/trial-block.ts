// A trial's block on a page, from what html-probe.ts says of it in plain strings: its head
// (outcome, case, a link to itself), what was true at settlement, the verdicts that did not
// pass, and the boxes its timeline and facts are drawn into. Pure and free of Node's
// modules: a site's page holds the strings (trial-data.ts) and its script draws each block
// with this very code, so a page of a library's trials on every runtime carries its data
// once rather than some 300 blocks of markup, most of them the same on every runtime.

import { NO_EXPLANATION } from '../explained.ts';
import { escapeMarkup as h } from './escape.ts';

/** A trial's anchor on its page; a probe's section's, given no case. */
export const anchor = (...parts: string[]) => parts.join('--').replace(/[^\w-]+/g, '-');

/** The command that runs a probe's case again; `flag` names the runtime (model/runtime-spec.ts runtimeFlag). */
export const rerunCommand = (probe: string, kase: string, flag: string) => `childproof run --probe ${probe} --case ${kase} ${flag}`;

/** A verdict that did not pass. `known`: its explanation's number in the section, or
 *  'unexplained' for a known divergence its probe does not explain yet. */
interface BlockVerdict {
  result: string;
  clause: string;
  why: string;
  known?: number | 'unexplained';
}

/** What a trial's block says, as its page holds it (runtime and probe aside: its section's). */
export interface BlockText {
  title: string;
  clauses: string;
  fails: string;
  unknowns: string;
  /** A skipped trial's reason, in short: its block is one line. */
  skipped?: string;
  reason?: string;
  /** What was true at settlement, its label first. */
  words?: string;
  verdicts: BlockVerdict[];
  timeline: boolean;
  facts: boolean;
}

export interface Block extends BlockText {
  probe: string;
  runtime: string;
  case: string;
  outcome: string;
  /** The command that runs it again, where it ran. */
  rerun?: string;
}

function verdictItem(v: BlockVerdict, section: string): string {
  const known = typeof v.known === 'number' ? ` <a class="why" href="#${section}--why-${v.known}">known: explanation ${v.known}</a>` : v.known ? ` <span class="why">known; ${NO_EXPLANATION}</span>` : '';
  return `<li class="verdict ${v.result}"><b>${v.result === 'fail' ? 'breaks' : v.result}</b> ${h(v.clause)}: ${h(v.why)}${known}</li>`;
}

/** The block's markup; `drawn`, its timeline and table of facts where the page holds them drawn. */
export function blockMarkup(b: Block, drawn = { timeline: '', facts: '' }): string {
  const id = anchor(b.runtime, b.probe, b.case);
  const data = `id="${id}" data-probe="${h(b.probe)}" data-runtime="${b.runtime}" data-outcome="${b.outcome}" data-clauses="${b.clauses}" data-fails="${b.fails}" data-unknowns="${b.unknowns}"`;
  const self = `<a class="self" href="#${id}" title="a link to this trial">#</a>`;
  const head = `<span class="outcome ${b.outcome}">${b.outcome}</span> <b>${h(b.case)}</b> ${self}${b.title ? `<br><span class="case-title">${h(b.title)}</span>` : ''}`;
  if (b.skipped !== undefined) return `<li class="trial" ${data}>${head}: ${h(b.skipped)}</li>`;
  const section = anchor(b.runtime, b.probe);
  const verdicts = b.verdicts.map((v) => verdictItem(v, section)).join('');
  return (
    `<details class="trial" ${data}><summary>${head}</summary>` +
    (b.reason ? `<p>${h(b.reason)}</p>` : '') +
    (b.words ? `<p class="words">${h(b.words)}</p>` : '') +
    (verdicts ? `<ul class="verdicts">${verdicts}</ul>` : '') +
    (b.timeline ? `<div class="timeline-box">${drawn.timeline}</div>` : '') +
    (b.facts ? `<details class="facts"><summary>every fact</summary>${drawn.facts}</details>` : '') +
    (b.rerun ? `<p>Run it again: <code>${h(b.rerun)}</code></p>` : '') +
    '</details>'
  );
}
