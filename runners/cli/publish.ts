// `childproof publish REPORT`: files a run's report per probe and version, and regenerates
// the findings table from the files published, linking the sweeps published beside them and
// opening with what changed since the publication began (`publish --begin`, changes.json).

import fs from 'node:fs';
import path from 'node:path';
import { EXIT, InputError } from '../model/errors.ts';
import { display, writeFileWhole } from '../model/files.ts';
import { cannotWrite, lockOutput, makeDirectory } from '../model/output.ts';
import { processState, startTimeOf } from '../os/processes.ts';
import type { Report } from '../model/report-types.ts';
import { shippedRacy } from '../report/compare-observed.ts';
import { copyReportFile, pruneParts } from '../report/parts-file.ts';
import { readReport, writeReport } from '../report/report-file.ts';
import { saysTheSame } from '../report/republish.ts';
import { renderFindings } from '../report/findings.ts';
import { sweepLinks } from '../report/sweep-links.ts';
import { notForRuntime, readPublished, splitByProbe } from '../report/publish-files.ts';
import { parse, string } from './args.ts';
import { beginChanges, CHANGES_FILE, readChanges, updateChanges, writeChanges } from '../report/changes-file.ts';

export function cmdPublish(args: string[]): number {
  const { values, positionals } = parse(args, { dir: { type: 'string' }, begin: { type: 'boolean' }, why: { type: 'string' }, previous: { type: 'string' } }, { min: 0, max: 1, what: 'publish takes one report file' });
  const dir = string(values.dir) ?? 'results';
  if (values.why !== undefined && values.begin !== true) throw new InputError(['--why goes with --begin: it says why a publication begins']);
  if (values.begin !== true && positionals.length !== 1) throw new InputError(['publish takes one report file, or --begin to start a publication']);
  if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory()) throw new InputError([`--dir ${dir}: is not a directory`]);
  const previous = string(values.previous);
  if (previous !== undefined && !(fs.existsSync(previous) && fs.statSync(previous).isDirectory())) throw new InputError([`--previous ${previous}: expected the directory of an earlier publication`]);
  // Made one level at a time and proven writable before anything is read or written there:
  // /proc/self is a directory no file can be made in.
  makeDirectory(dir, '--dir');
  const refused = cannotWrite(dir);
  if (refused) throw new InputError([`--dir ${display(dir)}: no file can be made in it (${refused})`]);
  // One publication at a time: two at once each wrote the README from what it read, and one library was lost.
  const self = { pid: process.pid, startTime: startTimeOf(process.pid) };
  const release = lockOutput(path.join(dir, 'README.md'), (h) => processState(h.pid, h.startTime) === 'running', self, { as: `--dir ${display(dir)}`, busy: 'another publish (pid PID) is writing into it; run one at a time' });
  try {
    return publishLocked(dir, values, positionals);
  } finally {
    release();
  }
}

/**
 * The published report, in `--previous DIR` (where make results moves the last
 * publication) or in place (`inPlace`, as already read), that says what `report` says: its
 * bytes stand, and a republication that changes nothing adds nothing to the history. Null
 * when there is none.
 */
function keptFrom(previous: string | undefined, dir: string, inPlace: Map<string, Report>, file: string, report: Report): string | null {
  const racy = shippedRacy();
  const earlier = previous === undefined ? null : readIfReport(path.join(previous, file));
  if (earlier && saysTheSame(earlier, report, racy)) return path.join(previous!, file);
  const here = inPlace.get(file);
  return here && saysTheSame(here, report, racy) ? path.join(dir, file) : null;
}

/** The report at `file`, or null where there is none or it no longer reads (an older
 *  format): such a one is published over, never kept. */
function readIfReport(file: string): Report | null {
  if (!fs.existsSync(file)) return null;
  try {
    return readReport(file);
  } catch {
    return null;
  }
}

function publishLocked(dir: string, values: Record<string, unknown>, positionals: string[]): number {
  // What changed is measured from the verdicts as the publication began: --begin takes them
  // (make results does, before it clears the reports); without it, the first publish does.
  const already = readPublished(dir);
  const before = already.map((p) => p.report);
  if (values.begin === true) {
    if (positionals.length) throw new InputError(['publish --begin takes no report: it records the verdicts published now']);
    const why = string(values.why);
    if (why !== undefined && why.trim() === '') throw new InputError(['--why expects a sentence saying why the publication begins, not an empty string']);
    writeChanges(dir, beginChanges(before, undefined, why));
    process.stdout.write(`wrote ${path.join(dir, CHANGES_FILE)}: a publication begins, from ${before.length} published report(s)\n`);
    return EXIT.ok;
  }
  const began = readChanges(dir) ?? beginChanges(before);
  const inPlace = new Map(already.map((p) => [p.file, p.report]));
  for (const { file, report } of splitByProbe(readReport(positionals[0]))) {
    // A runtime's own API is not filed under the runtimes it does not exist on.
    if (notForRuntime(report, report.probes[0].name)) {
      process.stdout.write(`skipped ${file}: ${report.trials[0].reason}\n`);
      continue;
    }
    const kept = keptFrom(string(values.previous), dir, inPlace, file, report);
    if (kept) {
      if (kept !== path.join(dir, file)) copyReportFile(kept, path.join(dir, file), dir);
      process.stdout.write(`kept ${path.join(dir, file)}: it says what the new run says (${report.trials.length} trials, the same outcomes and facts)\n`);
      continue;
    }
    writeReport(path.join(dir, file), report, { publication: dir });
    process.stdout.write(`wrote ${path.join(dir, file)}\n`);
  }
  pruneParts(dir);
  const published = readPublished(dir);
  const changes = updateChanges(began, published.map((p) => p.report));
  writeChanges(dir, changes);
  process.stdout.write(`wrote ${path.join(dir, CHANGES_FILE)}: ${changes.changes.length} verdict(s) changed since ${changes.since.slice(0, 10)}\n`);
  const readme = path.join(dir, 'README.md');
  writeFileWhole(readme, `${renderFindings(published, sweepLinks(dir), undefined, changes)}\n`);
  process.stdout.write(`wrote ${readme}\n`);
  return EXIT.ok;
}
