// Rules a schema cannot state, checked across files: divergences that could match, cases
// that something fails, transcriptions that still describe their cases.

import { CASE_SUFFIX, walk } from './load-cases.ts';
import type { CaseSpec, LoadedCase } from './case.ts';
import { display, readJson } from './files.ts';
import { CASES_DIR } from './paths.ts';
import type { LoadedProbe } from './probe.ts';
import { validateRead } from './schemas.ts';

/** What an explanation can say of the case it is filed for, and the case it must then be. */
const CASE_CLAIMS: Array<{ says: RegExp; true: (spec: CaseSpec) => boolean; needs: string }> = [
  { says: /\b(the )?command is missing\b|\bmissing command\b/i, true: (spec) => spec.call.command === 'missing', needs: 'whose command is missing' },
];

/**
 * A known divergence must name a case that exists and a fact that case asserts, or it
 * could never match and would hide nothing but itself; a mutant must be caught through
 * the clause it claims to break.
 */
export function lintProbe(probe: LoadedProbe, cases: LoadedCase[]): string[] {
  const problems: string[] = [];
  const mutant = probe.spec.mutant;
  if (mutant) {
    const caught = probe.knownDivergences.some((k) =>
      cases.find((c) => c.spec.id === k.case)?.spec.assertions.some((a) => a.fact === k.fact && a.clause === mutant.breaks),
    );
    if (!caught) {
      problems.push(`${display(probe.file)}: /mutant/breaks: expected a known divergence on a fact that some case ties to "${mutant.breaks}", the clause this mutant breaks`);
    }
  }
  for (const k of probe.knownDivergences) {
    const c = cases.find((x) => x.spec.id === k.case);
    const where = `${display(probe.divergencesFile)}: ${k.pointer}`;
    if (!c) problems.push(`${where}/case: expected the id of an existing case, not "${k.case}"`);
    else if (!c.spec.assertions.some((a) => a.fact === k.fact)) {
      problems.push(`${where}/fact: expected a fact that case ${k.case} asserts, not "${k.fact}"`);
    } else {
      const claim = CASE_CLAIMS.find((x) => x.says.test(k.why) && !x.true(c.spec));
      if (claim) problems.push(`${where}/case: expected a case ${claim.needs}: its explanation says so, and ${k.case} is not one`);
    }
  }
  return problems;
}

/**
 * A case no known-bad implementation fails proves nothing: each must be failed by a
 * mutant or by a real probe's known divergence, or say why it only observes.
 */
export function lintCoverage(cases: LoadedCase[], probes: LoadedProbe[]): string[] {
  const failed = new Set(probes.filter((p) => p.spec.name !== 'reference').flatMap((p) => p.knownDivergences.map((k) => k.case)));
  return cases
    .filter((c) => !c.spec.observationOnly && !failed.has(c.spec.id))
    .map((c) => `${display(c.file)}: /: expected a mutant or a real probe's known divergence that fails this case, or "observationOnly" with the reason`);
}

/** Published-expectations files kept beside their suites. */
export function expectationFiles(root = CASES_DIR): string[] {
  return walk(root, '.json').filter((f) => !f.endsWith(CASE_SUFFIX));
}

/**
 * An expectations file is only replayable while each row's case is the file it was
 * transcribed against: a case edited since must be transcribed again.
 */
export function lintExpectations(file: string, cases: LoadedCase[]): string[] {
  const read = readJson(file);
  const problems = validateRead('expectations', read, display(file));
  if (problems.length) return problems;
  const rows = (read.data as { rows: Array<{ case: string; sha256: string }> }).rows;
  return rows.flatMap((row, i) => {
    const c = cases.find((x) => x.spec.id === row.case);
    if (!c) return [`${display(file)}: /rows/${i}/case: expected the id of an existing case, not "${row.case}"`];
    if (c.sha256 !== row.sha256) {
      return [`${display(file)}: /rows/${i}/sha256: expected ${c.sha256}, the digest of ${display(c.file)} as it is now (transcribe the row again if the case changed)`];
    }
    return [];
  });
}
