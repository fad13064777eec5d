// `childproof replay FILE`: run again what a report or a publication describes, and say
// row by row whether it reproduced, where it first diverged, or why it cannot be
// compared.

import type { Sources } from '../engine/prepare.ts';
import { runTrials, type RunResult } from '../engine/run.ts';
import { hostRuntime, type Runtime } from '../identity/runtime.ts';
import type { FactName, FactValue, LoadedCase } from '../model/case.ts';
import type { Expectations } from '../model/expectations.ts';
import { loadAllCases } from '../model/load-cases.ts';
import { loadProbes } from '../model/load-probes.ts';
import type { Report } from '../model/report.ts';
import { identityKey } from './build.ts';
import { compareRow, type RowStatus } from './compare.ts';
import { rejudgeReport } from './rejudge.ts';

export interface ReplayRow {
  label: string;
  case: string;
  probe: string;
  status: RowStatus;
}

export interface Replay {
  title: string;
  /** The probes the rows describe; rows of any other probe are cross-checks. */
  targets: string[];
  rows: ReplayRow[];
  notes: string[];
  /** Set when the target could not run: what to supply. */
  unavailable?: string;
}

interface ReplayOptions {
  sources: Sources;
  probes?: string[];
  jobs?: number;
  runtime?: Runtime;
}

function caseDigests(cases: LoadedCase[]): Map<string, string> {
  return new Map(cases.map((c) => [c.spec.id, c.sha256]));
}

function trialOf(run: RunResult, probe: string, id: string) {
  return run.trials.find((t) => t.probe === probe && t.case === id);
}

export async function replayExpectations(exp: Expectations, opts: ReplayOptions): Promise<Replay> {
  const all = loadAllCases();
  const digests = caseDigests(all);
  const cases = all.filter((c) => exp.rows.some((r) => r.case === c.spec.id));
  const notes: string[] = [];
  const chosen = opts.probes ?? [exp.probe];
  const runtime = opts.runtime ?? hostRuntime();
  let run = await runTrials(loadProbes(chosen), cases, { sources: opts.sources, jobs: opts.jobs, runtime });
  const target = run.probes.find((p) => p.name === exp.probe);
  let unavailable: string | undefined;
  if (!opts.probes && target?.unavailable) {
    unavailable = target.unavailable;
    if (exp.crossCheck?.length) {
      run = await runTrials(loadProbes(exp.crossCheck), cases, { jobs: opts.jobs, runtime });
      notes.push(`${exp.crossCheck.join(' and ')} are other implementations: a row they reproduce shows the case behaves as published for them, not that ${exp.probe} does`);
    }
  }
  if (runtime.version !== exp.publication.runtime) {
    notes.push(`this runtime is node ${runtime.version}; the publication ran node ${exp.publication.runtime} (replay with --node ${exp.publication.runtime.slice(1)})`);
  }
  const rows: ReplayRow[] = [];
  for (const probe of run.probes) {
    if (probe.unavailable) continue;
    for (const row of exp.rows) {
      rows.push({ label: row.label, case: row.case, probe: probe.name, status: compareRow(row, digests.get(row.case), trialOf(run, probe.name, row.case)) });
    }
  }
  return { title: `"${exp.title}"`, targets: [exp.probe], rows, notes, ...(unavailable ? { unavailable } : {}) };
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
  const run = await runTrials(probes, cases, { sources: opts.sources, jobs: opts.jobs, runtime });
  if (report.environment.node !== runtime.version) {
    notes.push(`this runtime is node ${runtime.version}; the report was made with node ${report.environment.node}`);
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
    rows.push({ label: before.case, case: before.case, probe: before.probe, status });
  }
  return { title: `the report of ${report.createdAt}`, targets: probes.map((p) => p.spec.name), rows, notes };
}

function describe(s: RowStatus): string {
  if (s.status === 'reproduced') return 'reproduced';
  if (s.status === 'diverged') return `diverged: ${s.fact} published ${JSON.stringify(s.published)}, observed ${JSON.stringify(s.observed)}`;
  return `not comparable: ${s.why}`;
}

export function renderReplay(r: Replay, replayCommand: string): string {
  const lines = [`Replaying ${r.title}`];
  if (r.unavailable) lines.push(`${r.targets[0]}: unavailable: ${r.unavailable}`);
  for (const probe of [...new Set(r.rows.map((x) => x.probe))]) {
    lines.push(`${probe}${r.targets.includes(probe) ? '' : ' (cross-check)'}:`);
    const width = Math.max(...r.rows.map((x) => x.label.length));
    for (const row of r.rows.filter((x) => x.probe === probe)) lines.push(`  ${row.label.padEnd(width)}  ${describe(row.status)}`);
  }
  for (const n of r.notes) lines.push(`note: ${n}`);
  const count = (s: RowStatus['status']) => r.rows.filter((x) => x.status.status === s).length;
  lines.push(`${count('reproduced')} reproduced, ${count('diverged')} diverged, ${count('not comparable')} not comparable.`);
  if (r.unavailable) lines.push(`To replay ${r.targets[0]} itself, supply its pinned source: ${replayCommand} --source ${r.targets[0]}=PATH`);
  return lines.join('\n');
}

/** A replay fails when the target itself ran and a row diverged; cross-checks only inform. */
export function replayFailed(r: Replay): boolean {
  return r.rows.some((x) => r.targets.includes(x.probe) && x.status.status === 'diverged');
}
