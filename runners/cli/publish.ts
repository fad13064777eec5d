// `childproof publish REPORT`: files a run's report per probe and version, and regenerates
// the findings table from the files published, linking the sweeps published beside them.

import fs from 'node:fs';
import path from 'node:path';
import { EXIT, InputError } from '../model/errors.ts';
import { display, writeFileWhole } from '../model/files.ts';
import { cannotWrite, makeDirectory } from '../model/output.ts';
import { readReport, writeReport } from '../report/report-file.ts';
import { renderFindings } from '../report/findings.ts';
import { sweepLinks } from '../report/sweep-links.ts';
import { notForRuntime, readPublished, splitByProbe } from '../report/publish.ts';
import { parse, string } from './args.ts';

export function cmdPublish(args: string[]): number {
  const { values, positionals } = parse(args, { dir: { type: 'string' } }, { min: 1, max: 1, what: 'publish takes one report file' });
  const dir = string(values.dir) ?? 'results';
  if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory()) throw new InputError([`--dir ${dir}: is not a directory`]);
  // Made one level at a time and proven writable before anything is read or written there:
  // /proc/self is a directory no file can be made in.
  makeDirectory(dir, '--dir');
  const refused = cannotWrite(dir);
  if (refused) throw new InputError([`--dir ${display(dir)}: no file can be made in it (${refused})`]);
  for (const { file, report } of splitByProbe(readReport(positionals[0]))) {
    // A runtime's own API is not filed under the runtimes it does not exist on.
    if (notForRuntime(report, report.probes[0].name)) {
      process.stdout.write(`skipped ${file}: ${report.trials[0].reason}\n`);
      continue;
    }
    writeReport(path.join(dir, file), report);
    process.stdout.write(`wrote ${path.join(dir, file)}\n`);
  }
  const readme = path.join(dir, 'README.md');
  writeFileWhole(readme, `${renderFindings(readPublished(dir), sweepLinks(dir))}\n`);
  process.stdout.write(`wrote ${readme}\n`);
  return EXIT.ok;
}
