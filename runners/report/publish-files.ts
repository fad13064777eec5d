// `childproof publish REPORT --dir results`: one report per probe and version, and a
// findings table generated from those files alone, so the table can always be checked
// against the reports it claims to summarize.

import fs from 'node:fs';
import path from 'node:path';
import type { ReportProbe, Report } from '../model/report-types.ts';
import { summarize } from './build.ts';
import { readReport } from './report-file.ts';
import { runtimeKey, saysRunsElsewhere, type RuntimeNamed } from '../model/runtime-spec.ts';

/** The version a probe's results are filed under: the package's, the runtime's, the pin's. */
export function probeVersion(p: ReportProbe, runtime: RuntimeNamed): string {
  const id = p.identity;
  if (id.kind === 'package') return id.version;
  if (id.kind === 'builtin') return runtime.runtime && runtime.runtime.name !== 'node' ? runtimeKey(runtime) : runtime.node;
  if (id.kind === 'git') return id.commit.slice(0, 12);
  return id.paths[0]?.blob.slice(0, 12) ?? 'unpinned';
}

/**
 * Whether the report's runtime is one the probe does not run on at all (Bun.spawn on
 * Node): every trial unsupported, for that reason or another, so nothing of it was tried there.
 */
export function notForRuntime(report: Report, probe: string): boolean {
  const trials = report.trials.filter((t) => t.probe === probe);
  return trials.every((t) => t.outcome === 'unsupported') && trials.some((t) => saysRunsElsewhere(t.reason));
}

export function splitByProbe(report: Report): Array<{ file: string; report: Report }> {
  return report.probes.map((p) => {
    const trials = report.trials.filter((t) => t.probe === p.name);
    const cases = report.cases.filter((c) => trials.some((t) => t.case === c.id));
    // A probe's file speaks for its own trials: another probe's surprise is not its own.
    const own: Report = { ...report, probes: [p], cases, trials, summary: summarize(trials, report.interrupted) };
    // One file per probe, version and runtime: the same library behaves differently on
    // different Node, Bun and Deno releases, and the matrix keeps them side by side.
    return { file: path.join(p.name, `${probeVersion(p, report.environment)}@${runtimeKey(report.environment)}.json`), report: own };
  });
}

export function readPublished(dir: string): Array<{ file: string; report: Report }> {
  const out: Array<{ file: string; report: Report }> = [];
  if (!fs.existsSync(dir)) return out;
  for (const probe of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!probe.isDirectory()) continue;
    for (const f of fs.readdirSync(path.join(dir, probe.name))) {
      if (f.endsWith('.json')) out.push({ file: `${probe.name}/${f}`, report: readReport(path.join(dir, probe.name, f)) });
    }
  }
  return out;
}
