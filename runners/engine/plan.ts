// Which trials to run, in which order: a pure function of the probes and cases.

import type { PreparedProbe } from './prepare.ts';
import type { CaseSpec, ChildBehaviour, LoadedCase } from '../model/case.ts';

export interface PlannedTrial {
  index: number;
  probe: PreparedProbe;
  case: LoadedCase;
  /** Set when the trial will not run: the probe cannot express the case. */
  unsupported?: string;
  /** Set when the trial cannot run: the probe's source was not supplied. */
  unavailable?: string;
  /** A rough cost used only to start the longest trials first. */
  estimateMs: number;
}

function longestDelay(b: ChildBehaviour): number {
  const own = Math.max(0, ...Object.values(b.onSignal ?? {}).map((r) => r?.delayMs ?? 0), b.exitAfterMs ?? 0);
  return Math.max(own, ...(b.grandchildren ?? []).map((g) => longestDelay(g.behaviour)));
}

export function estimateMs(spec: CaseSpec): number {
  if (spec.server) return 1_000 + spec.windowMs;
  const timeout = typeof spec.call.timeoutMs === 'number' && spec.call.timeoutMs < 60_000 ? Math.max(0, spec.call.timeoutMs) : 0;
  return 400 + timeout + longestDelay(spec.child) + spec.windowMs;
}

/** What a trial took when it last ran, where known: a better order than the estimate. */
export type Durations = (probe: string, caseId: string) => number | undefined;

export function plan(probes: PreparedProbe[], cases: LoadedCase[], durations: Durations = () => undefined): PlannedTrial[] {
  const trials: PlannedTrial[] = [];
  for (const probe of probes) {
    for (const c of cases) {
      // A library's probe meets client cases, a program's server cases: the other kind
      // asks something its target cannot be.
      if ((c.spec.server !== undefined) !== (probe.probe.spec.command !== undefined)) continue;
      const missing = c.spec.requires.filter((f) => !probe.probe.spec.supports.includes(f));
      const unsupported = probe.unsupported ?? (missing.length ? `${probe.probe.spec.name} does not support ${missing.join(', ')}` : undefined);
      trials.push({
        index: trials.length,
        probe,
        case: c,
        estimateMs: durations(probe.probe.spec.name, c.spec.id) ?? estimateMs(c.spec),
        ...(probe.unavailable ? { unavailable: probe.unavailable } : {}),
        ...(unsupported ? { unsupported } : {}),
      });
    }
  }
  return trials.sort((a, b) => b.estimateMs - a.estimateMs || a.index - b.index);
}
