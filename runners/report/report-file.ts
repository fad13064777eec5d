// Reading and writing reports. An invalid report is a bug in childproof, so it is never
// written; a written report is never half a file; a report read is checked first.

import { InputError, InvalidReportError } from '../model/errors.ts';
import { readJson, writeFileWhole } from '../model/files.ts';
import { withKinds } from '../model/kinds/kind.ts';
import type { Report } from '../model/report-types.ts';
import { validate, validateRead } from '../model/schemas.ts';
import { consistencyProblems } from './consistency.ts';
import { modulesEach, modulesOnce } from './modules-once.ts';
import { storeParts, withParts } from './parts-file.ts';
import { reportText } from './report-text.ts';
import { partsOut } from './shared-parts.ts';
import { timelinesDerived, timelinesOmitted } from './timelines-derived.ts';

/** `publication`: the folder of the publication a published report belongs to (`publish
 *  --dir`, `sweep --publish`). Such a report leaves out the timelines its observations
 *  give, and what the publication's reports share is stored once (report/shared-parts.ts);
 *  any other report file holds all of itself, for whatever reads it. */
export function writeReport(file: string, report: Report, { publication }: { publication?: string } = {}): void {
  const stored = modulesOnce(report);
  const problems = [...validate('report', stored, 'report'), ...consistencyProblems(report, 'report')];
  if (problems.length) throw new InvalidReportError(`childproof built a report that does not validate (a bug):\n${problems.join('\n')}`);
  if (publication === undefined) return writeFileWhole(file, reportText(stored));
  const light = partsOut(timelinesOmitted(stored));
  storeParts(publication, light.parts);
  writeFileWhole(file, reportText(light.file));
}

/** A report file, validated; one made before observations were saved is refused plainly,
 *  one made before trials recorded their kind is read with its cases' kinds. */
export function readReport(file: string): Report {
  const read = readJson(file);
  const data = withKinds(withParts(read.data, file));
  const format = (data as { formatVersion?: unknown })?.formatVersion;
  if (format === 1) {
    throw InputError.at(file, '/formatVersion', 'expected report format 2: this report predates saved observations, so it cannot be judged or compared with this version; run it again');
  }
  // The parts a report names are named by their digests, so its bytes alone say what it holds.
  const problems = validateRead('report', { data, bytes: read.bytes }, file);
  if (problems.length) throw new InputError(problems);
  const contradictions = consistencyProblems(data as Report, file);
  if (contradictions.length) throw new InputError(contradictions);
  return timelinesDerived(modulesEach(data as Report));
}
