// The one way trials are run: cases, probes, a runtime and options in; events as the run
// goes and the report out. Every verb that runs trials (run, sweep and its bisection,
// stability, replay), the benchmark and the tests call this, so each gets the same
// verification, plan, controls, ordering and summary. It prints nothing: what to show is
// the caller's, from the events.

import { probeProblems } from '../identity/citations.ts';
import { toolFiles } from '../identity/own-files.ts';
import { hostRuntime } from '../identity/runtime.ts';
import type { LoadedCase } from '../model/case.ts';
import { InputError } from '../model/errors.ts';
import { loadAllCases } from '../model/load-cases.ts';
import type { LoadedProbe } from '../model/probe.ts';
import type { Report, ReportProbe } from '../model/report-types.ts';
import { buildReport, environment, reportHeader } from '../report/build.ts';
import { publishedDurations } from '../report/durations.ts';
import { withControls } from './add-controls.ts';
import { claimRunOutput } from './run-output.ts';
import { runTrials, type RunOptions } from './run-trials.ts';
import type { RunEvent } from './events.ts';

export interface PipelineRequest extends RunOptions {
  probes: LoadedProbe[];
  cases: LoadedCase[];
  /** When the report says it was made; now by default (shards of one run share one). */
  createdAt?: string;
  /** Where controls are found and probes' divergences checked: the shipped cases by default. */
  allCases?: LoadedCase[];
  /** Where the report is written, claimed before the first trial, each finished trial kept
   *  in its stream beside it until the report is whole (engine/run-output.ts). */
  out?: string;
}

export async function runPipeline(request: PipelineRequest, on: (e: RunEvent) => void = () => {}): Promise<Report> {
  const output = request.out === undefined ? null : claimRunOutput(request.out);
  if (output?.moved) on({ kind: 'notice', line: output.moved });
  try {
    const report = await pipeline(request, (e) => {
      output?.keep(e);
      on(e);
    });
    output?.write(report);
    return report;
  } finally {
    output?.release();
  }
}

async function pipeline(request: PipelineRequest, on: (e: RunEvent) => void): Promise<Report> {
  const { probes, cases: chosen, createdAt = new Date().toISOString(), allCases = loadAllCases(), out: _out, ...options } = request;
  // A probe whose chosen cases run no command gets a control (engine/add-controls.ts).
  const { cases, added } = withControls(chosen, allCases, probes);
  if (added.length) on({ kind: 'notice', line: `added ${added.map((c) => c.spec.id).join(', ')} as a control: a verdict needs a trial that ran a command` });
  const lint = probes.flatMap((p) => probeProblems(p, [...new Set([...allCases, ...cases])], true));
  if (lint.length) throw new InputError(lint);
  const runtime = options.runtime ?? hostRuntime();
  const env = environment(runtime);
  const shape = { cases, environment: env, createdAt, repeat: options.repeat, shard: options.shard, toolFiles: toolFiles() };
  // Longest first, by what each trial took when last published: only an order.
  const durations = options.durations ?? publishedDurations(runtime.version, cases);
  const header = (heads: ReportProbe[]) => reportHeader({ ...shape, probes: heads });
  const run = await runTrials(probes, cases, { ...options, runtime, durations, header }, on);
  const interrupted = run.interrupted ? { by: run.interrupted, planned: run.planned, finished: run.trials.length } : undefined;
  return buildReport({ ...shape, probes: run.heads, trials: run.trials, interrupted });
}
