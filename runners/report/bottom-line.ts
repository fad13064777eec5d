// The findings in a few sentences, written from the verdict rows (verdict.ts): the library
// closest to the reference, then for each headline clause who holds it (with the options it
// was called with), who holds it only where it could be observed, who breaks it, whose call
// never settled, and who was not tested on it, so a reader learns who fails without
// scanning the matrix. A clause no verdict could observe is never called held, and a hang
// is never read as a hold. Pure: it returns sentences.

import { CLAUSES, clausesOf, type Clause } from '../model/case.ts';
import { caseKind, TRIAL_KINDS, type TrialKind } from '../model/kinds/kind.ts';
import type { RuntimeNamed } from '../model/runtime-spec.ts';
import { HEADLINE_CLAUSES, list, optionsWords, runtimesWords, type VerdictCell, type VerdictRow } from './verdict.ts';

type Standing = 'holds' | 'observed' | 'breaks' | 'hangs';

/** Where a library's cell stands on a clause; a cell can break and hang at once. */
function standings(cell: VerdictCell, clause: Clause): Standing[] {
  const out: Standing[] = [];
  if (cell.state === 'holds') out.push('holds');
  if (cell.state === 'unknown' && cell.hung === 0) out.push('observed');
  // A break of settles is a hang unless some call settled wrongly besides.
  if (cell.state === 'breaks' && (clause !== 'settles' || cell.broke > cell.hung)) out.push('breaks');
  if (cell.hung > 0 && cell.state !== 'holds') out.push('hangs');
  return out;
}

/** `execa10 with killDescendants: true`: a library as it was called. */
function calledAs(row: VerdictRow): string {
  const options = optionsWords(row.options);
  return options ? `${row.probe} with ${options}` : row.probe;
}

/**
 * Per library, in the rows' order, those in a standing, with the runtimes where it is:
 * always for a hold (a hold is only as wide as its runtimes), for the others only where the
 * library stands otherwise on some runtime it was tested on.
 */
function who(rows: VerdictRow[], clause: Clause, standing: Standing): string[] {
  const byProbe = new Map<string, { row: VerdictRow; envs: RuntimeNamed[]; everywhere: boolean }>();
  for (const r of rows) {
    if (!standings(r.cells[clause], clause).includes(standing)) continue;
    const seen = byProbe.get(r.probe);
    if (seen) seen.envs.push(...r.runtimes);
    else byProbe.set(r.probe, { row: r, envs: [...r.runtimes], everywhere: true });
  }
  for (const [probe, entry] of byProbe) {
    entry.everywhere = rows.filter((r) => r.probe === probe && r.cells[clause].state !== 'none').every((r) => standings(r.cells[clause], clause).includes(standing));
  }
  // How a holder was called is what a reader copies; a breaker is named alone; a hang is counted.
  const held = standing === 'holds' || standing === 'observed';
  return [...byProbe.values()].map(({ row, envs, everywhere }) => {
    const where = held || !everywhere ? runtimesWords(envs) : '';
    const hung = standing === 'breaks' ? hangCount(rows, row.probe, clause, 'never settled in ') : standing === 'hangs' ? hangCount(rows, row.probe, clause, '') : '';
    const notes = [where, hung].filter(Boolean).join('; ');
    return `${held ? calledAs(row) : row.probe}${notes ? ` (${notes})` : ''}`;
  });
}

/** `1 of 54` (after `lead`): the calls that never settled of the cases the library ran the clause in, over its runtimes; '' where none hung. */
function hangCount(rows: VerdictRow[], probe: string, clause: Clause, lead: string): string {
  const cells = rows.filter((r) => r.probe === probe).map((r) => r.cells[clause]);
  const hung = cells.reduce((n, c) => n + c.hung, 0);
  return hung ? `${lead}${hung} of ${cells.reduce((n, c) => n + c.cases, 0)}` : '';
}

/** Libraries no case of a clause ran for, on any runtime, with the most common reason. */
function untested(rows: VerdictRow[], clause: Clause): string[] {
  const probes = [...new Set(rows.map((r) => r.probe))];
  return probes
    .filter((p) => rows.filter((r) => r.probe === p).every((r) => r.cells[clause].state === 'none'))
    .map((p) => `${p}, which ${rows.find((r) => r.probe === p)!.cells[clause].why}`);
}

