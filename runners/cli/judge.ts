// `childproof judge REPORT`: judges a report again from its saved observations, with the
// case and probe files as they are now, and says per trial what differs. Starts no process.

import { EXIT, InputError } from '../model/errors.ts';
import { loadAllCases, selectCases } from '../model/load-cases.ts';
import { loadProbes, shippedProbeNames } from '../model/load-probes.ts';
import { probeProblems } from '../identity/citations.ts';
import type { LoadedProbe } from '../model/probe.ts';
import type { Report, TrialResult } from '../model/report-types.ts';
import { readReport, writeReport } from '../report/report-file.ts';
import { rejudgeFailed, rejudgeReport, renderRejudgement, type Rejudgement } from '../report/rejudge.ts';
import { parse, string, strings } from './args.ts';
import { checkOutput } from '../model/output.ts';

interface JudgeSelection {
  /** Case ids, globs, suites or case files of the user's own; every case by default. */
  cases: string[];
  /** Probe names (globs too) or probe directories; every probe of the report by default. */
  probes: string[];
}

/**
 * The probes to judge with: each named one (a directory is how a probe of the user's own,
 * or an edited copy, is given), else the shipped probe of each name the report has.
 */
function probesFor(report: Report, named: string[]): LoadedProbe[] {
  if (named.length) return loadProbes(named);
  const shipped = shippedProbeNames();
  const missing = report.probes.filter((p) => report.trials.some((t) => t.probe === p.name && t.observations) && !shipped.includes(p.name));
  if (missing.length) {
    throw new InputError(missing.map((p) => `the report has trials of probe ${p.name}, which does not ship with childproof: give its directory with --probe DIR`));
  }
  return loadProbes(shipped.filter((name) => report.probes.some((p) => p.name === name)));
}

/** Judges `report` again; only the trials `selection` names, when it names any. */
export function judgeReport(report: Report, selection: JudgeSelection): Rejudgement {
  const all = loadAllCases();
  const chosen = selection.cases.length ? selectCases(all, selection.cases) : all;
  // A case file of the user's own is met first, so it stands for the case of its id.
  const cases = [...chosen.filter((c) => !all.includes(c)), ...all];
  const probes = probesFor(report, selection.probes);
  // A probe of the user's own is held to what validate holds it to.
  const problems = probes.flatMap((p) => probeProblems(p, cases, true));
  if (problems.length) throw new InputError(problems);
  const caseIds = new Set(chosen.map((c) => c.spec.id));
  const selected = (t: TrialResult) =>
    (selection.cases.length === 0 || caseIds.has(t.case)) && (selection.probes.length === 0 || probes.some((p) => p.spec.name === t.probe));
  return rejudgeReport(report, cases, probes, selected);
}

export function cmdJudge(args: string[]): number {
  const { values, positionals } = parse(
    args,
    { case: { type: 'string', multiple: true }, probe: { type: 'string', multiple: true }, out: { type: 'string' } },
    { min: 1, max: 1, what: 'judge takes one report file' },
  );
  const report = readReport(positionals[0]);
  const result = judgeReport(report, { cases: strings(values.case), probes: strings(values.probe) });
  const out = string(values.out);
  if (out !== undefined) checkOutput(out, '--out', positionals);
  if (out) writeReport(out, result.report);
  process.stdout.write(`${renderRejudgement(result)}\n`);
  if (out) process.stdout.write(`Report: ${out}\n`);
  return rejudgeFailed(result) ? EXIT.notAsExpected : EXIT.ok;
}
