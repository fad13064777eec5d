// What `init` guessed in "supports", checked against the target before anyone reads a
// verdict: one short trial per option, each needing it to act (judge/calibration.ts says
// when an option reached the target), and a non-zero exit for exit-status. What was not
// seen to reach the target leaves "supports", so its cases are unsupported with the
// reason, not failed; what was seen stays, with how.

import path from 'node:path';
import { runPipeline } from '../engine/pipeline.ts';
import { CALIBRATED, reached, withheldFor, type Calibrated } from '../judge/calibration.ts';
import { reachedTarget } from '../judge/controls.ts';
import { parseSources } from '../engine/prepare.ts';
import { chooseRuntimes, probeNeeds } from '../engine/runtime-choice.ts';
import { hostRuntime, runtimeFor } from '../identity/runtime.ts';
import { loadAllCases } from '../model/load-cases.ts';
import { loadProbeDir } from '../model/load-probes.ts';
import { readJson, writeJsonWhole } from '../model/files.ts';
import type { TrialResult } from '../model/report-types.ts';
import type { LoadedProbe } from '../model/probe.ts';
import type { Runtime } from '../identity/runtime.ts';
import { stopSignal } from './stop.ts';

/** The cases that put each guessed option to work. */
export const CALIBRATION_CASES = [
  'core/cooperative-abort',
  'core/delayed-cleanup-timeout',
  'blocking-call/kill-signal-timeout',
  'core/kill-signal-override',
  'core/nonzero-exit',
  'control/nonzero-exit-unsignalled',
  'core/shell-abort',
  'process-group/detached-leader-abort',
  'stdin/eof-exit-ignores-sigterm-abort',
  'fork/ipc-abort',
  'core/output-flood-maxbuffer',
  'field-notes/abort-before-process-exit/stoppable-abort',
  'failed-spawn/missing-cwd-shared-signal',
  // Needs no option: whatever the probe supports, one trial can show the call runs the command.
  'control/plain-call',
];

interface Calibration {
  /** Each option guessed, with what the trials showed of it; and the cwd every call hands
   *  over, which no probe declares (`declared` false): an adapter must always pass it on. */
  options: Array<{ option: string; declared: boolean } & Found>;
  supports: string[];
  /** The case whose trial showed the call reach the target and run the command, or null: none did. */
  reached: string | null;
  /** How many trials ran the call: none, and no call was shown either way. */
  ran: number;
  /** Where the trials ran, when not on the host ("on node@22, as run chooses: needs Node >=22"). */
  where?: string;
  /** Why no trial ran at all (unsupported, unavailable): said instead of a verdict on the call. */
  notRun?: string;
  /** Stopped by a signal before the trials finished: nothing was rewritten. */
  interrupted?: boolean;
}

/** What the trials showed of one option: it reached the target, it did not (it leaves
 *  "supports"), or no trial could tell (it stays, and what rests on it is not shown). */
type Found = { state: 'reached' | 'not reached' | 'not observable' | 'not calibrated'; how: string };

/** Whether the option stays in "supports": all but one seen not to reach the target. */
export const kept = (o: Found): boolean => o.state !== 'not reached';

/** How one option fared over the trials that handed it over: the run has already made
 *  unsupported every trial of an option not seen to reach the target (judge/calibration.ts). */
function verdictOn(trials: TrialResult[], option: Calibrated): Found {
  const withheld = trials.filter((t) => withheldFor(t, option));
  if (withheld.length) return { state: 'not reached', how: `not seen to reach the target in ${withheld.map((t) => t.case).join(', ')}: check where the adapter passes it` };
  const yes = trials.find((t) => reached(t, option) === true);
  if (yes) return { state: 'reached', how: `reached the target in ${yes.case}` };
  return { state: 'not observable', how: 'no trial could tell whether it reached the target: kept, and every trial that rests on it has its verdicts unknown until one shows it' };
}

/** A non-zero exit must reject for exit-status to hold: a helper that resolves on every status does not support it. */
function exitStatus(trials: TrialResult[]): Found {
  // With a signal, core/nonzero-exit; without one, its control (the other is unsupported).
  const t = trials.find((x) => (x.case === 'core/nonzero-exit' || x.case === 'control/nonzero-exit-unsignalled') && x.facts);
  if (!t) return { state: 'not observable', how: 'neither core/nonzero-exit nor control/nonzero-exit-unsignalled could run: kept, unshown' };
  const settled = t.facts!.settled;
  return settled === 'rejected' || settled === 'threw' ? { state: 'reached', how: `a non-zero exit ${settled === 'threw' ? 'threw' : 'rejected'}` } : { state: 'not reached', how: `a non-zero exit settled ${settled}: the target does not report the exit status` };
}

/** Where `run` would run the probe with no --runtime: the host, or the release its target's Node range asks for. */
function runtimeOf(probe: LoadedProbe): { runtime: Runtime; why: string } | undefined {
  const [group] = chooseRuntimes(probeNeeds([probe], parseSources([], [probe.spec.name]), hostRuntime()), hostRuntime());
  return group?.spec ? { runtime: runtimeFor(group.spec), why: `on ${group.spec}, as run chooses: ${group.why}` } : undefined;
}

/** The calibration trials run on `probe` (on `runtime`, else where `run` would run it): what each option it declares showed. */
export async function calibrate(probe: LoadedProbe, asked?: Runtime): Promise<Calibration> {
  const all = loadAllCases();
  const cases = all.filter((c) => CALIBRATION_CASES.includes(c.spec.id));
  const chosen = asked ? undefined : runtimeOf(probe);
  const runtime = asked ?? chosen?.runtime;
  const report = await runPipeline({ probes: [probe], cases, allCases: all, stop: stopSignal(), ...(runtime ? { runtime } : {}) });
  if (report.interrupted) return { options: [], supports: probe.spec.supports, reached: null, ran: 0, interrupted: true };
  const trials = report.trials.filter((t) => t.observations);
  const declared = probe.spec.supports.map((option) => ({
    option,
    declared: true,
    ...((CALIBRATED as readonly string[]).includes(option) ? verdictOn(trials, option as Calibrated) : option === 'exit-status' ? exitStatus(trials) : { state: 'not calibrated' as const, how: 'not calibrated' }),
  }));
  const cwd = { option: 'cwd', declared: false, ...verdictOn(trials, 'cwd') };
  const control = report.trials.find(reachedTarget);
  // A trial with observations ran the call, whatever came of it; one without never started (unsupported, unavailable).
  const ran = report.trials.filter((t) => t.observations).length;
  const notRun = report.trials.find((t) => !t.observations)?.reason;
  return { options: [...declared, cwd], supports: declared.filter(kept).map((o) => o.option), reached: control?.case ?? null, ran, ...(ran === 0 && notRun ? { notRun } : {}), ...(chosen ? { where: chosen.why } : {}) };
}

/** Runs the calibration trials on the probe in `dir` and rewrites its "supports" from them,
 *  with what each option showed (`calibration`: reached, not reached, not observable). */
export async function calibrateProbe(dir: string): Promise<Calibration> {
  const probe = loadProbeDir(dir);
  const found = await calibrate(probe);
  if (!found.interrupted) {
    const file = path.join(dir, 'probe.json');
    const { data } = readJson(file);
    const calibration = Object.fromEntries(found.options.map((o) => [o.option, { state: o.state, how: o.how }]));
    writeJsonWhole(file, { ...(data as object), supports: found.supports, calibration });
  }
  return found;
}
