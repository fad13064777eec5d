// Runs planned trials, longest first, as many at once as the scheduler allows. The run
// owns a directory and a supervisor: if the runner is killed outright, the supervisor
// ends what the run left. Asked to stop (a signal, say), it starts nothing more, ends
// every trial still going, and returns the trials that finished.

import { removeAbandonedInstalls } from '../identity/install.ts';
import { named, type Runtime } from '../identity/runtime.ts';
import { combineRepeats } from '../judge/repeats.ts';
import type { LoadedCase } from '../model/case.ts';
import type { LoadedProbe } from '../model/probe.ts';
import type { ReportProbe, TrialResult } from '../model/report-types.ts';
import type { ReportHeader } from '../report/build.ts';
import type { RunEvent } from './events.ts';
import { end } from '../os/ender.ts';
import { buildAdapters, buildFixture, buildSupervisor, buildWorker } from './bundle.ts';
import { sdkClient } from './kinds/server-sdk.ts';
import { plan, type Durations, type PlannedTrial } from './plan.ts';
import { prepareProbes, type Sources } from './prepare.ts';
import { fetchTargets } from '../identity/fetch-targets.ts';
import { probeHead } from './probe-record.ts';
import { cleanStaleRuns, createRunDir, describeStale, endRunDir } from '../os/run-dir.ts';
import { adapterFile } from './adapter-target.ts';
import { runTrial } from './run-trial.ts';
import type { TrialContext } from './trial-context.ts';
import { defaultLimits, jobLimits, schedule, type Limits } from './scheduler.ts';
import { inShard, type Shard } from './shard.ts';
import { supervise } from './supervise.ts';
import { divergencesOn } from '../judge/scope.ts';

export interface RunOptions {
  /** --jobs N: at most N trials alive at once. Without it, the machine decides (scheduler.ts). */
  jobs?: number;
  limits?: Limits;
  keep?: boolean;
  sources?: Sources;
  /** The Node the workers run on; this process's own by default. */
  runtime?: Runtime;
  /** How many times each trial runs; more than once, facts are stable or flaky. */
  repeat?: number;
  shard?: Shard;
  /** What each trial took when it last ran: longest first, by that, where known. */
  durations?: Durations;
  /** Aborted: start nothing more, end every trial still running, return what finished. */
  stop?: AbortSignal;
}

export interface RunResult {
  /** Each probe as prepared; the modules its trials loaded are added by the report. */
  heads: ReportProbe[];
  /** In the order they finished. */
  trials: TrialResult[];
  /** Trials in the plan (this shard's), whether or not they finished. */
  planned: number;
  /** Why the run stopped early, when it did. */
  interrupted?: string;
}

function limitsFor(opts: RunOptions): Limits {
  return opts.limits ?? (opts.jobs ? jobLimits(opts.jobs) : defaultLimits());
}

/** `header` makes the report's header of the probes as prepared, for the `start` event. */
export async function runTrials(
  probes: LoadedProbe[],
  cases: LoadedCase[],
  opts: RunOptions & { runtime: Runtime; header: (heads: ReportProbe[]) => ReportHeader },
  on: (e: RunEvent) => void = () => {},
): Promise<RunResult> {
  const { runtime } = opts;
  // Only the divergences seen on this runtime are expected of it (judge/scope.ts).
  probes = probes.map((p) => ({ ...p, knownDivergences: divergencesOn(p.knownDivergences, named(runtime)) }));
  for (const line of [...describeStale(cleanStaleRuns()), ...removeAbandonedInstalls()]) on({ kind: 'notice', line });
  const keep = opts.keep ?? false;
  const built = buildSupervisor();
  const run = createRunDir(keep);
  const supervisor = supervise(built, run, keep, run.cgroup);
  const ctx: TrialContext = { runDir: run.dir, runTag: run.tag, cgroup: run.cgroup, worker: '', fixture: '', adapters: new Map(), keep, live: new Map(), runtime, stopped: false };
  const stop = () => {
    ctx.stopped = true;
    // A trial's subreaper is spared: it ends what is below it once its worker is gone.
    for (const [pid, live] of ctx.live) end({ proof: { by: 'group', pgid: pid, spareLeader: live.spare }, reason: 'stopped' });
  };
  opts.stop?.addEventListener('abort', stop);
  try {
    if (opts.stop?.aborted) stop();
    await fetchTargets(probes.filter((p) => !p.atVersion && !opts.sources?.byProbe[p.spec.name]));
    const prepared = prepareProbes(probes, opts.sources ?? { byProbe: {} }, run.dir, runtime);
    const heads = prepared.map((p) => probeHead(p, runtime));
    const planned = plan(prepared, cases, opts.durations).filter((t) => inShard(t.index, opts.shard));
    on({ kind: 'start', header: opts.header(heads), planned: planned.length });
    ctx.sdk = sdkClient(prepared, planned.filter((t) => !t.unsupported && !t.unavailable).map((t) => t.case), run.dir, runtime);
    ctx.worker = buildWorker();
    ctx.fixture = buildFixture();
    ctx.adapters = buildAdapters(prepared.filter((p) => p.verified && !p.unsupported && p.probe.spec.adapter).map((p) => adapterFile(p.probe)));

    const repeat = Math.max(1, opts.repeat ?? 1);
    const runsOf = (t: PlannedTrial) => (t.unsupported || t.unavailable ? 1 : repeat);
    const slots = planned.flatMap((t) => Array.from({ length: runsOf(t) }, (_, r) => ({ t, r })));
    const runs = new Map<number, TrialResult[]>();
    const finished: TrialResult[] = [];
    let running = 0;
    const progress = () => on({ kind: 'progress', progress: { done: finished.length, total: planned.length, running } });
    await schedule(
      slots,
      limitsFor(opts),
      async ({ t, r }, _i, started, startAlone) => {
        running++;
        progress();
        const result = await runTrial(t, ctx, started, r, startAlone).finally(() => running--);
        // A trial cut short by the stop observed the stop, not the target.
        if (ctx.stopped) return;
        const done = [...(runs.get(t.index) ?? []), result];
        runs.set(t.index, done);
        if (done.length < runsOf(t)) return;
        const combined = combineRepeats(done, t.probe.probe.knownDivergences, t.case.spec.racy);
        finished.push(combined);
        on({ kind: 'trial', trial: combined });
        progress();
      },
      () => ctx.stopped,
    );
    return { heads, trials: finished, planned: planned.length, ...(ctx.stopped ? { interrupted: String(opts.stop?.reason ?? 'stopped') } : {}) };
  } finally {
    opts.stop?.removeEventListener('abort', stop);
    endRunDir(run, keep);
    await supervisor.release();
  }
}
