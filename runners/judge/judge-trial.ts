// The one path from any trial's observations to what the report says of it: each kind's
// own judge (judge/kinds/), asked by the trial's kind. The engine calls it when a trial
// ends; `judge`, `bless` and `replay` call it on saved observations. Pure.

import type { CaseSpec } from '../model/case.ts';
import type { TrialKind } from '../model/kinds/kind.ts';
import type { Observations, ServerObservations, TrialObservations } from '../model/observations.ts';
import type { KnownDivergence } from '../model/probe.ts';
import { judgeTrial, type Judged } from './kinds/library-judge.ts';
import { judgeServerTrial, serverTrialTimeline, type ServerJudged } from './kinds/server-judge.ts';
import { buildTimeline } from './timeline.ts';
import type { TimelineEntry } from '../model/report-types.ts';

/** Any trial's observations judged as its kind's: a server's by kinds/server-judge.ts, a library's by kinds/library-judge.ts.
 *  A report's schema holds each trial's observations to its kind's shape. */
export function judgeObservations(kind: TrialKind, spec: CaseSpec, o: TrialObservations, known: KnownDivergence[], attempts = 1, on?: string): Judged | (ServerJudged & { unmet: null }) {
  const judges = {
    library: () => judgeTrial(spec, o as Observations, known, attempts, on),
    server: () => ({ ...judgeServerTrial(spec, o as ServerObservations, known, on), unmet: null }),
  } satisfies Record<TrialKind, unknown>;
  return judges[kind]();
}

/** A trial's timeline, as its kind's judge draws it from the observations: a report's file
 *  leaves out what this gives (report/timelines-derived.ts). */
export function timelineOf(kind: TrialKind, o: TrialObservations, on?: string): TimelineEntry[] {
  const timelines = {
    library: () => buildTimeline(o as Observations, on),
    server: () => serverTrialTimeline(o as ServerObservations),
  } satisfies Record<TrialKind, unknown>;
  return timelines[kind]();
}
