// A probe's target made ready for its trials, in one call: every probe's pinned bytes
// verified (a mismatch stops the run here, before a byte of any probe's code has run),
// then, where the target runs on this runtime, its verified bytes materialized. The engine
// gets plain data back: what was verified, the material to load, or why there is none.

import path from 'node:path';
import type { Entry, LoadedProbe } from '../model/probe.ts';
import type { Verified } from '../model/report-types.ts';
import { pinDependencies, verifyDependencies, type VerifiedDependency } from './dependencies.ts';
import { materialize, type Material } from './materialize.ts';
import type { Runtime } from './runtime.ts';
import { nodeRange, runtimeMismatch, runtimeUnsupported } from './target-fit.ts';
import { prepareIdentity } from './verify-identity.ts';

export interface PreparedProbe {
  probe: LoadedProbe;
  verified?: Omit<Verified, 'unverifiedModules'>;
  material?: Material;
  unavailable?: string;
  /** Set when the runtime that runs the trials is outside the target's supported range. */
  unsupported?: string;
}

/** Verification only: what `childproof verify` runs, and the first half of every run. */
export function verifyTargets(
  probes: LoadedProbe[],
  sourceOf: (probe: LoadedProbe) => string | undefined,
  runtime: Runtime,
): Array<ReturnType<typeof prepareIdentity> & { probe: LoadedProbe; dependencies?: VerifiedDependency[] }> {
  return probes.map((probe) => {
    const v = prepareIdentity(probe, sourceOf(probe), runtime);
    const id = probe.spec.identity;
    if (v.status !== 'verified' || id.kind !== 'package' || !id.dependencies || v.originalRoot === null) return { probe, ...v };
    // Another version's tree is pinned as installed, as its files are (identity/verify-identity.ts).
    if (probe.atVersion) id.dependencies = pinDependencies(v.originalRoot);
    const dependencies = verifyDependencies(probe.spec.name, v.originalRoot, id.dependencies);
    const listed = id.dependencies.map((d) => ({ name: d.name, version: d.version, files: d.paths.length }));
    return { probe, ...v, verified: { ...v.verified, dependencies: listed }, dependencies };
  });
}

/** Every probe verified before any is materialized, so one bad pin stops the run whole;
 *  then each made ready to load below `runDir`, or said why it will not run here. */
export function prepareTargets(probes: LoadedProbe[], sourceOf: (probe: LoadedProbe) => string | undefined, runDir: string, runtime: Runtime): PreparedProbe[] {
  const on = { name: runtime.name, release: runtime.release };
  return verifyTargets(probes, sourceOf, runtime).map((v) => {
    if (v.status === 'unavailable') return { probe: v.probe, unavailable: v.reason };
    const elsewhere = runtimeUnsupported(v.probe, on);
    if (elsewhere) return { probe: v.probe, verified: { ...v.verified, loader: 'not loaded' }, unsupported: elsewhere };
    // Node's release range speaks of Node: Bun and Deno are held to the Node they report.
    const mismatch = runtimeMismatch(nodeRange(v.probe, v.files), runtime.version);
    if (mismatch) return { probe: v.probe, verified: { ...v.verified, loader: 'not loaded' }, unsupported: mismatch };
    if (v.verified.kind === 'builtin') return { probe: v.probe, verified: { ...v.verified, loader: runtime.name === 'node' ? `node ${runtime.version} builtin` : `${runtime.name} ${runtime.release}'s own ${v.verified.module}` } };
    const material = materialize(v.files, entryOf(v.probe), materialDir(v.probe, runDir), v.originalRoot, v.probe.spec.identity.kind === 'package', v.dependencies);
    return { probe: v.probe, verified: { ...v.verified, loader: material.loader }, material };
  });
}

/** A package's copy lives at <private>/node_modules/<name>, where its dependencies can be found. */
function materialDir(probe: LoadedProbe, runDir: string): string {
  const id = probe.spec.identity;
  const base = path.join(runDir, 'material', probe.spec.name);
  return id.kind === 'package' ? path.join(base, 'node_modules', id.installedAs ?? id.name) : base;
}

function entryOf(probe: LoadedProbe): Entry {
  const id = probe.spec.identity;
  if (id.kind === 'builtin') throw new Error('a builtin has no entry file');
  return id.entry;
}
