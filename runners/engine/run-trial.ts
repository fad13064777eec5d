// Runs one planned trial in a fresh worker process with its own directory, gathers what
// the worker, the fixtures and the runner saw into the trial's observations, and judges
// them: the same judgement `childproof judge` makes offline.

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { judgeTrial } from '../judge/judge-trial.ts';
import type { Observations } from '../model/observations.ts';
import { DEFAULT_DEADLINE_MS } from '../model/case.ts';
import type { LoadedProbe } from '../model/probe.ts';
import { FIXTURE, LOADER_HOOKS } from '../model/paths.ts';
import type { TrialResult } from '../model/report.ts';
import { setupDigest } from '../model/setup.ts';
import { makeCgroup } from '../os/cgroup.ts';
import { endLeftovers, withReaped } from '../os/leftovers.ts';
import { MARK_VARIABLE, trialMark } from '../os/marks.ts';
import { named } from '../identity/runtime.ts';
import type { TrialSpec } from '../worker/messages.ts';
import { fixtureRecords, readFixtures, readWorkerOutput, writeTrialSpec } from './trial-messages.ts';
import { watchAfterCaller } from './after-caller.ts';
import type { PlannedTrial } from './plan.ts';
import type { PreparedProbe } from './prepare.ts';
import { unverifiedModules } from './unverified.ts';
import { runWorker, workerStderrTail } from './worker-process.ts';
import { runtimeText } from '../model/runtime-spec.ts';
import { runServerTrial } from './server-trial.ts';
import type { TrialContext } from './trial-context.ts';

/** Time a worker may spend starting up and writing what it saw, beyond the case's own. */
const WORKER_SLACK_MS = 20_000;
/** When the fixtures end themselves, beyond the case's own time: well before the worker's
 *  limit, so that a call blocking the worker until its child is gone (a synchronous one)
 *  returns, and the worker still records that it only returned once the harness had
 *  ended the child (the fixture's `cap` event, judge/facts.ts). No trial that lets its
 *  worker run reaches it: the worker ends every trial at its deadline. */
const CAP_SLACK_MS = 5_000;
/** How often a trial whose precondition failed (see judge/precondition.ts) is run. */
const ATTEMPTS = 3;

export function targetSpec(p: PreparedProbe): TrialSpec['target'] {
  const id = p.probe.spec.identity;
  if (id.kind === 'builtin') return { kind: 'builtin', module: id.module };
  const m = p.material!;
  return {
    kind: 'material',
    entryUrls: m.entryUrls,
    materialUrl: `${pathToFileURL(m.dir).href}/`,
    originalRootUrl: m.originalRoot ? `${pathToFileURL(m.originalRoot).href}/` : null,
    transpiled: m.transpiled,
    ...(m.resolved && Object.keys(m.resolved).length ? { resolved: m.resolved } : {}),
    needsHooks: m.needsHooks,
  };
}

/** Where a probe's adapter file is: beside its code, for a variant the base probe's. A
 *  program's probe has none: its trials are server cases (engine/server-trial.ts). */
export function adapterFile(probe: LoadedProbe): string {
  if (!probe.spec.adapter) throw new Error(`${probe.spec.name} has no adapter: it runs a command`);
  return path.join(probe.codeDir, probe.spec.adapter);
}

/** Where an adapter's file is shown from: the current directory when it is below it, else
 *  the directory holding its probe's, so a report names `my-probe/adapter.ts`, never a
 *  machine's path. */
export function displayBase(adapter: string): string {
  const rel = path.relative(process.cwd(), adapter);
  return rel.startsWith('..') || path.isAbsolute(rel) ? path.dirname(path.dirname(adapter)) : process.cwd();
}

/** What the worker wrote; null when it wrote nothing whole (a FIFO or a link in its place is nothing). */
/** `started` is called once the trial's starting is over (see scheduler.ts). */
export async function runTrial(t: PlannedTrial, ctx: TrialContext, started: () => void = () => {}, repeat = 0): Promise<TrialResult> {
  const base = { probe: t.probe.probe.spec.name, case: t.case.spec.id };
  if (t.unsupported) return { ...base, outcome: 'unsupported', reason: t.unsupported };
  if (t.unavailable) return { ...base, outcome: 'unavailable', reason: t.unavailable };
  if (t.case.spec.server) return runServerTrial(t.probe, t.case, ctx, `t${t.index}-r${repeat}`, started);
  const adapter = ctx.adapters.get(adapterFile(t.probe.probe)) ?? { file: adapterFile(t.probe.probe) };
  if ('error' in adapter) return { ...base, outcome: 'error', reason: adapter.error };
  for (let attempt = 1; ; attempt++) {
    const { trial, unmet } = await attemptTrial(t, ctx, adapter.file, `t${t.index}-r${repeat}-a${attempt}`, started, attempt);
    if (!unmet || attempt === ATTEMPTS || ctx.stopped) return attempt > 1 ? { ...trial, attempts: attempt } : trial;
  }
}

