// Runs planned trials in parallel, longest first, and ends every trial's processes if the
// run itself is interrupted.

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sweepTrial } from './cleanup.ts';
import { EXIT } from './errors.ts';
import { plan } from './plan.ts';
import { runTrial, type TrialContext } from './trial.ts';
import type { LoadedCase, LoadedProbe, TrialResult } from './types.ts';

/** Trials mostly wait on purpose, so more run at once than there are cores. */
export function defaultJobs(): number {
  return Math.max(2, os.availableParallelism() * 2);
}

export interface RunOptions {
  jobs?: number;
  keep?: boolean;
  onResult?: (r: TrialResult) => void;
}

export async function runTrials(probes: LoadedProbe[], cases: LoadedCase[], opts: RunOptions = {}): Promise<TrialResult[]> {
  const planned = plan(probes, cases);
  const runTag = `childproof-${randomBytes(4).toString('hex')}`;
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), `${runTag}-`));
  const ctx: TrialContext = { runDir, runTag, keep: opts.keep ?? false, live: new Map() };

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
  return results.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}
