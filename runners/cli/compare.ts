// `childproof compare A B`: two reports, trial by trial: the facts and outcomes that differ.
// With --ignore-racy, a fact the probe records as a racy known divergence is not compared.

import { EXIT } from '../model/errors.ts';
import { loadProbes } from '../model/load-probes.ts';
import type { Report } from '../model/report.ts';
import { compareReports, renderComparison, type IsRacy } from '../report/compare.ts';
import { readReport } from '../report/report-file.ts';
import { parse } from './args.ts';

/** The racy known divergences of the reports' probes, as they are recorded now. */
function racyDivergences(reports: Report[]): IsRacy {
  const probes = loadProbes([...new Set(reports.flatMap((r) => r.probes.map((p) => p.name)))]);
  const racy = probes.flatMap((p) => p.knownDivergences.filter((k) => k.racy).map((k) => `${p.spec.name}\u0000${k.case}\u0000${k.fact}`));
  return (probe, caseId, fact) => racy.includes(`${probe}\u0000${caseId}\u0000${fact}`);
}

export function cmdCompare(args: string[]): number {
  const { values, positionals } = parse(args, { 'ignore-racy': { type: 'boolean' } }, { min: 2, max: 2, what: 'compare takes two report files' });
  const [a, b] = positionals.map(readReport);
  const comparison = compareReports(a, b, values['ignore-racy'] ? racyDivergences([a, b]) : undefined);
  process.stdout.write(`${renderComparison(comparison)}\n`);
  return comparison.differences.length || comparison.onlyIn.length ? EXIT.notAsExpected : EXIT.ok;
}
