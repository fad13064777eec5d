// Reports as results/ files them (one per probe and runtime) read back as one run per
// runtime, so an overview shows every probe side by side. Pure.

import type { Report } from '../../model/report-types.ts';
import { summarize } from '../build.ts';
import { runtimeKey } from '../../model/runtime-spec.ts';

/** Reports of one runtime (one per probe, as results/ files them) read as one run. */
export function byRuntime(reports: Report[]): Report[] {
  const groups = new Map<string, Report[]>();
  for (const r of reports) groups.set(runtimeKey(r.environment), [...(groups.get(runtimeKey(r.environment)) ?? []), r]);
  return [...groups.values()].map((rs) => {
    const trials = rs.flatMap((r) => r.trials);
    // Interrupted if any of them was: the first interruption stands for the group.
    const interrupted = rs.find((r) => r.interrupted)?.interrupted;
    const { interrupted: _i, ...first } = rs[0];
    // Every report's cases, each once: a library's report and a server's list different ones.
    const cases = rs.flatMap((r) => r.cases).filter((c, i, all) => all.findIndex((x) => x.id === c.id) === i);
    return { ...first, probes: rs.flatMap((r) => r.probes), cases, trials, summary: summarize(trials, interrupted), ...(interrupted ? { interrupted } : {}) };
  });
}

