// Where a run without --runtime runs each probe: on the host when its target runs there,
// else on the newest release results/ is made on that its `runtimes` and its Node range
// allow (Node first; Bun or Deno for a probe that does not run on Node), installed on
// demand as --runtime installs it. A probe
// that cannot run anywhere here (its source not given) stays on the host, where its trials
// say why. The choice is pure; verifying the probes (to read a package's engines) is not.

import fs from 'node:fs';
import type { Runtime } from '../identity/runtime.ts';
import type { LoadedProbe } from '../model/probe.ts';
import { parseRuntimeSpec, type RuntimeName } from '../model/runtime-spec.ts';
import { verifyTargets } from '../identity/prepare-target.ts';
import { nodeRange, runtimeMismatch, runtimeUnsupported } from '../identity/target-fit.ts';
import { sourceFor, type Sources } from './prepare.ts';

/** The releases results/ is made on, newest first per runtime: one file that the Makefile's
 *  RESULTS_RUNTIMES reads too, so a run's choice and the published results never part. */
const PINNED_RELEASES: Array<{ name: RuntimeName; release: string }> = fs
  .readFileSync(new URL('pinned-runtimes.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => {
    const { name, range } = parseRuntimeSpec(line.trim());
    return { name, release: range! };
  });

/** A group of probes and where they run: null for the host. */
interface RuntimeGroup {
  spec: string | null;
  probes: LoadedProbe[];
  /** Why not on the host, once per group: "needs Node >=22", "runs on bun". */
  why?: string;
}

/** What decides a probe's runtime: the runtimes it declares, and the Node releases its target accepts. */
interface ProbeNeeds {
  probe: LoadedProbe;
  nodeRange: string | null;
  /** Its source was not given: it runs nowhere, and says so on the host. */
  unavailable: boolean;
}

/** Where each probe runs, the host's group first, then the others in PINNED_RELEASES' order. */
export function chooseRuntimes(needs: ProbeNeeds[], host: { name: RuntimeName; release: string; version: string }): RuntimeGroup[] {
  const fits = (n: ProbeNeeds, on: { name: RuntimeName; release: string }, nodeVersion: string | null) =>
    runtimeUnsupported(n.probe, on) === null && (nodeVersion === null || runtimeMismatch(n.nodeRange, nodeVersion) === null);
  const groups: RuntimeGroup[] = [{ spec: null, probes: [] }];
  for (const n of needs) {
    // Bun and Deno report a Node release of their own: their Node range is theirs to judge, there.
    const here = fits(n, host, host.name === 'node' ? host.version : null);
    // Bun or Deno only for a probe that does not run on Node at all: a Node library whose
    // range no pinned Node meets is not moved to another runtime.
    const offNode = runtimeUnsupported(n.probe, { name: 'node', release: PINNED_RELEASES[0].release }) !== null;
    const elsewhere = n.unavailable || here ? undefined : PINNED_RELEASES.find((r) => (r.name === 'node' || offNode) && fits(n, r, r.name === 'node' ? `v${r.release}` : null));
    if (!elsewhere) {
      groups[0].probes.push(n.probe);
      continue;
    }
    const spec = `${elsewhere.name}@${elsewhere.release}`;
    const why = runtimeUnsupported(n.probe, host) ?? runtimeMismatch(n.nodeRange, host.version) ?? '';
    const group = groups.find((g) => g.spec === spec);
    if (group) group.probes.push(n.probe);
    else groups.push({ spec, probes: [n.probe], why: why.replace(/ \(the trials run on .*$/, '') });
  }
  return groups.filter((g) => g.probes.length > 0);
}

/** Each probe verified on the host once, for what its package's engines say. */
export function probeNeeds(probes: LoadedProbe[], sources: Sources, host: Runtime): ProbeNeeds[] {
  return verifyTargets(probes, (p) => sourceFor(sources, p), host).map((v) => ({
    probe: v.probe,
    nodeRange: v.status === 'verified' ? nodeRange(v.probe, v.files) : null,
    unavailable: v.status !== 'verified',
  }));
}
