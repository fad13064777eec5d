// `childproof bless REPORT...`: record what runs saw as each probe's known divergences, so
// CI stays green until something changes and any change is news. Given several reports
// of the same inputs, a divergence seen in some runs and not in others is marked racy.
// Existing reasons are kept for signatures that still hold; new ones get the reason
// given, or the verdict's own sentence.

import fs from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import type { KnownDivergence, LoadedProbe, Report, TrialResult } from './types.ts';

function sameSignature(a: Pick<KnownDivergence, 'case' | 'fact' | 'value'>, b: Pick<KnownDivergence, 'case' | 'fact' | 'value'>): boolean {
  return a.case === b.case && a.fact === b.fact && isDeepStrictEqual(a.value, b.value);
}

/** Divergences for the cases the reports ran; those of cases they did not run are kept. */
export function divergencesFrom(
  reports: Report[],
  probe: string,
  why: (sentence: string) => string,
  previous: KnownDivergence[],
): KnownDivergence[] {
  const runs = reports.map((r) => r.trials.filter((t): t is TrialResult & { verdicts: NonNullable<TrialResult['verdicts']> } => t.probe === probe && !!t.verdicts));
  const ran = new Set(runs.flat().map((t) => t.case));
  const out: KnownDivergence[] = previous.filter((k) => !ran.has(k.case));
  const seen: Array<{ k: KnownDivergence; runs: number }> = [];
  for (const trials of runs) {
    for (const t of trials) {
      for (const v of t.verdicts) {
        if (v.result === 'pass') continue;
        const signature = { case: t.case, fact: v.fact, value: v.observed };
        const hit = seen.find((s) => sameSignature(s.k, signature));
        if (hit) hit.runs++;
        else {
          const old = previous.find((k) => sameSignature(k, signature));
          seen.push({ k: { ...signature, why: old?.why ?? why(v.why), ...(old?.racy ? { racy: true } : {}) }, runs: 1 });
        }
      }
    }
  }
  for (const { k, runs: count } of seen) {
    // Seen in only some of the runs, or one of several values for its fact: it races.
    const rivals = seen.filter((s) => s.k.case === k.case && s.k.fact === k.fact).length;
    out.push(count < runs.filter((r) => r.some((t) => t.case === k.case)).length || rivals > 1 ? { ...k, racy: true } : k);
  }
  // A racy divergence that did not show this time is kept: it may show next time.
  for (const k of previous) if (k.racy && ran.has(k.case) && !out.some((o) => sameSignature(o, k))) out.push(k);
  return out.sort((a, b) => a.case.localeCompare(b.case) || a.fact.localeCompare(b.fact));
}

/** Rewrites probe.json with the new divergences, whole or not at all. */
export function writeDivergences(probe: LoadedProbe, divergences: KnownDivergence[]): void {
  const raw = JSON.parse(fs.readFileSync(probe.file, 'utf8'));
  raw.knownDivergences = divergences;
  const tmp = `${probe.file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(raw, null, 2)}\n`);
  fs.renameSync(tmp, probe.file);
}
