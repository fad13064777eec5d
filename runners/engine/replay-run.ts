// `childproof replay FILE`: run again what a report or a publication describes, through
// the one pipeline, and compare each row with what was published (report/compare-observed.ts).

import { hostRuntime, named, type Runtime } from '../identity/runtime.ts';
import type { FactName, FactValue, LoadedCase } from '../model/case.ts';
import type { Expectations } from '../model/expectations.ts';
import { loadAllCases } from '../model/load-cases.ts';
import { loadProbes } from '../model/load-probes.ts';
import type { Report } from '../model/report-types.ts';
import { identityKey } from '../report/build.ts';
import { compareRow, type RowStatus } from '../report/compare-observed.ts';
import { rejudgeReport } from '../report/rejudge.ts';
import type { Replay, ReplayRow } from '../report/replay-words.ts';
import { runPipeline } from './pipeline.ts';
import type { Sources } from './prepare.ts';
import { runtimeFlag, runtimeKey, runtimeText } from '../model/runtime-spec.ts';

interface ReplayOptions {
  sources: Sources;
  probes?: string[];
  jobs?: number;
  runtime?: Runtime;
  /** Aborted: no more trials start, and those running end (engine/run-trials.ts). */
  stop?: AbortSignal;
}

function caseDigests(cases: LoadedCase[]): Map<string, string> {
  return new Map(cases.map((c) => [c.spec.id, c.sha256]));
}

function trialOf(run: Report, probe: string, id: string) {
  return run.trials.find((t) => t.probe === probe && t.case === id);
}

export async function replayExpectations(exp: Expectations, opts: ReplayOptions): Promise<Replay> {
  const all = loadAllCases();
  const digests = caseDigests(all);
  const cases = all.filter((c) => exp.rows.some((r) => r.case === c.spec.id));
  const notes: string[] = [];
  const chosen = opts.probes ?? [exp.probe];
  const runtime = opts.runtime ?? hostRuntime();
  let run = await runPipeline({ probes: loadProbes(chosen), cases, allCases: all, sources: opts.sources, jobs: opts.jobs, runtime, stop: opts.stop });
  const target = run.probes.find((p) => p.name === exp.probe);
  let unavailable: string | undefined;
  if (!opts.probes && target?.unavailable) {
    unavailable = target.unavailable;
    if (exp.crossCheck?.length) {
      run = await runPipeline({ probes: loadProbes(exp.crossCheck), cases, allCases: all, jobs: opts.jobs, runtime, stop: opts.stop });
      notes.push(`${exp.crossCheck.join(' and ')} are other implementations: a row they reproduce shows the case behaves as published for them, not that ${exp.probe} does`);
    }
  }
  if (runtime.name !== 'node' || runtime.version !== exp.publication.runtime) {
    notes.push(`this runtime is ${runtimeText(named(runtime))}; the publication ran node ${exp.publication.runtime} (replay with --node ${exp.publication.runtime.slice(1)})`);
  }
  const rows: ReplayRow[] = [];
  for (const probe of run.probes) {
    if (probe.unavailable) continue;
    for (const row of exp.rows) {
      const trial = trialOf(run, probe.name, row.case);
      rows.push({ label: row.label, case: row.case, probe: probe.name, status: compareRow(row, digests.get(row.case), trial), published: row.facts, ...(trial ? { trial } : {}) });
    }
  }
  const spec = loadProbes([exp.probe])[0]?.spec;
  const source = { ...(spec?.repository ? { repository: spec.repository } : {}), ...(exp.publication.commit ? { commit: exp.publication.commit } : {}) };
  return {
    title: `"${exp.title}"`,
    targets: [exp.probe],
    rows,
    notes,
    ...(unavailable ? { unavailable } : {}),
    source,
    publication: { runtime: `Node ${exp.publication.runtime}`, platform: exp.publication.platform },
    runtime: runtimeText(named(runtime)),
  };
}

export async function replayReport(report: Report, opts: ReplayOptions): Promise<Replay> {
  const all = loadAllCases();
  const digests = caseDigests(all);
  const cases = all.filter((c) => report.cases.some((r) => r.id === c.spec.id));
  const probes = loadProbes(opts.probes ?? report.probes.map((p) => p.name));
  const runtime = opts.runtime ?? hostRuntime();
  // What was stored is read the way this tool reads it now, through the one judging path,
  // so a change in the tool's semantics is not mistaken for a change in the target.
  const rejudged = rejudgeReport(report, all, probes);
  const notes: string[] = [...rejudged.notes];
  for (const t of rejudged.trials) {
    if (t.status === 'differs') notes.push(`${t.probe} ${t.case}: what the report stored (${t.differences.map((d) => d.what).join(', ')}) does not follow from its observations; compared as judged again`);
  }
  const run = await runPipeline({ probes, cases, allCases: all, sources: opts.sources, jobs: opts.jobs, runtime, stop: opts.stop });
  const here = named(runtime);
  if (runtimeKey(report.environment) !== runtimeKey(here)) {
    notes.push(`this runtime is ${runtimeText(here)}; the report was made with ${runtimeText(report.environment)} (replay with ${runtimeFlag(report.environment)})`);
  }
  const rows: ReplayRow[] = [];
  for (const before of rejudged.report.trials) {
    if (!before.facts) continue;
    const then = report.probes.find((p) => p.name === before.probe);
    const now = run.probes.find((p) => p.name === before.probe);
    const sha256 = report.cases.find((c) => c.id === before.case)?.sha256 ?? '';
    let status: RowStatus;
    if (now?.unavailable) status = { status: 'not comparable', why: `probe ${before.probe} is unavailable: ${now.unavailable}` };
    else if (identityKey(then) !== identityKey(now)) status = { status: 'not comparable', why: `probe ${before.probe}'s identity differs from the report's` };
    else status = compareRow({ case: before.case, sha256, facts: before.facts as Record<FactName, FactValue> }, digests.get(before.case), trialOf(run, before.probe, before.case));
    const trial = trialOf(run, before.probe, before.case);
    rows.push({ label: before.case, case: before.case, probe: before.probe, status, published: before.facts as Record<FactName, FactValue>, ...(trial ? { trial } : {}) });
  }
  return { title: `the report of ${report.createdAt}`, targets: probes.map((p) => p.spec.name), rows, notes, publication: { runtime: runtimeText(report.environment), platform: report.environment.platform }, runtime: runtimeText(here) };
}
