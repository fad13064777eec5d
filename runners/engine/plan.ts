// Which trials to run, in which order: a pure function of the probes and cases.

import { notExpressed, type LoadedCase } from '../model/case.ts';
import { probeKind } from '../model/kinds/kind.ts';
import { KINDS } from './kinds/kinds.ts';
import type { PlannedTrial } from './planned-trial.ts';
import type { PreparedProbe } from '../identity/prepare-target.ts';

export type { PlannedTrial } from './planned-trial.ts';

/** What a trial took when it last ran, where known: a better order than the estimate. */
export type Durations = (probe: string, caseId: string) => number | undefined;

export function plan(probes: PreparedProbe[], cases: LoadedCase[], durations: Durations = () => undefined): PlannedTrial[] {
  const trials: PlannedTrial[] = [];
  // One trial has no order to choose: what the last publication says is not read for it.
  const pairs = probes.reduce((n, p) => n + cases.filter((c) => c.kind === probeKind(p.probe.spec)).length, 0);
  const lastTook: Durations = pairs > 1 ? durations : () => undefined;
  for (const probe of probes) {
    for (const c of cases) {
      // A library's probe meets a library's cases, a program's a server's: the other kind
      // asks something its target cannot be.
      if (c.kind !== probeKind(probe.probe.spec)) continue;
      const unsupported = probe.unsupported ?? notExpressed(c.spec, probe.probe.spec.supports, probe.probe.spec.name) ?? undefined;
      trials.push({
        index: trials.length,
        probe,
        case: c,
        estimateMs: lastTook(probe.probe.spec.name, c.spec.id) ?? KINDS[c.kind].estimateMs(c.spec),
        ...(probe.unavailable ? { unavailable: probe.unavailable } : {}),
        ...(unsupported ? { unsupported } : {}),
      });
    }
  }
  return trials.sort((a, b) => b.estimateMs - a.estimateMs || a.index - b.index);
}
