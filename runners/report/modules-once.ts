// A report's file holds the modules no pin covers once per probe: a trial whose list is
// exactly its probe's (probes[].verified.unverifiedModules, the union of its trials')
// says `probe` instead of repeating it. Every trial of a probe that loads a package's
// dependencies repeats the same few hundred paths, a fifth of a published report's bytes.
// In memory a report always holds each list. Pure.

import type { Report, TrialResult, TrialRun } from '../model/report-types.ts';

type Listed = Pick<TrialResult, 'unverifiedModules'>;

/** The same modules: a list from before trials listed each module once may name one twice. */
function same(a: string[], b: string[]): boolean {
  const once = [...new Set(a)].sort();
  return once.length === b.length && once.every((m, i) => m === b[i]);
}

function eachRun<T extends Listed>(t: T & { repeats?: TrialResult['repeats'] }, map: (r: Listed) => Listed): T {
  const own = { ...t, ...map(t) };
  return t.repeats ? { ...own, repeats: { ...t.repeats, others: t.repeats.others.map((r: TrialRun) => ({ ...r, ...map(r) })) } } : own;
}

function listsOf(report: Report): Map<string, string[]> {
  return new Map(report.probes.flatMap((p) => (p.verified ? [[p.name, p.verified.unverifiedModules] as const] : [])));
}

/** The report as its file holds it. */
export function modulesOnce(report: Report): Report {
  const lists = listsOf(report);
  const pack = (probe: string) => (r: Listed): Listed => {
    const theirs = lists.get(probe);
    return Array.isArray(r.unverifiedModules) && r.unverifiedModules.length > 0 && theirs && same(r.unverifiedModules, theirs) ? { unverifiedModules: 'probe' } : {};
  };
  return { ...report, trials: report.trials.map((t) => eachRun(t, pack(t.probe))) };
}

/** The report as it is read: every trial's own list, each module once (a list from before
 *  trials listed each once may name one twice). A trial that says `probe` of a probe with
 *  no list (a report edited by hand) gets none, as the schema and consistency say. */
export function modulesEach(report: Report): Report {
  const lists = listsOf(report);
  const unpack = (probe: string) => (r: Listed): Listed => {
    if (r.unverifiedModules === 'probe') return { unverifiedModules: [...(lists.get(probe) ?? [])] };
    return Array.isArray(r.unverifiedModules) ? { unverifiedModules: [...new Set(r.unverifiedModules)].sort() } : {};
  };
  return { ...report, trials: report.trials.map((t) => eachRun(t, unpack(t.probe))) };
}
