// Before any trial: verify each probe's identity and materialize its verified bytes.
// A mismatch stops the run here, before a single byte of the probe's code has run.

import path from 'node:path';
import { prepareIdentity } from './identity.ts';
import { materialize, type Material } from './materialize.ts';
import type { LoadedProbe, Verified } from './types.ts';

export interface PreparedProbe {
  probe: LoadedProbe;
  verified?: Omit<Verified, 'unverifiedModules'>;
  material?: Material;
  unavailable?: string;
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

export function sourceFor(sources: Sources, probe: LoadedProbe): string | undefined {
  const needs = probe.spec.identity.kind !== 'builtin' && probe.spec.identity.kind !== 'package';
  return sources.byProbe[probe.spec.name] ?? (needs ? sources.any : undefined);
}

/** Verification only: what `childproof verify` runs, and the first half of every run. */
export function verifyProbes(probes: LoadedProbe[], sources: Sources): Array<ReturnType<typeof prepareIdentity> & { probe: LoadedProbe }> {
  return probes.map((probe) => ({ probe, ...prepareIdentity(probe, sourceFor(sources, probe)) }));
}

export function prepareProbes(probes: LoadedProbe[], sources: Sources, runDir: string): PreparedProbe[] {
  // Every probe is verified before any is materialized, so one bad pin stops the run whole.
  return verifyProbes(probes, sources).map((v) => {
    if (v.status === 'unavailable') return { probe: v.probe, unavailable: v.reason };
    if (v.verified.kind === 'builtin') return { probe: v.probe, verified: { ...v.verified, loader: `node ${process.version} builtin` } };
    const material = materialize(v.files, entryOf(v.probe), path.join(runDir, 'material', v.probe.spec.name), v.originalRoot);
    return { probe: v.probe, verified: { ...v.verified, loader: material.loader }, material };
  });
}

function entryOf(probe: LoadedProbe): string {
  const id = probe.spec.identity;
  if (id.kind === 'builtin') throw new Error('a builtin has no entry file');
  return id.entry;
}
