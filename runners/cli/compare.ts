// `childproof compare A B`: two reports, trial by trial: the facts and outcomes that differ.
// With --ignore-racy, a fact the probe records as a racy known divergence is not compared.

import { EXIT, InputError } from '../model/errors.ts';
import { display } from '../model/files.ts';
import { renderComparisonMarkdown } from '../report/formats/comparison-md.ts';
import { loadProbes } from '../model/load-probes.ts';
import { loadAllCases } from '../model/load-cases.ts';
import { compareReports, racyIn, renderComparison } from '../report/compare-observed.ts';
import { readReport } from '../report/report-file.ts';
import { parse, string } from './args.ts';

export function cmdCompare(args: string[]): number {
  const { values, positionals } = parse(args, { 'ignore-racy': { type: 'boolean' }, format: { type: 'string' } }, { min: 2, max: 2, what: 'compare takes two report files' });
  const format = string(values.format) ?? 'text';
  if (!['text', 'md'].includes(format)) throw new InputError([`--format expects text or md, not "${format}"`]);
  const [a, b] = positionals.map(readReport);
  const probes = [...new Set([a, b].flatMap((r) => r.probes.map((p) => p.name)))];
  const comparison = compareReports(a, b, values['ignore-racy'] ? racyIn(loadProbes(probes), loadAllCases()) : undefined);
  const names = positionals.map((f) => display(f)) as [string, string];
  process.stdout.write(format === 'md' ? renderComparisonMarkdown(comparison, names) : `${renderComparison(comparison)}\n`);
  return comparison.differences.length || comparison.onlyIn.length ? EXIT.notAsExpected : EXIT.ok;
}
