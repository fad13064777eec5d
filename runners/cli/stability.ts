// `childproof stability`: the default suite run several times while CPU hogs keep every
// core busy, and every fact that differs between the runs and is not a known racy
// divergence, written as results/STABILITY.md. The hogs are childproof's own processes,
// not trial processes: they are ended when the runs are, and end themselves if the runner
// dies first.

import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { runTrials } from '../engine/run.ts';
import { runtimeFor } from '../identity/runtime.ts';
import { EXIT } from '../model/errors.ts';
import { writeFileWhole } from '../model/files.ts';
import { loadAllCases, selectCases } from '../model/load-cases.ts';
import { buildReport, environment } from '../report/build.ts';
import { racyIn } from '../report/compare.ts';
import { renderStability, unstable } from '../report/stability.ts';
import { parse, positiveInt, string, strings } from './args.ts';
import { chosenProbes } from './run.ts';
import { checkOutput } from '../model/output.ts';

/** A busy loop that leaves as soon as its parent is gone. */
function startHog(): ChildProcess {
  const script = `const parent = ${process.pid}; for (;;) { for (let i = 0; i < 1e7; i++); if (process.ppid !== parent) process.exit(0); }`;
  return spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
}

export async function cmdStability(args: string[]): Promise<number> {
  const { values } = parse(args, {
    runs: { type: 'string' },
    hogs: { type: 'string' },
    probe: { type: 'string', multiple: true },
    case: { type: 'string', multiple: true },
    node: { type: 'string' },
    out: { type: 'string' },
  });
  const runs = positiveInt(values.runs, 'runs', 3);
  const hogCount = values.hogs === '0' ? 0 : positiveInt(values.hogs, 'hogs', os.availableParallelism());
  const probes = chosenProbes(strings(values.probe));
  const cases = selectCases(loadAllCases(), strings(values.case));
  const runtime = runtimeFor(string(values.node));
  const out = string(values.out);
  if (out !== undefined) checkOutput(out);
  const hogs = Array.from({ length: hogCount }, startHog);
  const reports = [];
  const seconds: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const run = await runTrials(probes, cases, { runtime });
      seconds.push((performance.now() - start) / 1000);
      reports.push(buildReport({ probes: run.probes, cases, trials: run.trials, environment: environment(runtime), createdAt: new Date().toISOString() }));
      process.stderr.write(`childproof: stability run ${i + 1} of ${runs}: ${seconds[i].toFixed(0)} s\n`);
    }
  } finally {
    for (const hog of hogs) hog.kill('SIGKILL');
  }
  const found = unstable(reports, racyIn(probes));
  const text = renderStability(reports, found, { hogs: hogCount, seconds });
  if (out) writeFileWhole(out, text);
  process.stdout.write(text);
  const outcomesAsExpected = reports.every((r) => r.summary.asExpected);
  return found.length === 0 && outcomesAsExpected ? EXIT.ok : EXIT.notAsExpected;
}
