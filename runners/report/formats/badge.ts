// A badge for a library's README, like Bowtie's: one probe over every runtime it ran on,
// how many of the clauses its cases cover it holds everywhere. Green when it holds every
// one, red when one breaks, amber when one could not be observed, grey when nothing ran.
// Pure: it returns SVG.

import { kindOfOne } from '../../model/kinds/kind.ts';
import { clausesOf } from '../../model/case.ts';
import type { Report } from '../../model/report-types.ts';
import { InputError } from '../../model/errors.ts';
import { runtimesWords, verdictRows, type CellState } from '../verdict.ts';
import { escapeMarkup as h } from './escape.ts';
import { byRuntime } from './group.ts';

const COLOUR: Record<CellState, string> = { holds: '#2a7d2a', breaks: '#c0392b', unknown: '#b7791f', none: '#777' };

/** A clause over every runtime: breaks anywhere, else unobservable anywhere, else holds where covered. */
function overall(states: CellState[]): CellState {
  for (const s of ['breaks', 'unknown', 'holds'] as const) if (states.includes(s)) return s;
  return 'none';
}

/** Roughly the width of text in 11 px Verdana, as badges are set. */
const textWidth = (text: string) => Math.ceil(text.length * 6.6) + 12;

export function renderBadge(given: Report[]): string {
  const rows = verdictRows(byRuntime(given));
  const probes = [...new Set(rows.map((r) => r.probe))];
  if (probes.length !== 1) throw new InputError([`--format badge draws one probe; these reports hold ${probes.length} (${probes.join(', ')}): give one probe's reports, such as results/NAME/*.json`]);
  // A program's badge speaks of the server's clauses, a library's of a caller's.
  const clauses = clausesOf(kindOfOne(rows));
  const states = clauses.map((c) => overall(rows.map((r) => r.cells[c].state)));
  const covered = states.filter((s) => s !== 'none').length;
  const held = states.filter((s) => s === 'holds').length;
  const state = overall(states);
  const right = covered === 0 ? 'not covered' : `${held}/${covered} clauses hold`;
  const left = `childproof ${probes[0]}`;
  const [lw, rw] = [textWidth(left), textWidth(right)];
  const runtimes = runtimesWords(rows.filter((r) => clauses.some((c) => r.cells[c].state !== 'none')).flatMap((r) => r.runtimes));
  const title = `${left}: ${right} on ${runtimes}${state === 'breaks' ? `; breaks ${clauses.filter((_, i) => states[i] === 'breaks').join(', ')}` : ''}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${lw + rw}" height="20" role="img" aria-label="${h(title)}"><title>${h(title)}</title>` +
    `<rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${rw}" height="20" fill="${COLOUR[state]}"/>` +
    `<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">` +
    `<text x="${lw / 2}" y="14">${h(left)}</text><text x="${lw + rw / 2}" y="14">${h(right)}</text></g></svg>\n`
  );
}