async function attemptTrial(
  t: PlannedTrial,
  ctx: TrialContext,
  adapterPath: string,
  name: string,
  started: () => void,
  attempt: number,
): Promise<{ trial: TrialResult; unmet: string | null }> {
  const probe = t.probe.probe;
  const caseSpec = t.case.spec;
  const base = { probe: probe.spec.name, case: caseSpec.id };
  const dir = path.join(ctx.runDir, name);
  fs.mkdirSync(dir, { recursive: true });
  const deadlineMs = caseSpec.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const mark = trialMark(ctx.runTag, name);
  const cgroup = ctx.cgroup ? makeCgroup(ctx.cgroup, name) : null;
  const limitMs = deadlineMs + caseSpec.windowMs + WORKER_SLACK_MS;
  const specFile = writeTrialSpec(dir, {
    dir,
    tag: mark,
    cgroup,
    capMs: deadlineMs + caseSpec.windowMs + CAP_SLACK_MS,
    deadlineMs,
    fixture: FIXTURE,
    fixtureNode: process.execPath,
    hooks: LOADER_HOOKS,
    adapterPath,
    adapterSource: adapterFile(probe),
    adapterBase: displayBase(adapterFile(probe)),
    probeOptions: probe.spec.options ?? {},
    target: targetSpec(t.probe),
    case: caseSpec,
  });

  const env = { ...process.env, [MARK_VARIABLE]: mark };
  const worker = await runWorker(ctx.runtime, ctx.worker, specFile, dir, env, limitMs, (pid, spare) => ctx.live.set(pid, { dir, mark, spare }), started);
  const read = readWorkerOutput(dir);
  const output = read && 'output' in read ? read.output : null;
  // A caller that exited on settlement leaves the runner to watch what it left running,
  // before the sweep ends it.
  const afterCaller =
    output && !ctx.stopped && caseSpec.caller === 'exits-on-settle' && output.observations.settlement.kind !== 'pending'
      ? await watchAfterCaller(dir, output.observations.spawns, caseSpec.windowMs)
      : null;
  const records = fixtureRecords(dir);
  const found = endLeftovers(records, mark, worker.pid, cgroup, worker.reaper);
  // Then whatever is still below the trial's subreaper: it left the cgroup, the group and its mark.
  const { containment, ended } = await worker.endReaped();
  const leftovers = withReaped(found, records, ended);
  if (worker.pid !== null) ctx.live.delete(worker.pid);

  try {
    if (!output) {
      const why = read && 'refused' in read
        ? `the trial worker's output was refused: ${read.refused}`
        : worker.overran
          ? 'the trial worker did not finish in time and was killed'
          : `the trial worker exited with code ${worker.code} before recording anything`;
      const detail = workerStderrTail(dir);
      return { trial: { ...base, outcome: 'error', reason: detail ? `${why}: ${detail}` : why, leftovers }, unmet: null };
    }
    const observations: Observations = {
      setup: setupDigest(caseSpec, probe.spec.options),
      worker: output.observations,
      fixtures: readFixtures(dir),
      runner: { afterCaller, leftovers, containment },
    };
    const { unmet, ...judgement } = judgeTrial(caseSpec, observations, probe.knownDivergences, attempt, ctx.runtime.name === 'node' ? undefined : runtimeText(named(ctx.runtime)));
    // Where the runtime could not list the modules loaded, nothing is claimed of them;
    // the trial's observations say why (introspection.modules).
    const modules = output.modules === null ? {} : { unverifiedModules: unverifiedModules(output.modules, t.probe) };
    const trial: TrialResult = { ...base, ...judgement, ...modules, observations };
    return { trial, unmet };
  } finally {
    if (!ctx.keep) fs.rmSync(dir, { recursive: true, force: true });
  }
}
