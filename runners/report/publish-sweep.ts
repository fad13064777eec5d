// A sweep as published under results/sweeps/<probe>/: small enough to clone. Facts and
// outcomes for every version in one compact file; a full report (observations and all)
// only for the versions where some fact took a new value; and a page saying where each
// clause started or stopped holding and where each fact changed, linked to those reports.

import fs from 'node:fs';
import path from 'node:path';
import { CLAUSES } from '../model/case.ts';
import { writeFileWhole, writeJsonWhole } from '../model/files.ts';
import type { Report, TrialResult } from '../model/report.ts';
import { splitByProbe } from './publish.ts';
import { clauseState } from './render.ts';
import { writeReport } from './report-file.ts';
import { rowsOf, spanText, sweepMarkdown, sweepRows, trialIn, versionOf, versionsOf, type SweepRow } from './version-sweep.ts';
import { RUNTIME_KINDS, runtimeKey, runtimeOf, runtimeText } from '../model/runtime-spec.ts';

/** Runs of equal values over the versions, oldest first: `holds in 5.0.0–8.0.1, breaks from 9.0.0`. */
function runsOf(values: Array<{ version: string; value: string }>): string {
  const runs: Array<{ value: string; from: string; to: string }> = [];
  for (const { version, value } of values) {
    const last = runs.at(-1);
    if (last?.value === value) last.to = version;
    else runs.push({ value, from: version, to: version });
  }
  if (runs.length === 1) return `${runs[0].value} in every version`;
  return runs.map((r, i) => `${r.value} ${spanText(r.from, r.to, i === runs.length - 1)}`).join(', ');
}

/** What a sweep's page shows: its columns oldest first, each with its trials. */
interface PageInput {
  heading: string;
  intro: string;
  columns: Array<{ version: string; trials: TrialResult[] }>;
  rows: SweepRow[];
  link: (version: string, kase: string) => string | null;
}

function page({ heading, intro, columns, rows, link }: PageInput): string {
  const out = [
    `# ${heading}`,
    '',
    intro,
    '',
    '## Where each clause holds',
    '',
    '| clause | over the versions |',
    '|---|---|',
    ...CLAUSES.map((c) => `| ${c} | ${runsOf(columns.map((v) => ({ version: v.version, value: clauseState(v.trials, c) === '-' ? 'not covered' : clauseState(v.trials, c) })))} |`),
    '',
    '## Where each fact changed',
    '',
    rows.length ? sweepMarkdown(rows, (r, s) => link(s.from, r.case)) : 'No fact took more than one value.\n',
  ];
  return out.join('\n');
}

/** A link into the report kept for `version`, at the trial of `kase`, where one was kept. */
function linker(files: Map<string, string>, columns: PageInput['columns']): PageInput['link'] {
  return (version, kase) => {
    const file = files.get(version);
    const index = columns.find((v) => v.version === version)?.trials.findIndex((t) => t.case === kase) ?? -1;
    return file && index >= 0 ? `${file}#/trials/${index}` : null;
  };
}

/** sweep.json's trials of one version: each case's outcome and facts, nothing else. */
function compactTrials(trials: TrialResult[]): Record<string, { outcome: string; facts?: TrialResult['facts'] }> {
  return Object.fromEntries(trials.map((t) => [t.case, { outcome: t.outcome, ...(t.facts ? { facts: t.facts } : {}) }]));
}

/** The versions where some fact started a new run of values, and the first. */
function changedAt(columns: PageInput['columns'], rows: SweepRow[]): Set<string | undefined> {
  return new Set([columns[0]?.version, ...rows.flatMap((r) => r.segments.map((s) => s.from))]);
}

