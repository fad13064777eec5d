// The one path from a library trial's observations to what the report says of it: facts,
// verdicts, outcome and the informational rest; the server's is server-judge.ts beside it,
// and judge-trial.ts asks each trial's kind for its own. Pure.

import type { CaseSpec } from '../../model/case.ts';
import type { AdapterError, Observations } from '../../model/observations.ts';
import type { KnownDivergence } from '../../model/probe.ts';
import type { Judgement } from '../../model/report-types.ts';
import { blindFacts, deriveFacts, hiddenByShell } from '../facts.ts';
import { capInWindow } from '../fixture-events.ts';
import { withLeftoverWords } from '../leftover-words.ts';
import { classify, explain } from '../outcome.ts';
import { unmetPrecondition } from '../precondition.ts';
import { buildTimeline, deriveDurations, deriveMemory } from '../timeline.ts';
import { holdAssertions } from '../verdicts.ts';

export type Judged = (Judgement | Pick<Judgement, 'outcome' | 'reason' | 'leftovers' | 'timeline'>) & { unmet: string | null };

const STAGE: Record<AdapterError['stage'], string> = {
  'load-adapter': 'the adapter could not be loaded',
  'load-target': 'the target could not be loaded',
  uses: 'the adapter uses an export the target lacks',
  call: 'the adapter failed before calling into the target',
};

/** The reason of a trial the adapter spoiled: what failed, its message, and where. */
function adapterFault(e: AdapterError): string {
  return `${STAGE[e.stage]}: ${e.message}${e.at ? ` (at ${e.at})` : ''}`;
}

/**
 * `known` holds the probe's divergences (any case's: only this case's count). `attempts`
 * is how many times the trial ran: a precondition still unmet on the last one makes the
 * trial an error, since it observed the machine rather than the target.
 */
/**
 * Without the spawns and the processes, almost every fact is a guess: a runtime on which
 * the worker could not see them is the harness's failure, not a fact about the target.
 */
function harnessBlind(o: Observations): string | null {
  const sights = o.worker.introspection;
  if (!sights) return null;
  const blind = (['spawns', 'processes'] as const).flatMap((k) => {
    const s = sights[k];
    return s.observed ? [] : [`the worker could not see ${k}: ${s.reason}`];
  });
  return blind.length ? blind.join('; ') : null;
}

/** `on` names a runtime other than Node the trial ran on, for a divergence that no longer shows there. */
export function judgeTrial(spec: CaseSpec, o: Observations, known: KnownDivergence[], attempts = 1, on?: string): Judged {
  // The adapter's failure is not the target's behaviour: no fact is derived from it.
  const fault = o.worker.adapterError;
  if (fault) return { outcome: 'error', reason: adapterFault(fault), leftovers: o.runner.leftovers, timeline: buildTimeline(o, on), unmet: null };
  const mine = known.filter((k) => k.case === spec.id);
  const facts = deriveFacts(spec, o);
  const verdicts = withLeftoverWords(holdAssertions(spec.assertions, facts, { ...blindFacts(o.worker), ...hiddenByShell(o, facts) }), o.runner.leftovers);
  // The evidence is the message's first line, at most 300 characters; facts read all of what the worker kept.
  const message = o.worker.settlement.error?.message?.split('\n')[0].slice(0, 300);
  const observed = {
    facts,
    ...(message ? { evidence: { 'error.message': message } } : {}),
    verdicts: explain(verdicts, mine),
    durations: deriveDurations(o, on),
    memory: deriveMemory(o),
    leftovers: o.runner.leftovers,
    timeline: buildTimeline(o, on),
  };
  // A failed precondition explains whatever else went wrong, so it is checked first.
  const unmet = unmetPrecondition(spec, o);
  if (unmet) return { outcome: 'error', reason: `${unmet}, in all ${attempts} attempts`, ...observed, unmet };
  if (o.worker.problems.length > 0) return { outcome: 'error', reason: o.worker.problems.join('; '), ...observed, unmet };
  const capped = capInWindow(o);
  if (capped) return { outcome: 'error', reason: `the fixture's own cap ended it, not the target: pid ${capped.pid} (${capped.role}) reached its lifetime cap after the call settled and before the window ended`, ...observed, unmet };
  const blind = harnessBlind(o);
  if (blind) return { outcome: 'error', reason: blind, ...observed, unmet };
  const { outcome, reason } = classify(verdicts, mine, on);
  return { outcome, ...(reason ? { reason } : {}), ...observed, unmet };
}

