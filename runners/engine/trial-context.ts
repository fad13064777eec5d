// What every trial of a run shares: the run's directory, tag and cgroup, the built worker,
// fixture and adapters, the live trials an interrupted run must end, the runtime. Both
// kinds of trial take it, so it lives apart from either.

import type { Runtime } from '../identity/runtime.ts';
import type { buildAdapters } from './bundle.ts';
import type { SdkClient } from './kinds/server-sdk.ts';

export interface TrialContext {
  runDir: string;
  /** The built worker and fixture, and each probe's adapter as the worker imports it. */
  worker: string;
  fixture: string;
  adapters: ReturnType<typeof buildAdapters>;
  runTag: string;
  /** The run's cgroup, where the kernel gave one: each trial gets its own below it. */
  cgroup: string | null;
  keep: boolean;
  /** Worker process groups still running, so an interrupted run can end them. */
  /** Each live trial by the leader of its process group; `spare`: the leader is the trial's
   *  subreaper, which ends what is below it, and is not to be killed with the rest. */
  live: Map<number, { dir: string; mark: string; spare?: boolean }>;
  runtime: Runtime;
  /** Set when the run was asked to stop: no trial is retried, no caller watched after. */
  stopped: boolean;
  /** The MCP SDK as a server's client, for client-close cases (engine/kinds/server-sdk.ts). */
  sdk?: SdkClient | null;
}
