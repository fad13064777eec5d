// make bench: how close the parallel runner gets to its floor. The field-note suite runs
// against the reference with the default number of jobs, then its longest trial runs
// alone, in the same process, one after the other; the ratio of the two wall times is
// the claim. 1.0 would mean the whole suite costs no more than its slowest trial.

import { performance } from 'node:perf_hooks';
import { estimateMs } from '../runners/engine/plan.ts';
import { defaultJobs, runTrials } from '../runners/engine/run.ts';
import { loadAllCases } from '../runners/model/load-cases.ts';
import { loadProbes } from '../runners/model/load-probes.ts';

const cases = loadAllCases().filter((c) => c.spec.id.startsWith('field-notes/abort-before-process-exit/'));
const probes = loadProbes(['reference']);
const longest = [...cases].sort((a, b) => estimateMs(b.spec) - estimateMs(a.spec))[0];

async function timed(label: string, run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  const ms = performance.now() - start;
  process.stdout.write(`${label.padEnd(58)} ${(ms / 1000).toFixed(2)} s\n`);
  return ms;
}

const suite = await timed(`field-note suite: ${cases.length} trials, ${defaultJobs()} jobs`, () => runTrials(probes, cases));
const single = await timed(`longest trial alone: ${longest.spec.id.split('/').pop()}`, () => runTrials(probes, [longest]));
process.stdout.write(`ratio suite / longest trial: ${(suite / single).toFixed(2)}\n`);
