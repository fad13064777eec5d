// `childproof compare A B`: two reports, trial by trial: the facts and outcomes that differ.

import { EXIT } from '../model/errors.ts';
import { compareReports, renderComparison } from '../report/compare.ts';
import { readReport } from '../report/report-file.ts';
import { parse } from './args.ts';

export function cmdCompare(args: string[]): number {
  const { positionals } = parse(args, {}, { min: 2, max: 2, what: 'compare takes two report files' });
  const comparison = compareReports(readReport(positionals[0]), readReport(positionals[1]));
  process.stdout.write(`${renderComparison(comparison)}\n`);
  return comparison.differences.length || comparison.onlyIn.length ? EXIT.notAsExpected : EXIT.ok;
}
