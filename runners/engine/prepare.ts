// Before any trial: verify each probe's identity and materialize its verified bytes.
// A mismatch stops the run here, before a single byte of the probe's code has run.

import path from 'node:path';
import semver from 'semver';
import { pinDependencies, verifyDependencies, type VerifiedDependency } from '../identity/dependencies.ts';
import { materialize, type Material } from '../identity/materialize.ts';
import type { Runtime } from '../identity/runtime.ts';
import { runsElsewhere, specCovers, type RuntimeName } from '../model/runtime-spec.ts';
import type { VerifiedFile } from '../identity/pinned-bytes.ts';
import { prepareIdentity } from '../identity/verify-identity.ts';
import type { Entry, LoadedProbe } from '../model/probe.ts';
import type { Verified } from '../model/report-types.ts';

export interface PreparedProbe {
  probe: LoadedProbe;
  verified?: Omit<Verified, 'unverifiedModules'>;
  material?: Material;
  unavailable?: string;
  /** Set when the runtime that runs the trials is outside the target's supported range. */
  unsupported?: string;
}

/** The Node releases a probe's target runs on: its own declaration, or its package's engines. */
export function nodeRange(probe: LoadedProbe, files: VerifiedFile[]): string | null {
  if (probe.spec.node) return probe.spec.node;
  if (probe.spec.identity.kind !== 'package') return null;
  const manifest = files.find((f) => f.path === 'package.json');
  if (!manifest) return null;
  const engines = (JSON.parse(manifest.bytes.toString('utf8')) as { engines?: { node?: string } }).engines;
  return engines?.node ?? null;
}

/** Why a probe does not run on this runtime (its `runtimes` leave it out), or null. */
export function runtimeUnsupported(probe: LoadedProbe, on: { name: RuntimeName; release: string }): string | null {
  const id = probe.spec.identity;
  // Bun's and Deno's own namespaces exist on their runtime alone, declared or not.
  const own = id.kind === 'builtin' && !id.module.startsWith('node:') ? [id.module.toLowerCase()] : undefined;
  const declared = probe.spec.runtimes ?? own;
  return !declared || declared.some((s) => specCovers(s, on)) ? null : runsElsewhere(declared, on);
}

/** The probe with its `byRuntime` options for this runtime laid over its own. */
export function withRuntimeOptions(probe: LoadedProbe, on: { name: RuntimeName; release: string }): LoadedProbe {
  const hits = (probe.spec.byRuntime ?? []).filter((b) => specCovers(b.runtime, on));
  if (!hits.length) return probe;
  return { ...probe, spec: { ...probe.spec, options: Object.assign({}, probe.spec.options, ...hits.map((b) => b.options)) } };
}

export function runtimeMismatch(range: string | null, version: string): string | null {
  if (range === null || semver.satisfies(version, range)) return null;
  const min = semver.minVersion(range);
  return `needs Node ${range} (the trials run on ${version})${min ? `: run with --node ${min.major}` : ''}`;
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

function sourceFor(sources: Sources, probe: LoadedProbe): string | undefined {
  const needs = probe.spec.identity.kind !== 'builtin' && probe.spec.identity.kind !== 'package';
  return sources.byProbe[probe.spec.name] ?? (needs ? sources.any : undefined);
}

/** Verification only: what `childproof verify` runs, and the first half of every run. */
export function verifyProbes(
  probes: LoadedProbe[],
  sources: Sources,
  runtime: Runtime,
): Array<ReturnType<typeof prepareIdentity> & { probe: LoadedProbe; dependencies?: VerifiedDependency[] }> {
  return probes.map((probe) => {
    const v = prepareIdentity(probe, sourceFor(sources, probe), runtime);
    const id = probe.spec.identity;
    if (v.status !== 'verified' || id.kind !== 'package' || !id.dependencies || v.originalRoot === null) return { probe, ...v };
    // Another version's tree is pinned as installed, as its files are (identity/verify-identity.ts).
    if (probe.atVersion) id.dependencies = pinDependencies(v.originalRoot);
    const dependencies = verifyDependencies(probe.spec.name, v.originalRoot, id.dependencies);
    const listed = id.dependencies.map((d) => ({ name: d.name, version: d.version, files: d.paths.length }));
    return { probe, ...v, verified: { ...v.verified, dependencies: listed }, dependencies };
  });
}

export function prepareProbes(probes: LoadedProbe[], sources: Sources, runDir: string, runtime: Runtime): PreparedProbe[] {
  // Every probe is verified before any is materialized, so one bad pin stops the run whole.
  const on = { name: runtime.name, release: runtime.release };
  return verifyProbes(probes, sources, runtime).map((verified) => {
    const v = { ...verified, probe: withRuntimeOptions(verified.probe, on) };
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
