// The kind of a trial, as data. A `library` trial calls the target in a caller, through
// the probe's adapter; a `server` trial starts the probe's own program as its client
// would. The case says which (case schema /kind, `library` when absent); the report
// records it on every case and trial. This file is where a kind is decided; every other
// file asks `kind`, and each layer keeps its share of a kind in its own kinds/ folder
// (the engine's kinds/ put each behind one interface).

import { SERVER_CLAUSES, SERVER_FACTS, SERVER_TRIGGERS } from './server-vocabulary.ts';

export const TRIAL_KINDS = ['library', 'server'] as const;
export type TrialKind = (typeof TRIAL_KINDS)[number];

/** What each kind of trial is, for the layers that ask it rather than test for a kind. */
export const KIND_TRAITS: Record<TrialKind, { judgesACall: boolean; ownControl: boolean }> = {
  // A caller's call settles, and leaves nothing running, whatever the case asks: those
  // clauses are implied, and a leftover breaks leaves-nothing-running.
  library: { judgesACall: true, ownControl: false },
  // A program's probe is its own control: each trial starts it and sees it run.
  server: { judgesACall: false, ownControl: true },
};

/** The kind of one probe's rows or trials: a probe runs trials of one kind, a library's
 *  when it has none. */
export const kindOfOne = (rows: ReadonlyArray<{ kind: TrialKind }>): TrialKind => rows[0]?.kind ?? 'library';

/** A case's kind: what its file says, a library's trial when it says nothing. */
export const caseKind = (spec: { kind?: TrialKind }): TrialKind => spec.kind ?? 'library';

/** The kind of trial a probe runs: a program's probe (one with a command) runs server
 *  cases, an adapter's library cases. */
export const probeKind = (spec: { command?: unknown }): TrialKind => (spec.command === undefined ? 'library' : 'server');

/** The kind a clause, a fact or a trigger belongs to. */
export const clauseKind = (clause: string): TrialKind => ((SERVER_CLAUSES as readonly string[]).includes(clause) ? 'server' : 'library');
export const factKind = (fact: string): TrialKind => ((SERVER_FACTS as readonly string[]).includes(fact) ? 'server' : 'library');
export const triggerKind = (trigger: string): TrialKind => ((SERVER_TRIGGERS as readonly string[]).includes(trigger) ? 'server' : 'library');

/** The kind of a probe's trials in a report; a probe with none there runs libraries'. */
export const probeKindIn = (report: { trials: Array<{ probe: string; kind: TrialKind }> }, probe: string): TrialKind =>
  report.trials.find((t) => t.probe === probe)?.kind ?? 'library';

/** The kinds a set of reports holds cases of, in the order of TRIAL_KINDS; a library's
 *  when they hold none. */
export function kindsIn(reports: Array<{ cases: Array<{ kind: TrialKind }> }>): TrialKind[] {
  const found = TRIAL_KINDS.filter((k) => reports.some((r) => r.cases.some((c) => c.kind === k)));
  return found.length ? found : ['library'];
}

/**
 * A report written before trials recorded their kind (report schema 6 and before): each
 * case gets the kind its clauses are of, as a case file's clauses are all of one kind,
 * and each trial its case's. Changes nothing else, and nothing of a report that has kinds.
 */
export function withKinds(data: unknown): unknown {
  const r = data as { cases?: unknown; trials?: unknown };
  if (!r || typeof r !== 'object' || !Array.isArray(r.cases) || !Array.isArray(r.trials)) return data;
  type OldCase = { id?: unknown; kind?: unknown; clauses?: unknown };
  const cases = r.cases as OldCase[];
  if (cases.every((c) => c && typeof c === 'object' && c.kind !== undefined)) return data;
  const kinds = new Map<unknown, TrialKind>();
  const upgraded = cases.map((c) => {
    if (!c || typeof c !== 'object' || c.kind !== undefined) return c;
    const kind: TrialKind = Array.isArray(c.clauses) && c.clauses.some((x) => clauseKind(String(x)) === 'server') ? 'server' : 'library';
    kinds.set(c.id, kind);
    return { id: c.id, title: (c as { title?: unknown }).title, sha256: (c as { sha256?: unknown }).sha256, kind, ...c };
  });
  const trials = (r.trials as Array<{ probe?: unknown; case?: unknown; kind?: unknown }>).map((t) =>
    t && typeof t === 'object' && t.kind === undefined && kinds.has(t.case) ? { probe: t.probe, case: t.case, kind: kinds.get(t.case), ...t } : t,
  );
  return { ...r, cases: upgraded, trials };
}
