// `childproof run`: every chosen case against every chosen probe, on real processes.

import { parseSources } from '../engine/prepare.ts';
import { defaultJobs, runTrials } from '../engine/run.ts';
import { runtimeFor } from '../identity/runtime.ts';
import { EXIT, InputError } from '../model/errors.ts';
import { lintProbe } from '../model/lint.ts';
import { loadAllCases, selectCases } from '../model/load-cases.ts';
import { builtinProbeNames, loadProbes } from '../model/load-probes.ts';
import type { LoadedProbe } from '../model/probe.ts';
import { buildReport, environment } from '../report/build.ts';
import { writeReport } from '../report/report-file.ts';
import { renderTable } from '../report/render.ts';
import { parse, positiveInt, string, strings } from './args.ts';

/** The probes named (or found in the directories given); every built-in one by default. */
export function chosenProbes(names: string[]): LoadedProbe[] {
  return loadProbes(names.length ? names : builtinProbeNames());
}

export async function cmdRun(args: string[]): Promise<number> {
  const { values } = parse(args, {
    probe: { type: 'string', multiple: true },
    case: { type: 'string', multiple: true },
    source: { type: 'string', multiple: true },
    node: { type: 'string' },
    out: { type: 'string' },
    jobs: { type: 'string' },
    keep: { type: 'boolean' },
  });
  const jobs = positiveInt(values.jobs, 'jobs', defaultJobs());
  const allCases = loadAllCases();
  const cases = selectCases(allCases, strings(values.case));
  const probes = chosenProbes(strings(values.probe));
  const lint = probes.flatMap((p) => lintProbe(p, [...new Set([...allCases, ...cases])]));
  if (lint.length) throw new InputError(lint);
  const sources = parseSources(strings(values.source), probes.map((p) => p.spec.name));

  const runtime = runtimeFor(string(values.node));
  const run = await runTrials(probes, cases, { jobs, keep: values.keep === true, sources, runtime });
  const report = buildReport({ probes: run.probes, cases, trials: run.trials, environment: environment(runtime), createdAt: new Date().toISOString() });
  const out = string(values.out);
  if (out) writeReport(out, report);
  process.stdout.write(`${renderTable(report)}\n`);
  if (out) process.stdout.write(`Report: ${out}\n`);
  return report.summary.asExpected ? EXIT.ok : EXIT.notAsExpected;
}
