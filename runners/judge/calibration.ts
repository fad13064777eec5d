// No verdict about an option not seen to reach the target. A probe declares in `supports`
// what its adapter passes on; an adapter can pass it where the target never reads it (the
// wrong argument, a key the target does not know), and every verdict on a case that needs
// it would then be a false statement about the library. So each option a trial handed over
// is weighed: it reached the target when the target used the signal (worker/record-reach.ts), a
// spawn carried it on, a timer of the timeout's delay was made, or the trial's trigger took
// effect through it; it did not when the trigger that needed it fired and none of that was
// seen, or (detached, a shell, a stdin pipe) when the case's command was spawned without
// it. The cwd and an IPC channel are seen in what the child records of itself: where it
// started (the calling process works elsewhere), whether it has a channel. An output limit
// is seen in the error that names it, a stop signal in the signals the child got. A
// probe none of whose trials shows an option reach its target, and one of whose
// trials shows it not, has every trial that handed that option made `unsupported`, with
// the reason. How a runner reads this is in cases/INTERPRETING.md (Calibration). Pure.

import type { Facts, TrialResult } from '../model/report-types.ts';
import type { Carried } from '../model/reach.ts';

export const CALIBRATED = ['signal', 'timeout', 'killSignal', 'stopSignal', 'detached', 'shell', 'stdin', 'ipc', 'maxBuffer', 'cwd'] as const;
export type Calibrated = (typeof CALIBRATED)[number];

const JUDGED = new Set<TrialResult['outcome']>(['pass', 'fail', 'known-fail', 'unexpected-pass', 'unknown', 'flaky']);

type Reach = NonNullable<NonNullable<NonNullable<TrialResult['observations']>['worker']>['reach']>;

function reachOf(t: TrialResult): Reach | null {
  const w = t.observations?.worker;
  return w?.reach && w.entered ? w.reach : null;
}

const handed = (r: Reach, option: Calibrated) => {
  if (option === 'signal') return r.handed.signal;
  if (option === 'detached' || option === 'shell' || option === 'stdin' || option === 'ipc' || option === 'cwd') return r.handed[option] === true;
  // Absent in reports made before it was kept: not handed, as far as they show.
  return r.handed[option] !== null && r.handed[option] !== undefined;
};

type FixtureRecord = NonNullable<NonNullable<TrialResult['observations']>['fixtures']>['records'][number];

/** What the call's own children (the case's command, earlier calls') recorded of themselves. */
const calledChildren = (t: TrialResult): FixtureRecord[] => (t.observations?.fixtures?.records ?? []).filter((c) => c.role === 'child' || /^call-\d+$/.test(c.role));

/** The child was signalled, by the target since the harness signals nothing. */
const signalled = (f: Facts | undefined): string[] => (Array.isArray(f?.['child.signals']) ? (f!['child.signals'] as string[]) : []);

/**
 * What one trial shows of `option` reaching its target: true, false (the trigger that
 * needed it fired and nothing took it up), or null (it cannot tell).
 */
