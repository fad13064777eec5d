// Judging a report again from its saved observations, with the case and probe files as
// they are now. Starts no process: it is the same pure judgement the engine made when
// each trial ended, so a report's verdicts can be checked, and the effect of an edited
// case or known divergence seen, without running anything.

import { isDeepStrictEqual } from 'node:util';
import { citedExplanations } from '../identity/citations.ts';
import { judgeObservations } from '../judge/judge-trial.ts';
import { combineRepeats } from '../judge/repeats.ts';
import { FACT_NAMES, type LoadedCase } from '../model/case.ts';
import type { LoadedProbe } from '../model/probe.ts';
import type { CitedCode, Report, ReportProbe, TrialResult } from '../model/report-types.ts';
import { setupDigest } from '../model/setup.ts';
import { SEMANTICS } from '../model/version.ts';
import { caseEntry, summarize } from './build.ts';
import { applyControls } from '../judge/controls.ts';
import { applyCalibration } from '../judge/calibration.ts';
import { divergencesOn, judgedOn } from '../judge/scope.ts';
import { runtimeOf } from '../model/runtime-spec.ts';

interface Difference {
  /** A fact's name, or `outcome`, `reason`, `verdicts`. */
  what: string;
  stored: unknown;
  now: unknown;
}

type TrialStatus =
  | { status: 'same' }
  | { status: 'differs'; differences: Difference[] }
  /** Nothing to judge: the trial never ran, or its worker recorded nothing. */
  | { status: 'no observations' }
  | { status: 'cannot judge'; why: string };

export interface Rejudgement {
  report: Report;
  trials: Array<{ probe: string; case: string } & TrialStatus>;
  notes: string[];
}

export function semanticsNote(a: number, b: number, what: [string, string]): string | null {
  if (a === b) return null;
  return `the tool's semantics changed between ${what[0]} (${a}) and ${what[1]} (${b}): a fact that differs may be the tool's reading of the same observations, not a change in the target`;
}

function differences(before: TrialResult, after: TrialResult): Difference[] {
  const out: Difference[] = [];
  for (const fact of FACT_NAMES) {
    const [a, b] = [before.facts?.[fact], after.facts?.[fact]];
    if (!isDeepStrictEqual(a, b)) out.push({ what: fact, stored: a, now: b });
  }
  if (before.outcome !== after.outcome) out.push({ what: 'outcome', stored: before.outcome, now: after.outcome });
  if (before.reason !== after.reason) out.push({ what: 'reason', stored: before.reason, now: after.reason });
  if (out.length === 0 && !isDeepStrictEqual(before.verdicts, after.verdicts)) out.push({ what: 'verdicts', stored: before.verdicts, now: after.verdicts });
  return out;
}

function rejudgeTrial(t: TrialResult, c: LoadedCase | undefined, p: LoadedProbe | undefined, on?: string): { trial: TrialResult } & TrialStatus {
  if (t.repeats) return rejudgeRepeats(t, c, p, on);
  const o = t.observations;
  if (!o) return { trial: t, status: 'no observations' };
  if (!c) return { trial: t, status: 'cannot judge', why: `case ${t.case} is not among the cases given` };
  if (!p) return { trial: t, status: 'cannot judge', why: `probe ${t.probe} is not among the probes given (a probe of your own: --probe DIR)` };
  if (setupDigest(c.spec, p.spec.options, p.spec.command) !== o.setup) {
    return { trial: t, status: 'cannot judge', why: "the case's child, call or trigger, or the probe's options, changed since the trial ran: run it again" };
  }
  const { unmet: _unmet, ...judgement } = judgeObservations(t.kind, c.spec, o, p.knownDivergences, t.attempts ?? 1, on);
  const { reason: _reason, ...kept } = t;
  const trial: TrialResult = { ...kept, ...judgement };
  const found = differences(t, trial);
  return found.length ? { trial, status: 'differs', differences: found } : { trial, status: 'same' };
}

/** Each run of a repeated trial judged again, and the runs combined again. */
function rejudgeRepeats(t: TrialResult, c: LoadedCase | undefined, p: LoadedProbe | undefined, on?: string): { trial: TrialResult } & TrialStatus {
  const { repeats, ...first } = t;
  const runs = [first, ...repeats!.others.map((r) => ({ probe: t.probe, case: t.case, kind: t.kind, ...r }))].map((r) => rejudgeTrial(r, c, p, on));
  const stuck = runs.find((r) => r.status === 'cannot judge');
  if (stuck) return { ...stuck, trial: t };
  if (runs.every((r) => r.status === 'no observations')) return { trial: t, status: 'no observations' };
  const trial = combineRepeats(runs.map((r) => r.trial), p!.knownDivergences, c?.spec.racy);
  const found = differences(t, trial);
  if (found.length === 0 && !isDeepStrictEqual(t.repeats, trial.repeats)) found.push({ what: 'repeats', stored: t.repeats?.flaky, now: trial.repeats?.flaky });
  return found.length ? { trial, status: 'differs', differences: found } : { trial, status: 'same' };
}