function clauseLine(rows: VerdictRow[], clause: Clause): string {
  const holds = who(rows, clause, 'holds');
  const parts = [`${clause}: ${holds.length ? `holds for ${list(holds)}` : 'no library holds it'}.`];
  const observed = who(rows, clause, 'observed');
  if (observed.length) parts.push(`Where observed only: ${list(observed)}.`);
  const breaks = who(rows, clause, 'breaks');
  if (breaks.length) parts.push(`Breaks it: ${list(breaks)}.`);
  // A library that breaks the clause is named once, its hangs counted there; the others a
  // hang left unknown are not held where observed: the call never settled.
  const breakers = new Set(rows.filter((r) => standings(r.cells[clause], clause).includes('breaks')).map((r) => r.probe));
  const hangs = who(rows.filter((r) => !breakers.has(r.probe)), clause, 'hangs');
  if (hangs.length) parts.push(clause === 'settles' ? `Never settled: ${list(hangs)}.` : `Unknown, since a call never settled: ${list(hangs)}.`);
  const none = untested(rows, clause);
  if (none.length) parts.push(`Not tested: ${list(none)}.`);
  return parts.join(' ');
}

/** The library closest to the reference, then a line for each headline clause. */
function libraryLines(rows: VerdictRow[]): string[] {
  const libraries = rows.filter((r) => !r.reference);
  const names = [...new Set(libraries.map((r) => r.probe))];
  const broken = (probe: string) => CLAUSES.filter((c) => libraries.some((r) => r.probe === probe && r.cells[c].state === 'breaks'));
  const tested = (probe: string) => libraries.some((r) => r.probe === probe && CLAUSES.some((c) => r.cells[c].state !== 'none'));
  const ranked = names.filter(tested).sort((a, b) => broken(a).length - broken(b).length);
  const fewest = ranked.length ? broken(ranked[0]).length : 0;
  const best = ranked.filter((p) => broken(p).length === fewest).map((p) => libraries.find((r) => r.probe === p)!);
  // The yardstick is what the reference holds: where it breaks a clause too, that is said, not hidden.
  const own = CLAUSES.filter((c) => rows.some((r) => r.reference && r.cells[c].state === 'breaks'));
  const itself = own.length ? ` The reference itself breaks ${list(own)}.` : '';
  const lines: string[] = [];
  if (!best.length) lines.push('No library was tested.');
  else if (fewest === 0) lines.push(`${own.length ? 'Unlike' : 'Like'} the reference, ${list(best.map(calledAs))} ${best.length === 1 ? 'breaks' : 'break'} no clause on any runtime tested.${itself}`);
  else lines.push(`No library holds every clause ${own.length ? 'the reference holds' : 'as the reference does'}; closest: ${list(best.map((r) => `${calledAs(r)}, which breaks only ${list(broken(r.probe))}`))}.${itself}`);
  for (const clause of HEADLINE_CLAUSES) lines.push(clauseLine(libraries, clause));
  return lines;
}

/** Each kind's sentences from its own rows; null where it has nothing of its own to say
 *  (no rows but the reference's). */
const KIND_LINES: Record<TrialKind, (rows: VerdictRow[]) => string[] | null> = {
  library: (rows) => (rows.some((r) => !r.reference) ? libraryLines(rows) : null),
  server: (rows) => {
    const line = serverLine(rows.filter((r) => !r.reference));
    return line ? [line] : null;
  },
};

export function bottomLine(all: VerdictRow[]): string[] {
  const said = TRIAL_KINDS.flatMap((kind) => KIND_LINES[kind](all.filter((r) => r.kind === kind)) ?? []);
  // Nothing tested of any kind is said of the kind a case has by default.
  return said.length ? said : libraryLines(all.filter((r) => r.kind === caseKind({})));
}

/** One sentence on the servers: which hold every server clause, and what each other breaks. */
function serverLine(rows: VerdictRow[]): string | null {
  if (!rows.length) return null;
  const named = (r: VerdictRow) => `${r.probe} ${r.version}`;
  const broken = (r: VerdictRow) => clausesOf('server').filter((c) => r.cells[c].state === 'breaks');
  const good = rows.filter((r) => broken(r).length === 0 && clausesOf('server').some((c) => r.cells[c].state === 'holds'));
  const bad = rows.filter((r) => broken(r).length > 0);
  const holds = good.length ? `${list(good.map(named))} ${good.length === 1 ? 'holds' : 'hold'} every server clause` : 'No server holds every server clause';
  return `${holds}${bad.length ? `; ${list(bad.map((r) => `${named(r)} breaks ${list(broken(r))}`))}` : ''}.`;
}
