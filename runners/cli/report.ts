// `childproof report --from FILE.jsonl`: the report a run's stream holds, rebuilt whole,
// for a run that died before it could write its own.

import { EXIT, InputError } from '../model/errors.ts';
import { display } from '../model/files.ts';
import { writeReport } from '../report/report-file.ts';
import { renderTable } from '../report/render-terminal.ts';
import { reportFromStream } from '../report/stream.ts';
import { parse, string } from './args.ts';
import { checkOutput } from '../model/output.ts';

export function cmdReport(args: string[]): number {
  const { values } = parse(args, { from: { type: 'string' }, out: { type: 'string' } });
  const from = string(values.from);
  if (!from) throw new InputError(['report needs --from FILE.jsonl: the stream of a run']);
  const out = string(values.out) ?? `${from.replace(/\.jsonl$/, '')}.json`;
  checkOutput(out, '--out', [from]);
  const report = reportFromStream(from);
  writeReport(out, report);
  process.stdout.write(`${renderTable(report)}\nReport: ${display(out)}\n`);
  if (report.interrupted) {
    process.stderr.write(`childproof: the run was interrupted (${report.interrupted.by}): ${report.interrupted.finished} of ${report.interrupted.planned} trials finished\n`);
    return EXIT.notAsExpected;
  }
  return report.summary.asExpected ? EXIT.ok : EXIT.notAsExpected;
}
