// `childproof compare A B`: two reports, trial by trial: the facts and outcomes that differ.
// With --ignore-racy, a fact the probe records as a racy known divergence is not compared.

import { EXIT } from '../model/errors.ts';
import { loadProbes } from '../model/load-probes.ts';
import { compareReports, racyIn, renderComparison } from '../report/compare.ts';
import { readReport } from '../report/report-file.ts';
import { parse } from './args.ts';

export function cmdCompare(args: string[]): number {
  const { values, positionals } = parse(args, { 'ignore-racy': { type: 'boolean' } }, { min: 2, max: 2, what: 'compare takes two report files' });
  const [a, b] = positionals.map(readReport);
  const probes = [...new Set([a, b].flatMap((r) => r.probes.map((p) => p.name)))];
  const comparison = compareReports(a, b, values['ignore-racy'] ? racyIn(loadProbes(probes)) : undefined);
  process.stdout.write(`${renderComparison(comparison)}\n`);
  return comparison.differences.length || comparison.onlyIn.length ? EXIT.notAsExpected : EXIT.ok;
}
