// Runs planned trials in parallel, longest first, and ends every trial's processes if the
// run itself is interrupted.

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { citedExplanations } from '../identity/citations.ts';
import { hostRuntime, type Runtime } from '../identity/runtime.ts';
import type { LoadedCase } from '../model/case.ts';
import { EXIT } from '../model/errors.ts';
import type { LoadedProbe } from '../model/probe.ts';
import type { ProbeEntry, TrialResult } from '../model/report.ts';
import { buildAdapters, buildWorker } from './harness.ts';
import { adapterFile } from './run-trial.ts';
import { plan } from './plan.ts';
import { prepareProbes, type PreparedProbe, type Sources } from './prepare.ts';
import { sweepTrial } from './sweep.ts';
import { runTrial, type TrialContext } from './run-trial.ts';

/** Trials mostly wait on purpose, so more run at once than there are cores. */
export function defaultJobs(): number {
  return Math.max(2, os.availableParallelism() * 2);
}

export interface RunOptions {
  jobs?: number;
  keep?: boolean;
  sources?: Sources;
  /** The Node the workers run on; this process's own by default. */
  runtime?: Runtime;
  /** Called once every probe is verified and materialized, before any trial starts. */
  afterPrepare?: (prepared: PreparedProbe[]) => void;
  onResult?: (r: TrialResult) => void;
}

export interface RunResult {
  probes: ProbeEntry[];
  trials: TrialResult[];
  runtime: Runtime;
}

/** The report's account of a probe: its pin, what was verified, what ran unpinned. */
function probeRecord(p: PreparedProbe, trials: TrialResult[]): ProbeEntry {
  const { name, title, identity } = p.probe.spec;
  if (!p.verified) return { name, title, identity, unavailable: p.unavailable ?? 'not verified' };
  const modules = new Set(trials.filter((t) => t.probe === name).flatMap((t) => t.unverifiedModules ?? []));
  const explanations = citedExplanations(p.probe);
  return { name, title, identity, verified: { ...p.verified, unverifiedModules: [...modules].sort() }, ...(explanations.length ? { explanations } : {}) };
}

export async function runTrials(probes: LoadedProbe[], cases: LoadedCase[], opts: RunOptions = {}): Promise<RunResult> {
  const runtime = opts.runtime ?? hostRuntime();
  const runTag = `childproof-${randomBytes(4).toString('hex')}`;
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), `${runTag}-`));
  let prepared: PreparedProbe[];
  try {
    prepared = prepareProbes(probes, opts.sources ?? { byProbe: {} }, runDir, runtime);
  } catch (err) {
    fs.rmSync(runDir, { recursive: true, force: true });
    throw err;
  }
  opts.afterPrepare?.(prepared);
  const planned = plan(prepared, cases);
  const adapters = buildAdapters(prepared.filter((p) => p.verified && !p.unsupported).map((p) => adapterFile(p.probe)));
  const ctx: TrialContext = { runDir, runTag, worker: buildWorker(), adapters, keep: opts.keep ?? false, live: new Map(), runtime };

  const interrupted = (signal: NodeJS.Signals) => {
    for (const [pid, { dir, tag }] of ctx.live) sweepTrial(dir, tag, pid);
    if (!ctx.keep) fs.rmSync(runDir, { recursive: true, force: true });
    process.stderr.write(`childproof: interrupted by ${signal}; every trial process was ended\n`);
    process.exit(EXIT.interrupted);
  };
  process.on('SIGINT', interrupted);
  process.on('SIGTERM', interrupted);

  const results = new Array<TrialResult>(planned.length);
  let next = 0;
  const lane = async () => {
    while (next < planned.length) {
      const i = next++;
      results[i] = await runTrial(planned[i], ctx);
      opts.onResult?.(results[i]);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, opts.jobs ?? defaultJobs()) }, lane));
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    if (!ctx.keep) fs.rmSync(runDir, { recursive: true, force: true });
  }
  // Report in a stable order: by probe, then by case, whatever order they ran in.
  const order = (r: TrialResult) => `${r.probe}\u0000${r.case}`;
  const trials = results.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  return { probes: prepared.map((p) => probeRecord(p, trials)), trials, runtime };
}
