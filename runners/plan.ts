// Which trials to run, in which order: a pure function of the probes and cases.

import type { CaseSpec, ChildBehaviour, LoadedCase, LoadedProbe } from './types.ts';

export interface PlannedTrial {
  index: number;
  probe: LoadedProbe;
  case: LoadedCase;
  /** Set when the trial will not run: the probe cannot express the case. */
  unsupported?: string;
  /** A rough cost used only to start the longest trials first. */
  estimateMs: number;
}

function longestDelay(b: ChildBehaviour): number {
  const own = Math.max(0, ...Object.values(b.onSignal ?? {}).map((r) => r?.delayMs ?? 0), b.exitAfterMs ?? 0);
  return Math.max(own, ...(b.grandchildren ?? []).map((g) => longestDelay(g.behaviour)));
}

export function estimateMs(spec: CaseSpec): number {
  const timeout = typeof spec.call.timeoutMs === 'number' && spec.call.timeoutMs < 60_000 ? Math.max(0, spec.call.timeoutMs) : 0;
  return 400 + timeout + longestDelay(spec.child) + spec.windowMs;
}

export function plan(probes: LoadedProbe[], cases: LoadedCase[]): PlannedTrial[] {
  const trials: PlannedTrial[] = [];
  for (const probe of probes) {
    for (const c of cases) {
      const missing = c.spec.requires.filter((f) => !probe.spec.supports.includes(f));
      trials.push({
        index: trials.length,
        probe,
        case: c,
        estimateMs: estimateMs(c.spec),
        ...(missing.length ? { unsupported: `${probe.spec.name} does not support ${missing.join(', ')}` } : {}),
      });
    }
  }
  return trials.sort((a, b) => b.estimateMs - a.estimateMs || a.index - b.index);
}
