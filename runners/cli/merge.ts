// `childproof merge PART... --out FILE`: the shards of one run (reports or their streams)
// joined into the report one unsharded run would have written.

import { EXIT, InputError } from '../model/errors.ts';
import { display } from '../model/files.ts';
import { mergeReports } from '../report/merge-shards.ts';
import { readReport, writeReport } from '../report/report-file.ts';
import { renderTable } from '../report/render-terminal.ts';
import { reportFromStream } from '../report/stream.ts';
import { parse, string } from './args.ts';
import { checkOutput } from '../model/output.ts';

export function cmdMerge(args: string[]): number {
  const { values, positionals } = parse(args, { out: { type: 'string' } }, { min: 1, max: Infinity, what: 'merge takes the reports (or .jsonl streams) of every shard' });
  const out = string(values.out);
  if (!out) throw new InputError(['merge needs --out FILE: where the merged report goes']);
  checkOutput(out, '--out', positionals);
  const parts = positionals.map((file) => ({ file: display(file), report: file.endsWith('.jsonl') ? reportFromStream(file) : readReport(file) }));
  const merged = mergeReports(parts);
  if ('problems' in merged) throw new InputError(merged.problems);
  writeReport(out, merged.report);
  process.stdout.write(`${renderTable(merged.report)}\nReport: ${display(out)} (${parts.length} part${parts.length === 1 ? '' : 's'})\n`);
  return merged.report.summary.asExpected ? EXIT.ok : EXIT.notAsExpected;
}
