// The report's account of a probe: its pin, what was verified, what ran unpinned. Known
// once the probe is prepared, but for the modules its trials loaded, which the report adds
// from the trials (report/build.ts): so a stream's header can carry it before any trial.

import { citedExplanations } from '../identity/citations.ts';
import { probeFiles } from '../identity/own-files.ts';
import type { ReportProbe } from '../model/report-types.ts';
import type { PreparedProbe } from '../identity/prepare-target.ts';
import type { SourceRuntime } from '../identity/runtime-source.ts';

/** `runtime` ran the trials: a citation of its own code is read from its binary. */
export function probeHead(p: PreparedProbe, runtime?: SourceRuntime): ReportProbe {
  const { name, title, identity } = p.probe.spec;
  const files = probeFiles(p.probe);
  // How the library was called, beside what it is: a reader choosing it needs both.
  const described = { ...(Object.keys(p.probe.spec.options ?? {}).length ? { options: p.probe.spec.options } : {}), ...(p.probe.spec.repository ? { repository: p.probe.spec.repository } : {}) };
  if (!p.verified) return { name, title, identity, ...described, files, unavailable: p.unavailable ?? 'not verified' };
  // The base probe's citations name lines of its own version, not of another.
  const explanations = p.probe.atVersion ? [] : citedExplanations(p.probe, false, runtime);
  return { name, title, identity, ...described, verified: { ...p.verified, unverifiedModules: [] }, files, ...(explanations.length ? { explanations } : {}) };
}
