// What a command runs: the probes named (every built-in one when none is) and the cases
// matching the patterns given, beside every shipped case (where controls are found and
// probes' divergences checked).

import type { LoadedCase } from './case.ts';
import { loadAllCases, selectCases } from './load-cases.ts';
import { builtinProbeNames, loadProbes } from './load-probes.ts';
import type { LoadedProbe } from './probe.ts';

interface Selection {
  probes: LoadedProbe[];
  cases: LoadedCase[];
  allCases: LoadedCase[];
}

/** The probes named (or found in the directories given); every built-in one by default. */
export function chosenProbes(names: string[]): LoadedProbe[] {
  return loadProbes(names.length ? names : builtinProbeNames());
}

export function select(probeNames: string[], casePatterns: string[]): Selection {
  const allCases = loadAllCases();
  return { probes: chosenProbes(probeNames), cases: selectCases(allCases, casePatterns), allCases };
}
