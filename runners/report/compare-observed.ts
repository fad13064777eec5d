// Comparing what was observed: a replay against what was published, and one report
// against another. Pure functions over saved data; durations, pids, paths and times are
// never compared, only facts and outcomes.

import { FACT_NAMES, type FactName, type FactValue, type LoadedCase } from '../model/case.ts';
import type { LoadedProbe } from '../model/probe.ts';
import { builtinProbeNames, loadProbes } from '../model/load-probes.ts';
import { loadAllCases } from '../model/load-cases.ts';
import { factOf, type Report, type TrialResult } from '../model/report-types.ts';
import { sameFact } from '../judge/same-fact.ts';
import { identityKey } from './build.ts';
import { semanticsNote } from './rejudge.ts';
import { runtimeKey, runtimeText } from '../model/runtime-spec.ts';

type Observed = FactValue | 'unknown';

interface FactDifference {
  fact: FactName | 'outcome';
  a: Observed | string;
  b: Observed | string;
}

/** The facts (in their published order), then the outcome, that differ between two trials. */
/** Whether a fact of a trial is a known racy divergence, so a difference in it is expected. */
export type IsRacy = (probe: string, caseId: string, fact: FactName) => boolean;

/** The racy known divergences of these probes, as they are recorded now, and the facts the cases mark racy for any target. */
export function racyIn(probes: LoadedProbe[], cases: LoadedCase[] = []): IsRacy {
  const racy = new Set(probes.flatMap((p) => p.knownDivergences.filter((k) => k.racy).map((k) => `${p.spec.name}\u0000${k.case}\u0000${k.fact}`)));
  const byCase = new Map(cases.map((c) => [c.spec.id, c.spec.racy ?? {}]));
  return (probe, caseId, fact) => racy.has(`${probe}\u0000${caseId}\u0000${fact}`) || fact in (byCase.get(caseId) ?? {});
}

let shipped: IsRacy | null = null;
/** What the shipped probes and cases mark racy, read once. */
export function shippedRacy(): IsRacy {
  shipped ??= racyIn(loadProbes(builtinProbeNames()), loadAllCases());
  return shipped;
}

export function trialDifferences(a: TrialResult, b: TrialResult, racy: IsRacy = () => false): FactDifference[] {
  const out: FactDifference[] = [];
  for (const fact of FACT_NAMES) {
    if (racy(a.probe, a.case, fact) || racy(b.probe, b.case, fact)) continue;
    const va = a.facts?.[fact];
    const vb = b.facts?.[fact];
    if (va === undefined && vb === undefined) continue;
    // A fact that is null (it does not apply) is a value, not a missing one.
    const [x, y] = [va === undefined ? 'unknown' : va, vb === undefined ? 'unknown' : vb];
    if (!sameFact(fact, x, y, a.facts, b.facts)) out.push({ fact, a: x, b: y });
  }
  if (a.outcome !== b.outcome) out.push({ fact: 'outcome', a: a.outcome, b: b.outcome });
  return out;
}

export type RowStatus =
  | { status: 'reproduced' }
  | { status: 'diverged'; fact: FactName; published: FactValue; observed: Observed }
  | { status: 'not comparable'; why: string };

/** One published row against the trial that replayed it. */
export function compareRow(
  row: { case: string; sha256: string; facts: Partial<Record<FactName, FactValue>> },
  caseSha256: string | undefined,
  trial: TrialResult | undefined,
): RowStatus {
  if (caseSha256 === undefined) return { status: 'not comparable', why: `case ${row.case} no longer exists` };
  if (caseSha256 !== row.sha256) {
    return { status: 'not comparable', why: `case ${row.case} changed since (sha256 ${row.sha256.slice(0, 12)}… then, ${caseSha256.slice(0, 12)}… now)` };
  }
  if (!trial) return { status: 'not comparable', why: 'the case was not run' };
  if (!trial.facts) return { status: 'not comparable', why: `${trial.outcome}: ${trial.reason ?? 'no facts were observed'}` };
  for (const [fact, published] of Object.entries(row.facts) as Array<[FactName, FactValue]>) {
    const observed = factOf(trial.facts, fact);
    if (!sameFact(fact, published, observed, row.facts, trial.facts)) return { status: 'diverged', fact, published, observed };
  }
  return { status: 'reproduced' };
}

export interface ReportComparison {
  /** How trials were paired: by probe and case, or by case alone when each report has one probe. */
  alignedBy: 'probe and case' | 'case';
  notes: string[];
  differences: Array<{ probe: string; case: string; differences: FactDifference[] }>;
  onlyIn: Array<{ report: 'A' | 'B'; probe: string; case: string }>;
  compared: number;
}

export function compareReports(a: Report, b: Report, racy?: IsRacy): ReportComparison {
  const byCase = a.probes.length === 1 && b.probes.length === 1;
  const key = (t: TrialResult) => (byCase ? t.case : `${t.probe}\u0000${t.case}`);
  const notes: string[] = [];
  const semantics = semanticsNote(a.semantics, b.semantics, ['A', 'B']);
  if (semantics) notes.push(semantics);
  if (byCase && a.probes[0].name !== b.probes[0].name) notes.push(`probes differ: ${a.probes[0].name} in A, ${b.probes[0].name} in B`);
  for (const pa of a.probes) {
    const pb = byCase ? b.probes[0] : b.probes.find((p) => p.name === pa.name);
    if (pb && identityKey(pa) !== identityKey(pb)) notes.push(`probe identity differs: ${pa.name} in A, ${pb.name} in B: the target changed`);
  }
  if (runtimeKey(a.environment) !== runtimeKey(b.environment)) notes.push(`runtime differs: ${runtimeText(a.environment)} in A, ${runtimeText(b.environment)} in B`);
  for (const ca of a.cases) {
    const cb = b.cases.find((c) => c.id === ca.id);
    if (cb && cb.sha256 !== ca.sha256) notes.push(`case ${ca.id} differs: its file changed between the runs`);
  }

  const inB = new Map(b.trials.map((t) => [key(t), t]));
  const seen = new Set<string>();
  const result: ReportComparison = { alignedBy: byCase ? 'case' : 'probe and case', notes, differences: [], onlyIn: [], compared: 0 };
  for (const ta of a.trials) {
    const tb = inB.get(key(ta));
    if (!tb) {
      result.onlyIn.push({ report: 'A', probe: ta.probe, case: ta.case });
      continue;
    }
    seen.add(key(ta));
    result.compared++;
    const differences = trialDifferences(ta, tb, racy);
    if (differences.length) result.differences.push({ probe: byCase ? `${ta.probe}|${tb.probe}` : ta.probe, case: ta.case, differences });
  }
  for (const tb of b.trials) if (!seen.has(key(tb))) result.onlyIn.push({ report: 'B', probe: tb.probe, case: tb.case });
  return result;
}

function show(v: unknown): string {
  return JSON.stringify(v);
}

export function renderComparison(c: ReportComparison): string {
  const lines = [...c.notes.map((n) => `note: ${n}`)];
  for (const d of c.differences) {
    for (const f of d.differences) lines.push(`${d.probe} ${d.case}: ${f.fact}: ${show(f.a)} in A, ${show(f.b)} in B`);
  }
  for (const o of c.onlyIn) lines.push(`only in ${o.report}: ${o.probe} ${o.case}`);
  lines.push(`${c.compared} trial(s) compared by ${c.alignedBy}: ${c.differences.length} with differences, ${c.onlyIn.length} unpaired.`);
  return lines.join('\n');
}
