// The worker's messages: what the runner hands a trial worker (trial.json in the trial
// directory) and what the worker leaves there for the runner (worker.json). The layout
// and the version both carry is protocol/trial-dir.mjs's; the schema they are validated
// against is schemas/trial-dir.schema.json.

import type { CaseSpec } from '../model/case.ts';
import type { WorkerObservations } from '../model/observations.ts';
import type { PROTOCOL } from '../protocol/trial-dir.mjs';

export interface TrialSpec {
  /** protocol/trial-dir.mjs's PROTOCOL. */
  protocol: typeof PROTOCOL;
  /** The trial's private directory: records, events, readiness and markers live here. */
  dir: string;
  /** The trial's mark (os/marks.ts): the worker carries it in its environment, and each
   *  fixture passes it on to its grandchildren, whatever environment it was given. */
  tag: string;
  /** The trial's cgroup, which the worker joins before it loads the target; null without one. */
  cgroup: string | null;
  /** Hard lifetime of every fixture process. */
  capMs: number;
  deadlineMs: number;
  fixture: string;
  /** The Node that runs the fixture: the host's, whatever runtime the worker is on. */
  fixtureNode: string;
  /** The loader hooks that list every module loaded (worker/loader-hooks.mjs). */
  hooks: string;
  /** The adapter as built (what the worker imports), and as written: an error in it is
   *  shown at its source file and line, relative to `adapterBase`. */
  adapterPath: string;
  adapterSource: string;
  adapterBase: string;
  /** The probe's own options, laid over the case's. */
  probeOptions: Record<string, unknown>;
  target: TargetSpec;
  case: CaseSpec;
}

/** Where the worker gets the module it hands the adapter. */
export type TargetSpec =
  | { kind: 'builtin'; module: string }
  | {
      kind: 'material';
      entryUrls: string | Record<string, string>;
      materialUrl: string;
      originalRootUrl: string | null;
      transpiled: Record<string, string>;
      /** importer URL -> specifier -> URL, where the copy's imports resolve as TypeScript resolves them (identity/local-imports.ts). */
      resolved?: Record<string, Record<string, string>>;
      /** The copy cannot be imported without the loader hooks (identity/materialize.ts). */
      needsHooks: boolean;
    };

/** What the worker writes when it is done: what it saw, and every module it loaded. */
export interface WorkerOutput {
  protocol: typeof PROTOCOL;
  observations: WorkerObservations;
  /** File URLs of the modules loaded after the worker's hooks were in place; null where no
   *  way of listing them worked (observations.introspection.modules says why). */
  modules: string[] | null;
}

/** What `verify` hands worker/exports-main.ts. */
export interface ExportsCheckSpec {
  protocol: typeof PROTOCOL;
  adapterPath: string;
  hooks: string;
  target: TargetSpec;
  /** Where the answer is written: stdout is the target's, which may print as it loads. */
  out: string;
}

/** What it answers: the exports the adapter declares, those the target lacks. */
export interface ExportsCheck {
  protocol: typeof PROTOCOL;
  uses: string[];
  missing: string[];
  exports?: string[];
  /** Functions one level into exported objects, as dotted paths (`utils.spawnAsync`). */
  members?: string[];
  /** Each exported function's and member's source, its first 400 characters: its parameters' names. */
  heads?: Record<string, string>;
  error?: string;
}
