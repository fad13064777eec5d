// What a run tells as it goes, from the trials to the printer, in one type: notices (what an
// earlier, dead run left behind, or a control added), `start` once every probe is verified
// and before any trial, with the report's own header and how many trials are planned, then
// `progress` whenever a trial starts or finishes and `trial` for each finished trial (all
// its repeats), in the order they finish.

import type { TrialResult } from '../model/report-types.ts';
import type { ReportHeader } from '../report/build.ts';

export interface Progress {
  done: number;
  total: number;
  running: number;
}

export type RunEvent =
  | { kind: 'notice'; line: string }
  | { kind: 'start'; header: ReportHeader; planned: number }
  | { kind: 'progress'; progress: Progress }
  | { kind: 'trial'; trial: TrialResult };