/** Writes the sweep of probe `name` into `dir` (results/sweeps/<name>/); returns the files written. */
export function publishSweep(report: Report, name: string, dir: string): string[] {
  const versions = versionsOf(report);
  const rows = sweepRows(report);
  // The versions where some fact started a new run of values, and the first.
  const changed = changedAt(versions, rows);
  const files = new Map<string, string>();
  const written: string[] = [];
  // The directory is the sweep's own: what an earlier sweep left there goes.
  fs.rmSync(dir, { recursive: true, force: true });
  for (const part of splitByProbe(report)) {
    const version = versionOf(report, part.report.probes[0].name);
    if (!version || !changed.has(version)) continue;
    const file = `${version}@${runtimeKey(report.environment)}.json`;
    writeReport(path.join(dir, file), part.report);
    files.set(version, file);
    written.push(file);
  }
  const compact = {
    probe: name,
    tool: report.tool,
    semantics: report.semantics,
    createdAt: report.createdAt,
    environment: report.environment,
    cases: report.cases.map((c) => ({ id: c.id, sha256: c.sha256 })),
    versions: versions.map((v) => ({
      version: v.version,
      ...(files.has(v.version) ? { report: files.get(v.version) } : {}),
      identity: report.probes.find((p) => p.name === v.probe)!.identity,
      trials: compactTrials(v.trials),
    })),
  };
  writeJsonWhole(path.join(dir, 'sweep.json'), compact);
  const intro = `${versions.length} versions, ${versions[0].version} to ${versions.at(-1)!.version}, on ${report.cases.length} cases, ${runtimeText(report.environment)}. Generated by \`childproof sweep --publish\` from one run; every version's facts and outcomes are in [sweep.json](sweep.json), and a full report (with its observations) is kept for each version where a fact took a new value.`;
  writeFileWhole(path.join(dir, 'README.md'), page({ heading: `${name} across its releases`, intro, columns: versions, rows, link: linker(files, versions) }));
  return [...written, 'sweep.json', 'README.md'];
}

/**
 * A sweep over a runtime's releases as published under results/sweeps/<probe>-on-<runtime>/:
 * one run per release, so one report each; the full report kept only for the releases
 * where some fact took a new value, every release's facts and outcomes in sweep.json,
 * and the same page as a package sweep's, over releases.
 */
export function publishRuntimeSweep(runs: Array<{ release: string; report: Report }>, probe: string, dir: string): string[] {
  const first = runs[0].report;
  const title = RUNTIME_KINDS[runtimeOf(first.environment).name].title;
  const columns = runs.map((r) => ({ version: r.release, trials: r.report.trials.filter((t) => t.probe === probe) }));
  const rows = rowsOf(first.cases.map((c) => c.id), runs.map((r) => ({ version: r.release, trial: trialIn(r.report, probe) })));
  const changed = changedAt(columns, rows);
  const files = new Map<string, string>();
  fs.rmSync(dir, { recursive: true, force: true });
  for (const { release, report } of runs) {
    if (!changed.has(release)) continue;
    const file = `${runtimeKey(report.environment)}.json`;
    writeReport(path.join(dir, file), report);
    files.set(release, file);
  }
  const compact = {
    probe,
    tool: first.tool,
    semantics: first.semantics,
    createdAt: first.createdAt,
    cases: first.cases.map((c) => ({ id: c.id, sha256: c.sha256 })),
    releases: runs.map(({ release, report }) => ({
      release,
      environment: report.environment,
      ...(files.has(release) ? { report: files.get(release) } : {}),
      identity: report.probes.find((p) => p.name === probe)!.identity,
      trials: compactTrials(columns.find((c) => c.version === release)!.trials),
    })),
  };
  writeJsonWhole(path.join(dir, 'sweep.json'), compact);
  const intro = `${runs.length} releases of ${title}, ${runs[0].release} to ${runs.at(-1)!.release}, on ${first.cases.length} cases, the case's child on the host's Node whichever runtime calls it. Generated by \`childproof sweep --runtime ${runtimeOf(first.environment).name} --publish\`, one run per release; every release's facts and outcomes are in [sweep.json](sweep.json), and a full report (with its observations) is kept for each release where a fact took a new value.`;
  writeFileWhole(path.join(dir, 'README.md'), page({ heading: `${probe} across ${title}'s releases`, intro, columns, rows, link: linker(files, columns) }));
  return [...files.values(), 'sweep.json', 'README.md'];
}
