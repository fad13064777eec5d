// One trial of a run's plan (engine/plan.ts), as every kind of trial takes it.

import type { LoadedCase } from '../model/case.ts';
import type { PreparedProbe } from '../identity/prepare-target.ts';

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

/** What every result of a trial starts from, whatever became of it: which probe, which case, which kind. */
export const trialBase = (t: PlannedTrial): { probe: string; case: string; kind: LoadedCase['kind'] } => ({ probe: t.probe.probe.spec.name, case: t.case.spec.id, kind: t.case.kind });