export function reached(t: TrialResult, option: Calibrated): boolean | null {
  const r = reachOf(t);
  if (!r) return null;
  const w = t.observations!.worker!;
  // Every call hands a cwd, so every trial can show it reaching the child; only a case that
  // names one of its own rests its verdicts on it (`handed`).
  if (option === 'cwd') return w.spawns.some((s) => s.carried?.includes('cwd')) || cwdReached(t, r);
  if (!handed(r, option)) return null;
  const f = t.facts;
  if (w.spawns.some((s) => s.carried?.includes(option as Carried))) return true;
  if (option === 'signal') {
    if ((r.signalUses ?? []).length > 0 || f?.['error.isAbort'] === true) return true;
    // Only the signal could have stopped the child when no timeout was handed.
    if (r.handed.timeout === null && signalled(f).length > 0) return true;
    // Handed already aborted, the call was refused before any spawn: a runtime's own spawn
    // (Bun.spawn) reads the signal where no accessor sees it.
    if (w.trigger.kind === 'pre-aborted' && f?.['spawn.attempts'] === 0 && (f.settled === 'rejected' || f.settled === 'threw')) return true;
    return (w.trigger.kind === 'abort' && w.trigger.fired) || w.trigger.kind === 'pre-aborted' ? false : null;
  }
  if (option === 'timeout') {
    const ms = r.handed.timeout;
    if (typeof ms === 'number' && (r.timerDelays ?? []).includes(ms)) return true;
    if (f?.['error.isTimeout'] === true || f?.['error.isTimeout'] === 'message-only') return true;
    if (!r.handed.signal && signalled(f).length > 0) return true;
    // Refused as it was handed: something read it.
    if (/^ERR_(OUT_OF_RANGE|INVALID_ARG_TYPE|INVALID_ARG_VALUE)$/.test(String(f?.['error.code'] ?? ''))) return true;
    // A timeout that had to fire, where timers can be seen, with no timer of its delay.
    return w.trigger.kind === 'timeout' && r.timerDelays !== null && typeof ms === 'number' && ms > 0 ? false : null;
  }
  if (option === 'detached' || option === 'shell' || option === 'stdin') {
    // The case's command was started, and not the way it was asked for: not detached, the
    // command line run as a program rather than by a shell, or with no stdin pipe.
    // Only a spawn whose own options were seen (carried listed, if empty) can show it: a
    // spawn the watch could not read the options of (reports made before Bun.spawn's and
    // Deno.Command's were read) shows nothing.
    return w.spawns.some((s) => s.command && s.carried !== undefined && !s.carried.includes(option)) ? false : null;
  }
  if (option === 'ipc') {
    const children = calledChildren(t).filter((c) => c.ipc !== undefined);
    if (children.some((c) => c.ipc)) return true;
    return children.length > 0 ? false : null;
  }
  if (option === 'maxBuffer') {
    // The error names the limit, by its name or its number (execa: "stdout was larger than 1000000 characters").
    const e = w.settlement?.kind === 'rejected' || w.settlement?.kind === 'threw' ? w.settlement.error : null;
    const words = e ? [e.code, e.name, e.cause?.name, e.cause?.code, e.message].map((x) => String(x ?? '')).join(' ') : '';
    if (/max_?buffer|ENOBUFS/i.test(words) || words.includes(String(r.handed.maxBuffer))) return true;
    // No trigger but the output: the child stopped by the target, or the call resolved with it all.
    if (signalled(f).length > 0) return true;
    return f?.settled === 'fulfilled' ? false : null;
  }
  // The kill signal, the stop signal: the one the child was sent.
  const sent = signalled(f);
  const wanted = option === 'stopSignal' ? r.handed.stopSignal : r.handed.killSignal;
  if (sent.includes(wanted!)) return true;
  return sent.length > 0 ? false : null;
}

/** Whether the case's command started in the directory handed over: a shell command line
 *  changes to it itself, so a shell trial shows nothing. One started elsewhere did not get it. */
function cwdReached(t: TrialResult, r: Reach): boolean | null {
  if (r.cwd === undefined || r.handed.shell === true) return null;
  const children = calledChildren(t).filter((c) => c.cwd !== undefined);
  if (children.some((c) => c.cwd === r.cwd)) return true;
  return children.length > 0 ? false : null;
}

const UNREACHED = (option: Calibrated) => `${option} not seen to reach the target`;

/** Whether this rule made the trial unsupported for `option`. */
export const withheldFor = (t: TrialResult, option: Calibrated) => t.outcome === 'unsupported' && (t.reason ?? '').startsWith(UNREACHED(option));

