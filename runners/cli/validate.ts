// `childproof validate [FILE]...`: every shipped case, probe and transcription, or the
// files named (cases, probes, divergences, transcriptions, reports and the parts they share,
// in-toto statements and DSSE envelopes), checked and run never.

import path from 'node:path';
import { probeProblems } from '../identity/citations.ts';
import type { LoadedCase } from '../model/case.ts';
import { EXIT, InputError } from '../model/errors.ts';
import { display, readJson } from '../model/files.ts';
import { validate } from '../model/schemas.ts';
import { expectationFiles, lintCoverage, lintExpectations } from '../model/lint.ts';
import { CASE_SUFFIX, loadAllCases, loadCase } from '../model/load-cases.ts';
import { DIVERGENCES_FILE, loadProbeDir, shippedProbes } from '../model/load-probes.ts';
import type { LoadedProbe } from '../model/probe.ts';
import { PARTS_FILE, readParts } from '../report/parts-file.ts';
import { readReport } from '../report/report-file.ts';
import { parse } from './args.ts';

/** Every problem of the shipped files, each as one line. */
function shippedProblems(collect: (fn: () => void) => void): { problems: string[]; checked: number } {
  let cases: LoadedCase[] = [];
  let probes: LoadedProbe[] = [];
  collect(() => {
    cases = loadAllCases();
  });
  collect(() => {
    probes = shippedProbes();
  });
  const problems = probes.flatMap((probe) => probeProblems(probe, cases));
  if (probes.length) problems.push(...lintCoverage(cases, probes));
  const transcriptions = expectationFiles();
  for (const file of transcriptions) collect(() => problems.push(...lintExpectations(file, cases)));
  return { problems, checked: cases.length + probes.length + transcriptions.length };
}

/** The problems of one file the user named, by what kind of file it is. */
function fileProblems(file: string): string[] {
  if (file.endsWith(CASE_SUFFIX)) {
    loadCase(file);
    return [];
  }
  const base = path.basename(file);
  if (base === 'probe.json' || base === DIVERGENCES_FILE) {
    const probe = loadProbeDir(path.dirname(file));
    return probeProblems(probe, loadAllCases());
  }
  if (base === PARTS_FILE) {
    readParts(path.dirname(file));
    return [];
  }
  const data = readJson(file).data as { kind?: unknown; _type?: unknown; payloadType?: unknown };
  if (data?.kind === 'published-expectations') return lintExpectations(file, loadAllCases());
  if (data?.kind === 'published-changes') return validate('changes', data, display(file));
  // An attestation: a statement, or the envelope that signs one (its signature is verify's).
  if (data?._type !== undefined) return validate('statement', data, display(file));
  if (data?.payloadType !== undefined) return validate('envelope', data, display(file));
  readReport(file);
  return [];
}

export function cmdValidate(args: string[]): number {
  const { positionals } = parse(args, {}, { min: 0, max: Infinity, what: '' });
  const problems: string[] = [];
  const collect = (fn: () => void) => {
    try {
      fn();
    } catch (err) {
      if (err instanceof InputError) problems.push(...err.problems);
      else throw err;
    }
  };
  let checked = 0;
  if (positionals.length === 0) {
    const shipped = shippedProblems(collect);
    problems.push(...shipped.problems);
    checked = shipped.checked;
  } else {
    for (const file of positionals) {
      collect(() => {
        problems.push(...fileProblems(file));
        checked++;
      });
    }
  }
  if (problems.length) throw new InputError(problems);
  process.stdout.write(`${checked} file(s) valid\n`);
  return EXIT.ok;
}
