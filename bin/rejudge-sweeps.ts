// The published sweeps' pages judged again (runners/report/rejudge-sweep.ts): each page's
// table of where each clause holds, from its sweep.json and the cases as they are now.
// `make results-rejudged` runs it after judging the reports.
//
//   node --import tsx bin/rejudge-sweeps.ts [results/sweeps]

import fs from 'node:fs';
import path from 'node:path';
import { loadAllCases } from '../runners/model/load-cases.ts';
import { writeFileWhole } from '../runners/model/files.ts';
import { rejudgedSweepPage, type PublishedSweep } from '../runners/report/rejudge-sweep.ts';

const dir = process.argv[2] ?? path.join('results', 'sweeps');
const cases = loadAllCases();
for (const name of fs.readdirSync(dir).sort()) {
  const sweepFile = path.join(dir, name, 'sweep.json');
  const pageFile = path.join(dir, name, 'README.md');
  if (!fs.existsSync(sweepFile) || !fs.existsSync(pageFile)) continue;
  const sweep = JSON.parse(fs.readFileSync(sweepFile, 'utf8')) as PublishedSweep;
  const page = fs.readFileSync(pageFile, 'utf8');
  const now = rejudgedSweepPage(page, sweep, cases);
  if (now !== page) writeFileWhole(pageFile, now);
  process.stdout.write(`${pageFile}: ${now === page ? 'unchanged' : 'judged again'}\n`);
}