/** Re-judges the trials `selected` accepts (all by default); the others are kept as stored. */
export function rejudgeReport(
  report: Report,
  cases: LoadedCase[],
  probes: LoadedProbe[],
  selected: (t: TrialResult) => boolean = () => true,
): Rejudgement {
  const notes: string[] = [];
  const semantics = semanticsNote(report.semantics, SEMANTICS, ['this report', 'this tool']);
  if (semantics) notes.push(semantics);
  const out: Rejudgement['trials'] = [];
  const judgedCases = new Set<string>();
  // Judged by the divergences seen on the report's runtime, as the run was (judge/scope.ts).
  const scoped = probes.map((p) => ({ ...p, knownDivergences: divergencesOn(p.knownDivergences, report.environment) }));
  const on = judgedOn(report.environment);
  const judged = report.trials.map((t) => (selected(t) ? rejudgeTrial(t, cases.find((x) => x.spec.id === t.case), scoped.find((x) => x.spec.name === t.probe), on) : null));
  // The control rule over the whole report, as the run applied it (judge/controls.ts); a
  // shard's report is controlled once merged.
  const judgedTrials = judged.map((j, i) => j?.trial ?? report.trials[i]);
  const trials = report.shard ? judgedTrials : applyCalibration(applyControls(judgedTrials));
  report.trials.forEach((t, i) => {
    const j = judged[i];
    if (!j) return;
    const { trial: _t, ...status } = j;
    if (status.status === 'same' || status.status === 'differs') {
      judgedCases.add(t.case);
      const found = trials[i] === j.trial ? (status.status === 'differs' ? status.differences : []) : differences(t, trials[i]);
      out.push(found.length ? { probe: t.probe, case: t.case, status: 'differs', differences: found } : { probe: t.probe, case: t.case, status: 'same' });
    } else out.push({ probe: t.probe, case: t.case, ...status });
  });
  const caseEntries = report.cases.map((entry) => {
    const now = cases.find((c) => c.spec.id === entry.id);
    if (!now || !judgedCases.has(entry.id)) return entry;
    if (now.sha256 !== entry.sha256) notes.push(`case ${entry.id} changed since the report (sha256 ${entry.sha256.slice(0, 12)}… then, ${now.sha256.slice(0, 12)}… now): its trials are judged by the case as it is now`);
    return caseEntry(now);
  });
  // The explanations the probe files give now, with the code they cite (read without git).
  const probeEntries = report.probes.map((entry) => {
    const probe = probes.find((p) => p.spec.name === entry.name);
    if (!probe || !entry.verified) return entry;
    const { explanations: old, ...rest } = entry;
    // A runtime's own code from the cache, read when the run read it: judge starts no process.
    // What the run read is kept where this machine cannot read it again.
    const explanations = citedExplanations(probe, true, runtimeOf(report.environment)).map((e) => ({ ...e, cites: e.cites.map((c) => keptCode(c, old ?? [])) }));
    return explanations.length ? { ...rest, explanations } : rest;
  });
  return { report: { ...report, semantics: SEMANTICS, probes: probeEntries, cases: caseEntries, trials, summary: summarize(trials, report.interrupted) }, trials: out, notes };
}

/** A runtime's cited code as the run recorded it, where it cannot be read here now. */
function keptCode(c: CitedCode, old: NonNullable<ReportProbe['explanations']>): CitedCode {
  if ('path' in c || !c.code?.startsWith('(not shown:')) return c;
  const { code: _code, lines: _lines, ...key } = c as CitedCode & { lines?: unknown };
  const same = old.flatMap((e) => e.cites).find((o) => {
    const { code: _c, lines: _l, ...other } = o as CitedCode & { lines?: unknown };
    return !('path' in o) && isDeepStrictEqual(other, key) && o.code !== undefined && !o.code.startsWith('(not shown:');
  });
  return same ?? c;
}

export function rejudgeFailed(r: Rejudgement): boolean {
  return r.trials.some((t) => t.status === 'differs' || t.status === 'cannot judge');
}

export function renderRejudgement(r: Rejudgement): string {
  const show = (v: unknown) => (v === undefined ? '(none)' : JSON.stringify(v));
  const lines = r.notes.map((n) => `note: ${n}`);
  for (const t of r.trials) {
    if (t.status === 'differs') {
      for (const d of t.differences) lines.push(`${t.probe} ${t.case}: ${d.what}: stored ${show(d.stored)}, judged now ${show(d.now)}`);
    } else if (t.status === 'cannot judge') lines.push(`${t.probe} ${t.case}: cannot judge: ${t.why}`);
  }
  const count = (s: TrialStatus['status']) => r.trials.filter((t) => t.status === s).length;
  lines.push(
    `${r.trials.length} trial(s): judged again from their observations, ${count('same')} as stored and ${count('differs')} differ; ` +
      `${count('cannot judge')} cannot be judged; ${count('no observations')} have none (they did not run).`,
  );
  return lines.join('\n');
}
