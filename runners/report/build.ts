// Building a report from a run: where it ran, what ran, what each trial came to. Pure but
// for reading the machine's description.

import os from 'node:os';
import type { Runtime } from '../identity/runtime.ts';
import { applyControls } from '../judge/controls.ts';
import { applyCalibration } from '../judge/calibration.ts';
import type { LoadedCase } from '../model/case.ts';
import type { Environment, Outcome, OwnFile, ReportProbe, Report, Summary, TrialResult } from '../model/report-types.ts';
import { SEMANTICS, TOOL_VERSION } from '../model/version.ts';

/** Outcomes that mean something is not as the probe's expectations say. */
export const NOT_AS_EXPECTED: ReadonlySet<Outcome> = new Set(['fail', 'unexpected-pass', 'error', 'unknown', 'flaky']);

/** Where the trials ran: the runtime the workers used, on this machine. */
export function environment(runtime: Runtime): Environment {
  return {
    node: runtime.version,
    v8: runtime.v8,
    platform: process.platform,
    release: os.release(),
    arch: process.arch,
    cpus: os.availableParallelism(),
    runtime: {
      name: runtime.name,
      release: runtime.release,
      sha256: runtime.sha256,
      ...(runtime.package ? { package: runtime.package } : {}),
    },
  };
}

/**
 * The one summary of a set of trials: counts by outcome, and whether all are as expected.
 * A run that was interrupted is never as expected, however its finished trials came out:
 * the trials it did not run were expected too.
 */
export function summarize(trials: TrialResult[], interrupted?: Report['interrupted']): Summary {
  const outcomes: Summary['outcomes'] = {};
  for (const t of trials) outcomes[t.outcome] = (outcomes[t.outcome] ?? 0) + 1;
  return { total: trials.length, asExpected: !interrupted && !trials.some((t) => NOT_AS_EXPECTED.has(t.outcome)), outcomes };
}

/** An interruption in words: by what, and how many planned trials did not run. */
export function interruptionWords(i: NonNullable<Report['interrupted']>): string {
  const missing = Math.max(0, i.planned - i.finished);
  return `the run was interrupted (${i.by}): ${i.finished} of ${i.planned} planned trials finished, ${missing} did not run`;
}

export function caseEntry(c: LoadedCase): Report['cases'][number] {
  return { id: c.spec.id, title: c.spec.title, sha256: c.sha256, kind: c.kind, clauses: [...new Set(c.spec.assertions.map((a) => a.clause))] };
}

interface ReportInput {
  /** Each probe as prepared; the modules its trials loaded are added here. */
  probes: ReportProbe[];
  cases: LoadedCase[];
  /** In any order: the report orders them by probe, then by case. */
  trials: TrialResult[];
  environment: Environment;
  createdAt: string;
  repeat?: number;
  shard?: Report['shard'];
  interrupted?: Report['interrupted'];
  /** childproof's own files as they ran (identity/own-files.ts). */
  toolFiles?: OwnFile[];
}

/** A report without its trials and summary: what a stream's first line carries. */
export type ReportHeader = Omit<Report, 'trials' | 'summary' | 'interrupted'>;

export function reportHeader(input: Omit<ReportInput, 'trials' | 'interrupted'>): ReportHeader {
  return {
    formatVersion: 2,
    tool: { name: 'childproof', version: TOOL_VERSION, ...(input.toolFiles ? { files: input.toolFiles } : {}) },
    semantics: SEMANTICS,
    createdAt: input.createdAt,
    environment: input.environment,
    probes: input.probes,
    cases: input.cases.map(caseEntry),
    ...(input.repeat && input.repeat > 1 ? { repeat: input.repeat } : {}),
    ...(input.shard ? { shard: input.shard } : {}),
  };
}

export function buildReport(input: ReportInput): Report {
  return completeReport(reportHeader(input), input.trials, input.interrupted);
}

/**
 * A header and its trials made a report, the one way a run, a stream read back and a merge
 * of shards all do: trials in order, controls and calibration applied (judge/controls.ts,
 * judge/calibration.ts; a shard is controlled once merged), each probe's unpinned modules added, the summary.
 */
export function completeReport(header: ReportHeader, unsorted: TrialResult[], interrupted?: Report['interrupted']): Report {
  const sorted = sortTrials(unsorted);
  const trials = header.shard ? sorted : applyCalibration(applyControls(sorted));
  return {
    ...header,
    probes: withModules(header.probes, trials),
    trials,
    summary: summarize(trials, interrupted),
    ...(interrupted ? { interrupted } : {}),
  };
}

/** A report's order: by probe, then by case, whatever order they ran in. */
function sortTrials(trials: TrialResult[]): TrialResult[] {
  const order = (r: TrialResult) => `${r.probe}\u0000${r.case}`;
  return [...trials].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}

/** Each verified probe with the modules its trials loaded that no pin covers. */
function withModules(heads: ReportProbe[], trials: TrialResult[]): ReportProbe[] {
  return heads.map((head) => {
    if (!head.verified) return head;
    const own = trials.filter((t) => t.probe === head.name).flatMap((t) => (Array.isArray(t.unverifiedModules) ? t.unverifiedModules : []));
    const modules = new Set([...head.verified.unverifiedModules, ...own]);
    return { ...head, verified: { ...head.verified, unverifiedModules: [...modules].sort() } };
  });
}

/** What identifies the code a probe ran: the verified files, commit or module, else its pin. */
export function identityKey(p: ReportProbe | undefined): string {
  if (!p) return 'absent';
  const v = p.verified;
  return JSON.stringify(v ? { kind: v.kind, module: v.module, commit: v.commit, files: v.files.map((f) => [f.path, f.blob]) } : p.identity);
}
