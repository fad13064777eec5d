// A report's file holds the modules no pin covers once per probe: a trial whose list is
// exactly its probe's (probes[].verified.unverifiedModules, the union of its trials')
// says `probe` instead of repeating it. Every trial of a probe that loads a package's
// dependencies repeats the same few hundred paths, a fifth of a published report's bytes.
// In memory a report always holds each list. Pure.

import type { Report, TrialResult, TrialRun } from '../model/report-types.ts';

type Listed = Pick<TrialResult, 'unverifiedModules'>;

const same = (a: string[], b: string[]) => a.length === b.length && a.every((m, i) => m === b[i]);

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

/** The report as it is read: every trial's own list. A trial that says `probe` of a probe
 *  with no list (a report edited by hand) gets none, as the schema and consistency say. */
export function modulesEach(report: Report): Report {
  const lists = listsOf(report);
  const unpack = (probe: string) => (r: Listed): Listed => (r.unverifiedModules === 'probe' ? { unverifiedModules: [...(lists.get(probe) ?? [])] } : {});
  return { ...report, trials: report.trials.map((t) => eachRun(t, unpack(t.probe))) };
}
