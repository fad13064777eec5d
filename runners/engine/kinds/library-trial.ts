// A library's trial: a fresh worker process (worker/worker-main.ts) calls the target through the
// probe's adapter in its own directory, watches the window after settlement itself, and
// writes what it saw; the runner watches in the caller's place when the caller exits on
// settlement (engine/after-caller.ts), ends what is left, and reads the worker's and the
// fixtures' accounts into the trial's observations.

import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_DEADLINE_MS, type CaseSpec, type ChildBehaviour } from '../../model/case.ts';
import type { AfterCaller, Containment, Leftover, Observations } from '../../model/observations.ts';
import { LOADER_HOOKS } from '../../model/paths.ts';
import { setupDigest } from '../../model/setup.ts';
import { makeCgroup } from '../../os/cgroup.ts';
import { endLeftovers, withReaped } from '../../os/leftovers.ts';
import { trialMark } from '../../os/marks.ts';
import type { WorkerOutput } from '../../worker/messages.ts';
import { watchAfterCaller } from '../after-caller.ts';
import { adapterFile, displayBase, targetSpec } from '../adapter-target.ts';
import { trialEnv } from '../trial-env.ts';
import { fixtureRecords, readFixtures, readWorkerOutput, writeTrialSpec } from '../trial-messages.ts';
import { unverifiedModules } from '../unverified.ts';
import { runWorker, workerStderrTail } from '../worker-process.ts';
import { kindModule, type Phases } from './trial-kind.ts';
import type { PlannedTrial } from '../planned-trial.ts';

/** Time a worker may spend starting up and writing what it saw, beyond the fixtures' cap. */
const WORKER_SLACK_MS = 20_000;

/**
 * When the fixtures end themselves: well past the latest moment the trial can judge them
 * in (the deadline, then the window), by ten windows and at least 5 s, and before the
 * worker's own limit, so that a call blocking the worker until its child is gone (a
 * synchronous one) returns, and the worker records that it returned only once the harness
 * had ended the child (the fixture's `cap` event, judge/fixture-events.ts). No trial that
 * lets its worker run reaches it: the worker ends every trial at its deadline. One that
 * meets it inside the window anyway is an error, never a verdict.
 */
export function fixtureCapMs(spec: CaseSpec): number {
  return (spec.deadlineMs ?? DEFAULT_DEADLINE_MS) + spec.windowMs + Math.max(5_000, 10 * spec.windowMs);
}

interface Prepared { t: PlannedTrial; dir: string; mark: string; cgroup: string | null; specFile: string; limitMs: number }
type Worker = Awaited<ReturnType<typeof runWorker>>;
interface Ran { worker: Worker; read: ReturnType<typeof readWorkerOutput>; output: WorkerOutput | null }
interface Ended { leftovers: Leftover[]; containment: Containment }

function longestDelay(b: ChildBehaviour): number {
  const own = Math.max(0, ...Object.values(b.onSignal ?? {}).map((r) => r?.delayMs ?? 0), b.exitAfterMs ?? 0);
  return Math.max(own, ...(b.grandchildren ?? []).map((g) => longestDelay(g.behaviour)));
}

