// A published sweep's page judged again: each version's facts, as sweep.json keeps them,
// held against the cases' assertions as they are now, and the page's table of where each
// clause holds written anew from those verdicts. The rest of the page says what the facts
// did, which judging again does not change. Pure: texts in, text out.

import { factNamesAt, type FactName, type FactValue, type LoadedCase } from '../model/case.ts';
import type { Facts, TrialResult } from '../model/report-types.ts';
import { holdAssertions } from '../judge/verdicts.ts';
import { SEMANTICS } from '../model/version.ts';
import { CHANGES_HEADING, CLAUSES_HEADING, clauseSection } from './sweep-page.ts';

type Compact = Record<string, { outcome: TrialResult['outcome']; facts?: Facts }>;

/** sweep.json, as publish-sweep.ts writes it: a package's versions, or a runtime's releases. */
export interface PublishedSweep {
  probe: string;
  semantics: number;
  versions?: Array<{ version: string; trials: Compact }>;
  releases?: Array<{ release: string; trials: Compact }>;
}

function column(sweep: PublishedSweep, version: string, trials: Compact, cases: LoadedCase[]): { version: string; trials: TrialResult[] } {
  return {
    version,
    trials: Object.entries(trials).flatMap(([id, t]) => {
      const c = cases.find((x) => x.spec.id === id);
      if (!c) return [];
      const judged = t.facts && t.outcome !== 'error' ? { facts: t.facts, verdicts: holdAssertions(c.spec.assertions, t.facts as Record<FactName, FactValue>) } : {};
      return [{ probe: sweep.probe, case: id, kind: c.kind, outcome: t.outcome, ...judged } as TrialResult];
    }),
  };
}

/** The page with its clause table judged again; a page without one is returned as it is. */
export function rejudgedSweepPage(page: string, sweep: PublishedSweep, cases: LoadedCase[]): string {
  const start = page.indexOf(`${CLAUSES_HEADING}\n`);
  const end = page.indexOf(`${CHANGES_HEADING}\n`);
  if (start < 0 || end < start) return page;
  const columns = sweep.versions
    ? sweep.versions.map((v) => column(sweep, v.version, v.trials, cases))
    : (sweep.releases ?? []).map((r) => column(sweep, r.release, r.trials, cases));
  const [heading, blank, ...table] = clauseSection(columns);
  // The facts the sweep's semantics did not record, which judging now reads as unknown.
  const recorded = factNamesAt(sweep.semantics, columns.flatMap((c) => c.trials)[0]?.kind);
  const unseen = factNamesAt(SEMANTICS, columns.flatMap((c) => c.trials)[0]?.kind).filter((f) => !recorded.includes(f)).map((f) => `\`${f}\``);
  const note =
    sweep.semantics < SEMANTICS
      ? [`Judged under semantics ${SEMANTICS} from the facts the sweep recorded under semantics ${sweep.semantics}${unseen.length ? `, which did not record ${unseen.join(', ')}: a clause resting on it is unknown here` : ''}.`, '']
      : [];
  return `${page.slice(0, start)}${[heading, blank, ...note, ...table].join('\n')}\n${page.slice(end)}`;
}
