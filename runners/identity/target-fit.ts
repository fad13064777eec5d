// Whether a probe's target runs where the trials would run it: the runtimes its probe
// declares (or its own namespace's), and the Node releases its package's engines ask for.

import semver from 'semver';
import { runsElsewhere, specCovers, type RuntimeName } from '../model/runtime-spec.ts';
import type { LoadedProbe } from '../model/probe.ts';
import type { VerifiedFile } from './pinned-bytes.ts';

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

export function runtimeMismatch(range: string | null, version: string): string | null {
  if (range === null || semver.satisfies(version, range)) return null;
  const min = semver.minVersion(range);
  return `needs Node ${range} (the trials run on ${version})${min ? `: run with --node ${min.major}` : ''}`;
}
