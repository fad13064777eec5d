// The one path from a trial's observations to what the report says of it: facts,
// verdicts, outcome and the informational rest. The engine calls it when a trial ends;
// `judge`, `bless` and `replay` call it on saved observations. Pure.

import type { CaseSpec } from '../model/case.ts';
import type { Observations } from '../model/observations.ts';
import type { KnownDivergence } from '../model/probe.ts';
import type { Judgement } from '../model/report.ts';
import { deriveFacts } from './facts.ts';
import { classify, explain } from './outcome.ts';
import { unmetPrecondition } from './precondition.ts';
import { buildTimeline, deriveDurations, deriveMemory } from './timeline.ts';
import { holdAssertions } from './verdicts.ts';

/**
 * `known` holds the probe's divergences (any case's: only this case's count). `attempts`
 * is how many times the trial ran: a precondition still unmet on the last one makes the
 * trial an error, since it observed the machine rather than the target.
 */
export function judgeTrial(spec: CaseSpec, o: Observations, known: KnownDivergence[], attempts = 1): Judgement & { unmet: string | null } {
  const mine = known.filter((k) => k.case === spec.id);
  const facts = deriveFacts(spec, o);
  const verdicts = holdAssertions(spec.assertions, facts);
  const observed = {
    facts,
    verdicts: explain(verdicts, mine),
    durations: deriveDurations(o),
    memory: deriveMemory(o),
    leftovers: o.runner.leftovers,
    timeline: buildTimeline(o),
  };
  // A failed precondition explains whatever else went wrong, so it is checked first.
  const unmet = unmetPrecondition(spec, o);
  if (unmet) return { outcome: 'error', reason: `${unmet}, in all ${attempts} attempts`, ...observed, unmet };
  if (o.worker.problems.length > 0) return { outcome: 'error', reason: o.worker.problems.join('; '), ...observed, unmet };
  const { outcome, reason } = classify(verdicts, mine);
  return { outcome, ...(reason ? { reason } : {}), ...observed, unmet };
}
