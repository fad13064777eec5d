// A sweep: one probe over many versions, of its package or of the runtime it runs on, in
// one shape. A package's versions run side by side in one run (one report, a probe per
// version, NAME@VERSION); a runtime's releases one run each (a run has one runtime), each
// report in the sweep's directory. Either way the result is the versions, each one's report
// and options, and per case and fact the versions over which each value held. `bisect`
// instead finds the first version where one fact changed. The command line parses and prints.

import os from 'node:os';
import path from 'node:path';
import type { FactName, LoadedCase } from '../model/case.ts';
import { loadProbes } from '../model/load-probes.ts';
import type { LoadedProbe } from '../model/probe.ts';
import type { Report } from '../model/report-types.ts';
import { RUNTIME_KINDS, runtimeKey, type RuntimeName } from '../model/runtime-spec.ts';
import { named, runtimeFor, type Runtime } from '../identity/runtime.ts';
import { installTargets } from '../identity/install.ts';
import type { SweptValue } from '../judge/same-fact.ts';
import { rowsOf, trialIn, versionsOf, type SweepRow } from '../report/version-sweep.ts';
import { probeOptions, type VersionOptions } from '../report/sweep-options.ts';
import { bisectFact, type BisectResult } from './bisect.ts';
import type { RunEvent } from './events.ts';
import { runPipeline } from './pipeline.ts';

/** What is swept: a package probe's published versions, or a runtime's releases under one probe. */
type SweepAxis = { kind: 'package'; versions: string[]; runtime: Runtime } | { kind: 'runtime'; runtime: RuntimeName; versions: string[] };

interface SweepRequest {
  probe: string;
  axis: SweepAxis;
  cases: LoadedCase[];
  /** A package sweep's report file; a runtime sweep's directory of reports. */
  out: string;
  jobs?: number;
  stop?: AbortSignal;
}

interface SweepResult {
  versions: string[];
  /** Each version's report, as a file beside `out` names it: one report for all of a package's. */
  runs: Array<{ version: string; report: Report; file: string }>;
  options: VersionOptions[];
  rows: SweepRow[];
  /** Set when the sweep was stopped: the version it stopped in. */
  interrupted?: { version: string | null; finished: number; planned: number };
}

/** The probes and runtime one version of the axis runs with; `base` is the probe as loaded. */
function at(request: Omit<SweepRequest, 'out'>, base: LoadedProbe): (version: string) => { probes: LoadedProbe[]; runtime: Runtime } {
  const { axis, probe } = request;
  if (axis.kind === 'package') return (v) => ({ probes: loadProbes([`${probe}@${v}`]), runtime: axis.runtime });
  return (v) => ({ probes: [base], runtime: runtimeFor(`${axis.runtime}@${v}`) });
}

export async function runSweep(request: SweepRequest, on: (e: RunEvent) => void = () => {}): Promise<SweepResult> {
  const { axis, cases, jobs, stop } = request;
  const versions = axis.versions;
  const [base] = loadProbes([request.probe]);
  const versionAt = at(request, base);
  if (axis.kind === 'package') {
    // Every version's install at once, a few at a time, rather than one by one as each is verified.
    const id = base.spec.identity;
    if (id.kind === 'package') await installTargets(id.name, versions, request.probe, os.availableParallelism() * 2);
    const probes = versions.flatMap((v) => versionAt(v).probes);
    const report = await runPipeline({ probes, cases, runtime: axis.runtime, jobs, out: request.out, stop }, on);
    const file = path.basename(request.out);
    const swept = versionsOf(report);
    return {
      versions,
      runs: swept.map((v) => ({ version: v.version, report, file })),
      options: swept.map((v) => ({ version: v.version, options: probeOptions(report, v.probe) })),
      rows: rowsOf(report.cases.map((c) => c.id), swept.map(({ probe, version }) => ({ version, trial: trialIn(report, probe) }))),
      ...(report.interrupted ? { interrupted: { version: null, finished: report.interrupted.finished, planned: report.interrupted.planned } } : {}),
    };
  }
  const runs: SweepResult['runs'] = [];
  const name = base.spec.name;
  for (const v of versions) {
    const { probes, runtime } = versionAt(v);
    const file = `${runtimeKey(named(runtime))}.json`;
    on({ kind: 'notice', line: `${name} on ${RUNTIME_KINDS[axis.runtime].title} ${v}` });
    const report = await runPipeline({ probes, cases, runtime, jobs, out: path.join(request.out, file), stop }, on);
    if (report.interrupted) return { versions, runs, options: [], rows: [], interrupted: { version: v, finished: report.interrupted.finished, planned: report.interrupted.planned } };
    runs.push({ version: v, report, file });
  }
  return {
    versions,
    runs,
    options: runs.map(({ version, report }) => ({ version, options: probeOptions(report, name) })),
    rows: rowsOf(cases.map((c) => c.spec.id), runs.map(({ version, report, file }) => ({ version, trial: trialIn(report, name, `${file}#`) }))),
  };
}

/** The first version of the axis where `fact` of the one case changed, each version run as a sweep runs it. */
export function bisectSweep(request: Omit<SweepRequest, 'out'> & { fact: FactName }, onVersion: (version: string, value: SweptValue['value']) => void): Promise<BisectResult<SweptValue>> {
  const versionAt = at(request, loadProbes([request.probe])[0]);
  return bisectFact({ at: versionAt, fact: request.fact, versions: request.axis.versions, cases: request.cases, runtime: versionAt(request.axis.versions[0]).runtime, jobs: request.jobs, stop: request.stop }, onVersion);
}
