// Trials that tested nothing: `unsupported` (the probe cannot express the case, or the
// runtime is not one the target runs on) and `unavailable` (its code was not supplied).
// A run made only of them, or a probe the user brought whose every trial was skipped,
// proved nothing, and must not read as a pass. Pure.

import type { Report, TrialResult } from '../model/report-types.ts';

const SKIPPED = new Set<TrialResult['outcome']>(['unsupported', 'unavailable']);

const isSkipped = (t: TrialResult) => SKIPPED.has(t.outcome);

/** Probes every trial of which was skipped, each with the reason most of its trials give. */
export function skippedProbes(report: Report): Array<{ probe: string; trials: number; reason: string }> {
  const out: Array<{ probe: string; trials: number; reason: string }> = [];
  for (const p of report.probes) {
    const trials = report.trials.filter((t) => t.probe === p.name);
    if (trials.length === 0 || !trials.every(isSkipped)) continue;
    const counts = new Map<string, number>();
    for (const t of trials) {
      const why = `${t.outcome}: ${t.reason ?? 'no reason given'}`;
      counts.set(why, (counts.get(why) ?? 0) + 1);
    }
    const [reason] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    out.push({ probe: p.name, trials: trials.length, reason });
  }
  return out;
}

/** No trial tested anything: there were none, or every one was skipped. */
export function testedNothing(report: Report): boolean {
  return report.trials.every(isSkipped);
}

/** Why a run proved nothing where it was asked to (every trial skipped, or every trial of
 *  a probe the user brought), or null when it tested something there. A run in several
 *  parts (one per runtime) is judged whole: a part that could test nothing is no failure
 *  when another tested what was asked. */
export function untested(reports: Report[], brought: ReadonlySet<string>): string | null {
  if (reports.every(testedNothing)) return 'every trial was skipped';
  const idle = reports.flatMap((r) => skippedProbes(r).filter((s) => brought.has(s.probe)));
  return idle.length ? `${idle.map((s) => s.probe).join(', ')} had every trial skipped` : null;
}
