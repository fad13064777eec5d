// Every published report under each DIR, and each sweep's table, written again in the form
// this version stores them in (report/report-file.ts: the parts a publication's reports
// share once, in the one parts.jsonl at or above DIR; a timeline its observations give
// left out; a table a line per version, report/report-text.ts), changing nothing a reader
// reads: each report is read whole, written, read back and compared with what was read,
// and any difference stops it there. Judges nothing and runs nothing; `make
// results-rejudged` runs it on the sweeps, whose reports no run publishes again.
//
//   node --import tsx bin/restore-reports.ts [DIR...]

import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { writeFileWhole } from '../runners/model/files.ts';
import { PARTS_FILE, pruneParts } from '../runners/report/parts-file.ts';
import { readReport, writeReport } from '../runners/report/report-file.ts';
import { reportText, SWEEP_LISTED } from '../runners/report/report-text.ts';

/** A report's file: a folder's JSON other than the changes list, a sweep's table and a run's own output. */
const isReport = (f: string) => f.endsWith('.json') && !['changes.json', 'sweep.json'].includes(path.basename(f)) && !path.basename(f).startsWith('latest');

const dirs = process.argv.length > 2 ? process.argv.slice(2) : ['results'];
const count = { written: 0, kept: 0, tables: 0 };
for (const dir of dirs) {
  const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort().map((f) => path.join(dir, f));
  for (const file of files.filter((f) => path.basename(f) === 'sweep.json')) {
    // A sweep's table, a line per version (report/report-text.ts), as publish-sweep.ts writes it.
    const before = fs.readFileSync(file, 'utf8');
    const now = reportText(JSON.parse(before), SWEEP_LISTED);
    if (now !== before) {
      writeFileWhole(file, now);
      count.tables++;
    }
  }
  // Every report is read before any store moves: one stored in an older form reads from a
  // parts.jsonl of its own folder, which then goes, as the publication's one store takes its parts.
  const reports = files.filter(isReport).map((file) => ({ file, before: fs.readFileSync(file, 'utf8'), report: readReport(file) }));
  for (const store of files.filter((f) => path.basename(f) === PARTS_FILE && path.dirname(f) !== path.normalize(dir))) fs.rmSync(store);
  for (const { file, before, report } of reports) {
    writeReport(file, report, { publication: dir });
    if (!isDeepStrictEqual(readReport(file), report)) {
      process.stderr.write(`${file}: reads back otherwise once stored again (a bug of childproof's; git shows what changed)\n`);
      process.exit(70);
    }
    if (fs.readFileSync(file, 'utf8') === before) count.kept++;
    else count.written++;
  }
  pruneParts(dir);
}
process.stdout.write(`${count.written} report(s) stored again, ${count.kept} already so; ${count.tables} sweep table(s) written again\n`);
