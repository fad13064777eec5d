// The MCP SDK as a server case's client (trigger client-close): the shipped mcp-sdk
// probe's pinned package, verified and copied like any target before it runs. It is the
// client, not the target: a run that needs it prepares it once, beside the run's probes.

import type { Runtime } from '../../identity/runtime.ts';
import type { LoadedCase } from '../../model/case.ts';
import { loadProbes } from '../../model/load-probes.ts';
import type { PreparedProbe } from '../../identity/prepare-target.ts';
import { prepareProbes } from '../prepare.ts';

/** The probe whose package is the client. */
const SDK_PROBE = 'mcp-sdk';

export type SdkClient = { client: string; stdio: string; what: string } | { unavailable: string };

/** The SDK's entry points as file URLs, and what it is; or why it cannot be the client. */
export function sdkClient(prepared: PreparedProbe[], cases: LoadedCase[], runDir: string, runtime: Runtime): SdkClient | null {
  if (!cases.some((c) => c.spec.trigger.kind === 'client-close')) return null;
  // The run's own copy when the SDK is also a target of the run; else one of its own.
  const p = prepared.find((x) => x.probe.spec.name === SDK_PROBE) ?? prepareProbes(loadProbes([SDK_PROBE]), { byProbe: {} }, runDir, runtime)[0];
  const id = p.probe.spec.identity;
  const urls = p.material?.entryUrls;
  if (!urls || typeof urls === 'string' || id.kind !== 'package') return { unavailable: `the MCP SDK could not be made ready as the client: ${p.unavailable ?? p.unsupported ?? 'no copy of it'}` };
  return { client: urls.client, stdio: urls.stdio, what: `${id.name} ${id.version}` };
}
