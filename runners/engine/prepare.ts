// Before any trial: each probe as this runtime runs it (its `byRuntime` options) and the
// source the user gave it, handed to identity/ in one call (identity/prepare-target.ts),
// which verifies every pin and materializes the verified bytes.

import path from 'node:path';
import { prepareTargets, type PreparedProbe } from '../identity/prepare-target.ts';
import type { Runtime } from '../identity/runtime.ts';
import { specCovers, type RuntimeName } from '../model/runtime-spec.ts';
import type { LoadedProbe } from '../model/probe.ts';

/** The probe with its `byRuntime` options for this runtime laid over its own. */
export function withRuntimeOptions(probe: LoadedProbe, on: { name: RuntimeName; release: string }): LoadedProbe {
  const hits = (probe.spec.byRuntime ?? []).filter((b) => specCovers(b.runtime, on));
  if (!hits.length) return probe;
  return { ...probe, spec: { ...probe.spec, options: Object.assign({}, probe.spec.options, ...hits.map((b) => b.options)) } };
}

/** --source values: `NAME=PATH` for one probe, or a bare PATH for any probe that needs one. */
export interface Sources {
  byProbe: Record<string, string>;
  any?: string;
}

export function parseSources(values: string[], probeNames: string[]): Sources {
  const sources: Sources = { byProbe: {} };
  for (const v of values) {
    const m = /^([a-z0-9][a-z0-9-]*)=(.+)$/.exec(v);
    if (m && probeNames.includes(m[1])) sources.byProbe[m[1]] = path.resolve(m[2]);
    else sources.any = path.resolve(v);
  }
  return sources;
}

/** The source given for a probe: by its name, or a bare PATH for any probe that needs one. */
export function sourceFor(sources: Sources, probe: LoadedProbe): string | undefined {
  const needs = probe.spec.identity.kind !== 'builtin' && probe.spec.identity.kind !== 'package';
  return sources.byProbe[probe.spec.name] ?? (needs ? sources.any : undefined);
}

export function prepareProbes(probes: LoadedProbe[], sources: Sources, runDir: string, runtime: Runtime): PreparedProbe[] {
  const on = { name: runtime.name, release: runtime.release };
  return prepareTargets(probes.map((p) => withRuntimeOptions(p, on)), (p) => sourceFor(sources, p), runDir, runtime);
}
