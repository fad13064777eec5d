// Building a report from a run: where it ran, what ran, what each trial came to. Pure but
// for reading the machine's description.

import os from 'node:os';
import { hostRuntime, type Runtime } from '../identity/runtime.ts';
import { applyControls } from '../judge/controls.ts';
import type { LoadedCase } from '../model/case.ts';
import type { Environment, Outcome, ProbeEntry, Report, Summary, TrialResult } from '../model/report.ts';
import { SEMANTICS, TOOL_VERSION } from '../model/version.ts';

/** Outcomes that mean something is not as the probe's expectations say. */
export const NOT_AS_EXPECTED: ReadonlySet<Outcome> = new Set(['fail', 'unexpected-pass', 'error', 'unknown', 'flaky']);

/** Where the trials ran: the runtime the workers used, on this machine. */
export function environment(runtime: Runtime = hostRuntime()): Environment {
  return {
    node: runtime.version,
    v8: runtime.v8,
    platform: process.platform,
    release: os.release(),
    arch: process.arch,
    cpus: os.availableParallelism(),
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
  return { id: c.spec.id, title: c.spec.title, sha256: c.sha256, clauses: [...new Set(c.spec.assertions.map((a) => a.clause))] };
}

export function buildReport(input: {
  probes: ProbeEntry[];
  cases: LoadedCase[];
  trials: TrialResult[];
  environment: Environment;
  createdAt: string;
  repeat?: number;
  shard?: Report['shard'];
  interrupted?: Report['interrupted'];
}): Report {
  // No verdict without a control (judge/controls.ts); a shard is controlled once merged.
  const trials = input.shard ? input.trials : applyControls(input.trials);
  return {
    formatVersion: 2,
    tool: { name: 'childproof', version: TOOL_VERSION },
    semantics: SEMANTICS,
    createdAt: input.createdAt,
    environment: input.environment,
    probes: input.probes,
    cases: input.cases.map(caseEntry),
    trials,
    summary: summarize(trials, input.interrupted),
    ...(input.repeat && input.repeat > 1 ? { repeat: input.repeat } : {}),
    ...(input.shard ? { shard: input.shard } : {}),
    ...(input.interrupted ? { interrupted: input.interrupted } : {}),
  };
}

/** What identifies the code a probe ran: the verified files, commit or module, else its pin. */
export function identityKey(p: ProbeEntry | undefined): string {
  if (!p) return 'absent';
  const v = p.verified;
  return JSON.stringify(v ? { kind: v.kind, module: v.module, commit: v.commit, files: v.files.map((f) => [f.path, f.blob]) } : p.identity);
}