/** Why an option did not reach the target, in the words a trial's reason gives. */
function unreached(option: Calibrated, probe: string, seen: number): string {
  const what = {
    signal: 'nothing in the target read the signal the adapter handed over, listened to it or passed it to a spawn, and aborting it stopped nothing',
    timeout: 'the target made no timer of the delay the adapter handed over and passed it to no spawn, and the child ran on past it',
    killSignal: 'the child was stopped with another signal than the one the adapter handed over, and no spawn was handed it',
    detached: 'the case\'s command was spawned without detached, so it did not lead a process group of its own',
    shell: 'the case\'s command line was spawned as a program rather than run by a shell',
    stdin: 'the case\'s command was spawned with no stdin pipe',
    stopSignal: 'the child was sent other signals than the stop signal the adapter handed over',
    ipc: 'the case\'s command started with no IPC channel',
    maxBuffer: 'the call resolved with all of the output past the limit the adapter handed over, and no error named it',
    cwd: 'the case\'s command started in another directory than the one the adapter handed over',
  }[option];
  const check = option === 'cwd' ? 'check where the adapter passes call.cwd (the argument or key the target reads it from): every call hands one' : `check where the adapter passes ${option} (the argument or key the target reads it from) before "supports" claims it`;
  return `${UNREACHED(option)}: in ${seen} trial${seen === 1 ? '' : 's'} of ${probe} where it had to act, ${what}, and none showed it reach the target; ${check}`;
}

/** The options of each probe seen not to reach its target, with how many trials showed it. */
function unreachedOptions(trials: TrialResult[]): Map<string, Map<Calibrated, number>> {
  const out = new Map<string, Map<Calibrated, number>>();
  for (const probe of new Set(trials.map((t) => t.probe))) {
    const own = trials.filter((t) => t.probe === probe && JUDGED.has(t.outcome));
    for (const option of CALIBRATED) {
      const seen = own.map((t) => reached(t, option));
      if (seen.includes(true) || !seen.includes(false)) continue;
      if (!out.has(probe)) out.set(probe, new Map());
      out.get(probe)!.set(option, seen.filter((s) => s === false).length);
    }
  }
  return out;
}

/** Whether the trial's verdicts rest on `option` reaching the target: the signal where the
 *  trigger aborts it, the timeout where the trigger is the timeout, any other option handed. */
function restsOn(t: TrialResult, option: Calibrated): boolean {
  const r = reachOf(t);
  if (!r || !handed(r, option)) return false;
  const trigger = t.observations!.worker!.trigger.kind;
  if (option === 'signal') return trigger === 'abort' || trigger === 'pre-aborted';
  if (option === 'timeout') return trigger === 'timeout';
  return true;
}

/** The options of each probe that some judged trial rests on and no trial could show
 *  reaching the target or not: not observable, so nothing that rests on them is shown. */
function unobservedOptions(trials: TrialResult[]): Map<string, Calibrated[]> {
  const out = new Map<string, Calibrated[]>();
  for (const probe of new Set(trials.map((t) => t.probe))) {
    const own = trials.filter((t) => t.probe === probe && JUDGED.has(t.outcome));
    const blind = CALIBRATED.filter((o) => own.some((t) => restsOn(t, o)) && own.every((t) => reached(t, o) === null));
    if (blind.length) out.set(probe, blind);
  }
  return out;
}

const UNOBSERVED = (option: Calibrated) => `${option} could not be seen to reach the target`;

/**
 * The trials with every judged trial that handed an option its probe never showed reaching
 * the target made `unsupported`; a trial that rests on an option no trial could see either
 * way has every verdict `unknown`. A trial keeps its observations.
 */
export function applyCalibration(trials: TrialResult[]): TrialResult[] {
  const unreachedBy = unreachedOptions(trials);
  const unobserved = unobservedOptions(trials);
  if (unreachedBy.size === 0 && unobserved.size === 0) return trials;
  return trials.map((t) => {
    const options = unreachedBy.get(t.probe);
    const r = reachOf(t);
    if (!r || !JUDGED.has(t.outcome)) return t;
    const option = options && [...options.keys()].find((o) => handed(r, o));
    if (option) {
      const { facts: _f, verdicts: _v, evidence: _e, repeats: _r, ...rest } = t;
      return { ...rest, outcome: 'unsupported', reason: unreached(option, t.probe, options.get(option)!) };
    }
    const blind = (unobserved.get(t.probe) ?? []).find((o) => restsOn(t, o));
    if (!blind) return t;
    const why = `${UNOBSERVED(blind)}: no trial of ${t.probe} showed it reach the target or not, and this trial rests on it`;
    return { ...t, outcome: 'unknown', reason: why, verdicts: (t.verdicts ?? []).map(({ knownDivergence: _k, ...v }) => ({ ...v, result: 'unknown' as const, why: `not judged: ${why}.` })) };
  });
}
