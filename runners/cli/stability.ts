// `childproof stability`: the default suite run several times while CPU hogs keep every
// core busy (engine/under-load.ts), and every fact that differs between the runs and is
// not a known racy divergence, written as results/STABILITY.md.

import os from 'node:os';
import { runsUnderLoad } from '../engine/under-load.ts';
import { runtimeFromFlags } from '../identity/runtime.ts';
import { EXIT } from '../model/errors.ts';
import { writeFileWhole } from '../model/files.ts';
import { checkOutput } from '../model/output.ts';
import { select } from '../model/selection.ts';
import { racyIn } from '../report/compare.ts';
import { renderStability, unstable } from '../report/stability.ts';
import { parse, positiveInt, string, strings } from './args.ts';

export async function cmdStability(args: string[]): Promise<number> {
  const { values } = parse(args, {
    runs: { type: 'string' },
    hogs: { type: 'string' },
    probe: { type: 'string', multiple: true },
    case: { type: 'string', multiple: true },
    node: { type: 'string' }, runtime: { type: 'string' },
    out: { type: 'string' },
  });
  const runs = positiveInt(values.runs, 'runs', 3);
  const hogCount = values.hogs === '0' ? 0 : positiveInt(values.hogs, 'hogs', os.availableParallelism());
  const { probes, cases } = select(strings(values.probe), strings(values.case));
  const runtime = runtimeFromFlags(values);
  const out = string(values.out);
  if (out !== undefined) checkOutput(out);
  const { reports, seconds } = await runsUnderLoad({ probes, cases, runtime }, runs, hogCount, (i, s) =>
    process.stderr.write(`childproof: stability run ${i + 1} of ${runs}: ${s.toFixed(0)} s\n`),
  );
  const found = unstable(reports, racyIn(probes, cases));
  const text = renderStability(reports, found, { hogs: hogCount, seconds });
  if (out) writeFileWhole(out, text);
  process.stdout.write(text);
  const outcomesAsExpected = reports.every((r) => r.summary.asExpected);
  return found.length === 0 && outcomesAsExpected ? EXIT.ok : EXIT.notAsExpected;
}