const phases: Phases<Prepared, Ran, AfterCaller | null, Ended> = {
  name: 'library',
  attempts: 3,
  estimateMs(spec: CaseSpec) {
    const timeout = typeof spec.call.timeoutMs === 'number' && spec.call.timeoutMs < 60_000 ? Math.max(0, spec.call.timeoutMs) : 0;
    return 400 + timeout + longestDelay(spec.child) + spec.windowMs;
  },

  prepare(t, ctx, name) {
    const probe = t.probe.probe;
    const adapter = ctx.adapters.get(adapterFile(probe)) ?? { file: adapterFile(probe) };
    if ('error' in adapter) return { notRun: { outcome: 'error', reason: adapter.error } };
    const spec = t.case.spec;
    const dir = path.join(ctx.runDir, name);
    fs.mkdirSync(dir, { recursive: true });
    const deadlineMs = spec.deadlineMs ?? DEFAULT_DEADLINE_MS;
    const capMs = fixtureCapMs(spec);
    const mark = trialMark(ctx.runTag, name);
    const cgroup = ctx.cgroup ? makeCgroup(ctx.cgroup, name) : null;
    const specFile = writeTrialSpec(dir, {
      dir,
      tag: mark,
      cgroup,
      capMs,
      deadlineMs,
      fixture: ctx.fixture,
      fixtureNode: process.execPath,
      hooks: LOADER_HOOKS,
      adapterPath: adapter.file,
      adapterSource: adapterFile(probe),
      adapterBase: displayBase(adapterFile(probe)),
      probeOptions: probe.spec.options ?? {},
      target: targetSpec(t.probe),
      case: spec,
    });
    return { t, dir, mark, cgroup, specFile, limitMs: capMs + WORKER_SLACK_MS };
  },

  async run(p, ctx, started) {
    const env = trialEnv(p.mark);
    const worker = await runWorker(ctx.runtime, ctx.worker, p.specFile, p.dir, env, p.limitMs, (pid, spare) => ctx.live.set(pid, { dir: p.dir, mark: p.mark, spare }), started);
    const read = readWorkerOutput(p.dir);
    return { worker, read, output: read && 'output' in read ? read.output : null };
  },

  // The worker watched the window while the caller lived; a caller that exited on
  // settlement leaves the runner to watch what it left running, before it is ended.
  async watch(p, r, ctx) {
    const settled = r.output && r.output.observations.settlement.kind !== 'pending';
    return settled && !ctx.stopped && p.t.case.spec.caller === 'exits-on-settle' ? watchAfterCaller(p.dir, r.output!.observations.spawns, p.t.case.spec.windowMs) : null;
  },

  async end(p, r, _w, ctx) {
    const records = fixtureRecords(p.dir);
    const found = endLeftovers(records, p.mark, r.worker.pid, p.cgroup, r.worker.reaper);
    // Then whatever is still below the trial's subreaper: it left the cgroup, the group and its mark.
    const { containment, ended } = await r.worker.endReaped();
    if (r.worker.pid !== null) ctx.live.delete(r.worker.pid);
    return { leftovers: withReaped(found, records, ended), containment };
  },

  read(p, r, afterCaller, { leftovers, containment }) {
    if (!r.output) {
      const why = r.read && 'refused' in r.read
        ? `the trial worker's output was refused: ${r.read.refused}`
        : r.worker.overran
          ? 'the trial worker did not finish in time and was killed'
          : `the trial worker ${r.worker.code === null ? 'was ended by a signal' : `exited with code ${r.worker.code}`} before recording anything`;
      const detail = workerStderrTail(p.dir);
      // A subreaper the target ended is said in the reason too: what it held may have escaped.
      const lost = containment.reaper === 'lost' ? `; containment lost: ${containment.why}; ${leftovers.length} process${leftovers.length === 1 ? '' : 'es'} still found by cgroup, mark or group ended as leftovers` : '';
      return { error: `${detail ? `${why}: ${detail}` : why}${lost}`, leftovers, containment };
    }
    const probe = p.t.probe;
    const observations: Observations = {
      setup: setupDigest(p.t.case.spec, probe.probe.spec.options),
      worker: r.output.observations,
      fixtures: readFixtures(p.dir),
      runner: { afterCaller, leftovers, containment },
    };
    // Where the runtime could not list the modules loaded, nothing is claimed of them;
    // the trial's observations say why (introspection.modules).
    return { observations, also: r.output.modules === null ? {} : { unverifiedModules: unverifiedModules(r.output.modules, probe) } };
  },

  close(p, ctx) {
    if (!ctx.keep) fs.rmSync(p.dir, { recursive: true, force: true });
  },
};

export const LIBRARY = kindModule(phases);
