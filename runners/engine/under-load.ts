// The same suite run several times in turn while CPU hogs keep every core busy: what
// `stability` compares. The hogs are childproof's own processes, not trial processes:
// they are ended when the runs are, and end themselves if the runner dies first.

import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { Report } from '../model/report-types.ts';
import { end } from '../os/ender.ts';
import { runPipeline, type PipelineRequest } from './pipeline.ts';

/** A busy loop that leaves as soon as its parent is gone. */
function startHog(): ChildProcess {
  const script = `const parent = ${process.pid}; for (;;) { for (let i = 0; i < 1e7; i++); if (process.ppid !== parent) process.exit(0); }`;
  return spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
}

export async function runsUnderLoad(
  request: PipelineRequest,
  runs: number,
  hogCount: number,
  onRun: (index: number, seconds: number) => void = () => {},
): Promise<{ reports: Report[]; seconds: number[] }> {
  const hogs = Array.from({ length: hogCount }, startHog);
  const reports: Report[] = [];
  const seconds: number[] = [];
  try {
    // A run stopped by request.stop is not one of the runs: it is dropped, and none follows.
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const report = await runPipeline(request);
      if (report.interrupted) break;
      reports.push(report);
      seconds.push((performance.now() - start) / 1000);
      onRun(i, seconds[i]);
    }
  } finally {
    for (const hog of hogs) end({ proof: { by: 'child', child: hog }, reason: 'hog-done' });
  }
  return { reports, seconds };
}
