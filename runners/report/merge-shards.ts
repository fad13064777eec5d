// `childproof merge`: shard reports (or their streams) joined into the one report an
// unsharded run would have written. Pure: the inputs are read by the caller. Joining is
// refused where the parts are not slices of one run: other cases or probes, another
// runtime or semantics, the same trial twice, or a slice missing.

import { isDeepStrictEqual } from 'node:util';
import type { ReportProbe, Report } from '../model/report-types.ts';
import { completeReport, identityKey } from './build.ts';
import { runtimeKey } from '../model/runtime-spec.ts';

export interface Part {
  file: string;
  report: Report;
}

/** The probe as one run would record it: verified modules are unioned from the trials. */
function withoutModules(p: ReportProbe): ReportProbe {
  return p.verified ? { ...p, verified: { ...p.verified, unverifiedModules: [] } } : p;
}

export function mergeReports(parts: Part[]): { report: Report } | { problems: string[] } {
  const problems: string[] = [];
  const [first] = parts;
  const same = (what: string, pick: (r: Report) => unknown) => {
    for (const p of parts.slice(1)) {
      if (!isDeepStrictEqual(pick(p.report), pick(first.report))) problems.push(`${p.file} and ${first.file} differ in their ${what}: these are not slices of one run`);
    }
  };
  same('semantics', (r) => r.semantics);
  same('runtime', (r) => [runtimeKey(r.environment), r.environment.platform, r.environment.arch]);
  same('cases', (r) => r.cases);
  same('probes', (r) => r.probes.map((p) => [p.name, identityKey(p), p.unavailable ?? null]));
  same('--repeat', (r) => r.repeat ?? 1);
  same('shard count', (r) => r.shard?.count ?? null);

  const count = first.report.shard?.count;
  if (count) {
    const have = new Map<number, string>();
    for (const p of parts) {
      const i = p.report.shard?.index;
      if (i === undefined) continue;
      if (have.has(i)) problems.push(`${p.file}: shard ${i}/${count} is also ${have.get(i)}`);
      have.set(i, p.file);
    }
    const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !have.has(i));
    if (missing.length) problems.push(`shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')} missing: merge every slice of the run`);
  }
  const seen = new Map<string, string>();
  for (const p of parts) {
    for (const t of p.report.trials) {
      const key = `${t.probe} ${t.case}`;
      if (seen.has(key)) problems.push(`${p.file}: trial ${key} is also in ${seen.get(key)}`);
      seen.set(key, p.file);
    }
    if (p.report.interrupted) problems.push(`${p.file}: the run was interrupted (${p.report.interrupted.by}): ${p.report.interrupted.finished} of ${p.report.interrupted.planned} trials finished; run that slice again`);
  }
  if (problems.length) return { problems };

  // The shards' trials were left uncontrolled: the merged run, no shard, is controlled whole.
  const { shard: _shard, interrupted: _interrupted, trials: _trials, summary: _summary, ...rest } = first.report;
  const createdAt = parts.map((p) => p.report.createdAt).sort()[0];
  const header = { ...rest, createdAt, probes: first.report.probes.map(withoutModules) };
  return { report: completeReport(header, parts.flatMap((p) => p.report.trials)) };
}
