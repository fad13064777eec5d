// `childproof bless REPORT`: record what a run saw as each probe's known divergences, so
// CI stays green until something changes and any change is news. Existing reasons are
// kept for signatures that still hold; new ones get the reason given, or the verdict.

import fs from 'node:fs';
import type { KnownDivergence, LoadedProbe, Report } from './types.ts';

/** Divergences for the cases the report ran; those of cases it did not run are kept. */
export function divergencesFrom(report: Report, probe: string, why: (sentence: string) => string, previous: KnownDivergence[]): KnownDivergence[] {
  const ran = new Set(report.trials.filter((t) => t.probe === probe && t.verdicts).map((t) => t.case));
  // A racy divergence that did not show this time is kept: it may show next time.
  const out: KnownDivergence[] = previous.filter((k) => !ran.has(k.case));
  const racyKept = previous.filter((k) => ran.has(k.case) && k.racy);
  for (const t of report.trials) {
    if (t.probe !== probe || !t.verdicts) continue;
    for (const v of t.verdicts) {
      if (v.result === 'pass') continue;
      const old = previous.find((k) => k.case === t.case && k.fact === v.fact && JSON.stringify(k.value) === JSON.stringify(v.observed));
      out.push({ case: t.case, fact: v.fact, value: v.observed, why: old?.why ?? why(v.why), ...(old?.racy ? { racy: true } : {}) });
    }
  }
  for (const k of racyKept) if (!out.some((o) => o.case === k.case && o.fact === k.fact)) out.push(k);
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
