// The runtime findings as the published reports show them: for each, where it showed (the
// trials whose fact had its value, on a runtime it holds on), which libraries those trials
// were of, how many of their divergences it explains, and its code as the binary of the
// release that ran holds it. Pure data for the findings page and results/README.md.

import type { CitedCode, Report } from '../model/report-types.ts';
import { runtimeOf } from '../model/runtime-spec.ts';
import type { RuntimeFinding } from '../model/runtime-findings.ts';
import { findingsShown } from '../judge/runtime-findings-shown.ts';
import { scopeCovers } from '../judge/scope.ts';

export interface RuntimeFindingRow {
  finding: RuntimeFinding;
  /** Trials that show it, over every report. */
  trials: number;
  probes: string[];
  /** Verdicts of those probes that its explanation covers. */
  explains: number;
  /** Its citations with the code a report read, when one did. */
  cites: CitedCode[];
  /** A report on a runtime it holds on, to read its code against. */
  env: Report['environment'] | null;
}

export function runtimeFindingRows(reports: Report[], findings: RuntimeFinding[]): RuntimeFindingRow[] {
  return findings.map((finding) => {
    const probes = new Set<string>();
    let trials = 0;
    let explains = 0;
    let cites: CitedCode[] = [];
    let env: Report['environment'] | null = null;
    for (const r of reports) {
      const on = runtimeOf(r.environment);
      for (const t of r.trials) {
        if (!findingsShown([finding], on, t.facts).length) continue;
        trials++;
        probes.add(t.probe);
        env ??= r.environment;
        explains += (t.verdicts ?? []).filter((v) => v.knownDivergence === finding.why).length;
      }
      // The code as a binary the finding holds on read it: another runtime's report cannot show it.
      const read = scopeCovers(finding.runtime, on) ? r.probes.flatMap((p) => p.explanations ?? []).find((e) => e.why === finding.why)?.cites : undefined;
      if (read && !cites.length) [cites, env] = [read, r.environment];
    }
    return { finding, trials, probes: [...probes].sort(), explains, cites, env };
  });
}
