// No verdict without a control. A probe's verdicts say something of its target only when
// some trial of that probe shows the adapter reached the target and the target ran the
// case's command: the call entered the target, and the command's fixture recorded itself
// (or a spawn of the command got a pid).
// A probe none of whose trials shows that (an adapter calling the wrong function, a
// target that throws for every call) has every judged trial turned into an `error` with
// one reason, so no clause holds on it. Which cases a run adds as controls, and how a
// probe that cannot express one is treated, is in cases/INTERPRETING.md. Pure.

import type { TrialKind } from '../model/kinds/kind.ts';
import type { Observations, ServerObservations, TrialObservations } from '../model/observations.ts';
import type { TrialResult } from '../model/report-types.ts';
import { serverReached } from './kinds/server-judge.ts';

/** The control cases, in the order a run picks the first one a probe supports. */
// The last needs no feature at all, so every probe can express one.
export const CONTROL_CASES = ['core/success', 'core/nonzero-exit', 'core/cooperative-abort', 'control/success-timeout-unsignalled', 'control/nonzero-exit-unsignalled', 'control/success-signal-untimed', 'control/plain-call'] as const;

/** A library's trial reached its target when the call entered it and the command ran. */
function libraryReached(o: Observations): boolean {
  const w = o.worker;
  // Observations made before entry was recorded have no `entered`: the spawn is then the proof.
  if (!w || w.entered === null) return false;
  // The fixture's own record is the proof the command ran, whatever command line led to it
  // (a shell, a script the target wrote, a launcher); a spawn of it seen by the worker is another.
  return (o.fixtures?.records ?? []).length > 0 || w.spawns.some((s) => s.command && s.pid !== null);
}

// A report's schema holds each trial's observations to its kind's shape.
const REACHED: Record<TrialKind, (o: TrialObservations) => boolean> = {
  library: (o) => libraryReached(o as Observations),
  server: (o) => serverReached(o as ServerObservations),
};

/** The call a trial of each kind recorded: a server's trial makes none. */
const CALL_OF: Record<TrialKind, (o: TrialObservations) => Observations['worker'] | undefined> = {
  library: (o) => (o as Observations).worker,
  server: () => undefined,
};

/** The trial shows the probe reached its target and the target ran the command, as its kind shows it. */
export function reachedTarget(t: TrialResult): boolean {
  if (!t.observations) return false;
  return REACHED[t.kind](t.observations);
}

/** Outcomes of a trial the judge read facts from; an error or a skip says nothing of the target. */
export const JUDGED = new Set<TrialResult['outcome']>(['pass', 'fail', 'known-fail', 'unexpected-pass', 'unknown', 'flaky']);

/** What the probe's trials did instead of running a command, in one clause. */
function whatHappened(trials: TrialResult[]): string {
  const shown = trials.find((t) => (CONTROL_CASES as readonly string[]).includes(t.case) && t.observations) ?? trials.find((t) => t.observations);
  const w = shown ? CALL_OF[shown.kind](shown.observations!) : undefined;
  if (!shown || !w) return 'none of its trials recorded a call';
  const settled = w.settlement.kind === 'pending' ? 'never settled' : `settled ${w.settlement.kind}${w.settlement.error?.message ? ` (${w.settlement.error.name ?? 'error'}: ${w.settlement.error.message.split('\n')[0].slice(0, 300)})` : ''}`;
  const entered = w.entered ? `entered ${w.entered.export} and ` : '';
  const spawned = w.spawns.some((s) => s.command) ? 'tried to spawn the command but got no process' : 'spawned nothing';
  return `in ${shown.case} the call ${entered}${settled}, and ${spawned}`;
}

/**
 * The trials with every judged trial of an uncontrolled probe made an `error`. A trial
 * keeps its observations (what was seen stays evidence); its facts and verdicts go.
 */
export function applyControls(trials: TrialResult[]): TrialResult[] {
  const controlled = new Set(trials.filter(reachedTarget).map((t) => t.probe));
  const why = new Map<string, string>();
  return trials.map((t) => {
    if (controlled.has(t.probe) || !JUDGED.has(t.outcome)) return t;
    if (!why.has(t.probe)) why.set(t.probe, whatHappened(trials.filter((x) => x.probe === t.probe)));
    const { facts: _f, verdicts: _v, evidence: _e, repeats: _r, ...rest } = t;
    return { ...rest, outcome: 'error', reason: `the probe never ran a command: no trial of ${t.probe} in this run reached its target and ran the case's command (${why.get(t.probe)}), so its verdicts would say nothing of the target` };
  });
}
