// `childproof stability`: the default suite run several times on each runtime asked for
// while CPU hogs keep every core busy (engine/under-load.ts): every fact that differs
// between the runs and is not a known racy divergence, and every fact that differs
// between releases of one runtime, told a race from a difference; results/STABILITY.md.

import os from 'node:os';
import { runsUnderLoad } from '../engine/under-load.ts';
import { runtimeFor, runtimeFromFlags } from '../identity/runtime.ts';
import { EXIT, InputError } from '../model/errors.ts';
import { writeFileWhole } from '../model/files.ts';
import { checkOutput } from '../model/output.ts';
import { select } from '../model/selection.ts';
import { racyIn } from '../report/compare-observed.ts';
import { acrossReleases, renderStability, unstable, type Series } from '../report/stability-evidence.ts';
import { parse, positiveInt, string, strings } from './args.ts';
import { stopped, stoppedExit, stopSignal } from './stop.ts';

export async function cmdStability(args: string[]): Promise<number> {
  const { values } = parse(args, {
    runs: { type: 'string' },
    hogs: { type: 'string' },
    probe: { type: 'string', multiple: true },
    case: { type: 'string', multiple: true },
    node: { type: 'string' }, runtime: { type: 'string', multiple: true },
    out: { type: 'string' },
  });
  const runs = positiveInt(values.runs, 'runs', 3);
  const hogCount = values.hogs === '0' ? 0 : positiveInt(values.hogs, 'hogs', os.availableParallelism());
  const { probes, cases } = select(strings(values.probe), strings(values.case));
  // Each runtime resolved (and installed) before any run, so a bad spec costs no runs.
  const asked = strings(values.runtime);
  if (asked.length > 1 && values.node !== undefined) throw new InputError(['give --runtime or --node, not both (--node V is --runtime node@V)']);
  const runtimes = asked.length > 1 ? asked.map((r) => runtimeFor(r)) : [runtimeFromFlags({ node: values.node, runtime: asked[0] })];
  const out = string(values.out);
  if (out !== undefined) checkOutput(out);
  const racy = racyIn(probes, cases);
  const series: Series[] = [];
  for (const runtime of runtimes) {
    const label = runtime.name === 'node' ? `node ${runtime.release}` : `${runtime.name} ${runtime.release}`;
    series.push(
      await runsUnderLoad({ probes, cases, runtime, stop: stopSignal() }, runs, hogCount, (i, s) => process.stderr.write(`childproof: stability on ${label}, run ${i + 1} of ${runs}: ${s.toFixed(0)} s\n`)),
    );
    if (stoppedExit() !== null) break;
  }
  if (stoppedExit() !== null) return stopped(`${series.flatMap((s) => s.reports).length} run(s) finished; nothing compared${out ? ` and nothing written to ${out}` : ''}`);
  const found = series.map((s) => unstable(s.reports, racy));
  const across = acrossReleases(series, racy);
  const text = renderStability(series, found, across, hogCount);
  if (out) writeFileWhole(out, text);
  process.stdout.write(text);
  const reports = series.flatMap((s) => s.reports);
  const outcomesAsExpected = reports.every((r) => r.summary.asExpected);
  const races = across.filter((d) => d.reads === 'race');
  return found.every((f) => f.length === 0) && races.length === 0 && outcomesAsExpected ? EXIT.ok : EXIT.notAsExpected;
}
