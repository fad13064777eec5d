// A published report's file leaves out each trial's timeline where it is exactly what the trial's
// observations give (judge/judge-trial.ts timelineOf): the times are already in the
// observations, and a timeline written beside them was a tenth of a published report's
// bytes. In memory a report always holds each timeline. Pure.

import { timelineOf } from '../judge/judge-trial.ts';
import { judgedOn } from '../judge/scope.ts';
import type { Report, TrialResult, TrialRun } from '../model/report-types.ts';

type Run = Pick<TrialResult, 'timeline' | 'observations'>;
type Mapped = <R extends Run>(r: R) => R;

function eachRun(t: TrialResult, map: Mapped): TrialResult {
  const own = map(t);
  return t.repeats ? { ...own, repeats: { ...t.repeats, others: t.repeats.others.map((r: TrialRun) => map(r)) } } : own;
}

const derived = (t: TrialResult, r: Run, on: string | undefined) => (r.observations ? timelineOf(t.kind, r.observations, on) : undefined);

/** The report as its file holds it. */
export function timelinesOmitted(report: Report): Report {
  const on = judgedOn(report.environment);
  const omit = (t: TrialResult): Mapped => (r) => {
    if (!r.timeline) return r;
    const drawn = derived(t, r, on);
    if (!drawn || JSON.stringify(drawn) !== JSON.stringify(r.timeline)) return r;
    const { timeline: _drawn, ...rest } = r;
    return rest as typeof r;
  };
  return { ...report, trials: report.trials.map((t) => eachRun(t, omit(t))) };
}

/** The report as it is read: every timeline its observations give, where its file left it out. */
export function timelinesDerived(report: Report): Report {
  const on = judgedOn(report.environment);
  const fill = (t: TrialResult): Mapped => (r) => (r.timeline || !r.observations ? r : { ...r, timeline: derived(t, r, on) });
  return { ...report, trials: report.trials.map((t) => eachRun(t, fill(t))) };
}
