// One interface for each kind of trial (model/kinds/kind.ts): the engine asks a trial's
// kind for every step and never looks at a fact or a field to tell kinds apart. A kind
// writes its trial directory (prepare), runs the trial to its trigger and settlement
// (run), watches the window after it (watch, os/window.ts), ends what the trial left
// (end, os/leftovers.ts), reads what was seen (read), and is judged as its kind is
// (judge/judge-trial.ts); its words are the report's (report/kinds/), asked by kind too.
// Each phase hands the next plain data.

import { judgeObservations } from '../../judge/judge-trial.ts';
import type { CaseSpec } from '../../model/case.ts';
import type { TrialKind } from '../../model/kinds/kind.ts';
import type { Containment, Leftover, TrialObservations } from '../../model/observations.ts';
import type { TrialResult } from '../../model/report-types.ts';
import { runtimeText } from '../../model/runtime-spec.ts';
import { named } from '../../identity/runtime.ts';
import { trialBase, type PlannedTrial } from '../planned-trial.ts';
import type { TrialContext } from '../trial-context.ts';

/** A trial that does not run here, and why. */
type NotRun = { outcome: 'unsupported' | 'unavailable' | 'error'; reason: string };

/** What a trial saw, or why it saw nothing it can be judged by. */
type Read =
  | { observations: TrialObservations; also?: Pick<TrialResult, 'unverifiedModules'> }
  | { error: string; leftovers: Leftover[]; containment?: Containment };

/** The steps of one attempt at a trial, each given what the steps before it returned. */
export interface Phases<Prepared, Ran, Watched, Ended> {
  name: TrialKind;
  /** How often a trial whose precondition failed is run (judge/precondition.ts). */
  attempts: number;
  /** A rough cost, used only to start the longest trials first. */
  estimateMs(spec: CaseSpec): number;
  /** The trial directory written, or why the trial cannot run here. */
  prepare(t: PlannedTrial, ctx: TrialContext, name: string): Prepared | { notRun: NotRun };
  /** Started, and run to its trigger and settlement; `started` once its starting is over. */
  run(p: Prepared, ctx: TrialContext, started: () => void): Promise<Ran>;
  /** The window after it, where the runner watches it. */
  watch(p: Prepared, r: Ran, ctx: TrialContext): Promise<Watched>;
  /** Whatever of the trial is still running, ended; each such process a leftover. */
  end(p: Prepared, r: Ran, w: Watched, ctx: TrialContext): Promise<Ended>;
  read(p: Prepared, r: Ran, w: Watched, e: Ended, ctx: TrialContext): Read;
  /** Whatever happened: its processes forgotten, its directory gone unless kept. */
  close(p: Prepared, ctx: TrialContext): void;
}

export interface TrialKindModule {
  name: TrialKind;
  attempts: number;
  estimateMs(spec: CaseSpec): number;
  /** One attempt through every phase, judged; `unmet` when its precondition failed. */
  attempt(t: PlannedTrial, ctx: TrialContext, name: string, started: () => void, attempt: number): Promise<{ trial: TrialResult; unmet: string | null }>;
}

export function kindModule<P, R, W, E>(k: Phases<P, R, W, E>): TrialKindModule {
  return {
    name: k.name,
    attempts: k.attempts,
    estimateMs: k.estimateMs,
    async attempt(t, ctx, name, started, attempt) {
      const base = trialBase(t);
      const prepared = k.prepare(t, ctx, name);
      if (typeof prepared === 'object' && prepared !== null && 'notRun' in prepared) return { trial: { ...base, ...prepared.notRun }, unmet: null };
      const p = prepared as P;
      try {
        const ran = await k.run(p, ctx, started);
        const watched = await k.watch(p, ran, ctx);
        const ended = await k.end(p, ran, watched, ctx);
        const read = k.read(p, ran, watched, ended, ctx);
        if ('error' in read) return { trial: { ...base, outcome: 'error', reason: read.error, leftovers: read.leftovers, ...(read.containment ? { containment: read.containment } : {}) }, unmet: null };
        const on = ctx.runtime.name === 'node' ? undefined : runtimeText(named(ctx.runtime));
        const { unmet, ...judgement } = judgeObservations(k.name, t.case.spec, read.observations, t.probe.probe.knownDivergences, attempt, on);
        return { trial: { ...base, ...judgement, ...read.also, observations: read.observations }, unmet };
      } finally {
        k.close(p, ctx);
      }
    },
  };
}
