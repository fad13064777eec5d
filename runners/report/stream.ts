// The run's stream: a JSON Lines file beside the report, one line per finished trial
// appended the moment it finishes, so a run that dies loses only the trials still going.
// Once the report is written whole, the stream is removed.
//   {"kind":"run", ...the report's header, "planned": N}
//   {"kind":"trial","trial":{...}}            one per finished trial
//   {"kind":"end","interrupted":...}          only when the runner got to write it

import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../model/errors.ts';
import { display, errnoText, makeEachLevel, MOST_DEPTH, nestsDeeper, tooDeepAt } from '../model/files.ts';
import { forEachLine } from '../model/read-input.ts';
import type { Report, TrialResult } from '../model/report-types.ts';
import { validate } from '../model/schemas.ts';
import { completeReport, summarize, type ReportHeader } from './build.ts';
import { consistencyProblems } from './consistency.ts';

type StreamHeader = ReportHeader & { kind: 'run'; planned: number };
type Line = StreamHeader | { kind: 'trial'; trial: TrialResult } | { kind: 'end'; interrupted?: Report['interrupted'] };

/** Where a report's stream goes: beside it, .jsonl for .json. */
export function streamFileFor(reportFile: string): string {
  return `${reportFile.replace(/\.json$/, '')}.jsonl`;
}

export interface Stream {
  trial(t: TrialResult): void;
  end(interrupted?: Report['interrupted']): void;
  /** Why the stream stopped keeping trials (a full disk), or null while it keeps them all. */
  failed(): string | null;
  /** Once the report is written whole, the stream is no longer needed. */
  remove(): void;
}

/**
 * Each line is appended whole with one write, synchronously: a kill cuts at most the last.
 * A stream that cannot be started is refused at once (exit 2, naming it and the errno);
 * one that cannot be appended to later (a disk filling up) is cut back to its last whole
 * line, stops there and says so through `failed`: the trials before it are still in it,
 * and the report is still written whole.
 */
export function openStream(file: string, header: StreamHeader): Stream {
  try {
    makeEachLevel(path.dirname(path.resolve(file)));
    fs.writeFileSync(file, `${JSON.stringify(header)}\n`);
  } catch (err) {
    fs.rmSync(file, { force: true });
    throw new InputError([`${display(file)}: cannot be written (${errnoText(err as NodeJS.ErrnoException)})`]);
  }
  const mine = fs.lstatSync(file).ino;
  let failed: string | null = null;
  let kept = 0;
  // Bytes of whole lines so far: a write the disk took part of is cut back to them.
  let whole = fs.statSync(file).size;
  const append = (line: Line) => {
    if (failed) return;
    const text = `${JSON.stringify(line)}\n`;
    try {
      fs.appendFileSync(file, text);
      whole += Buffer.byteLength(text);
      if (line.kind === 'trial') kept++;
    } catch (err) {
      let cut = '';
      try {
        fs.truncateSync(file, whole);
      } catch (again) {
        cut = `, and its last line could not be cut back (${errnoText(again as NodeJS.ErrnoException)})`;
      }
      failed = `${display(file)}: cannot be written (${errnoText(err as NodeJS.ErrnoException)}); it holds the first ${kept} finished trial${kept === 1 ? '' : 's'}, each on a whole line${cut}`;
    }
  };
  return {
    trial: (trial) => append({ kind: 'trial', trial }),
    end: (interrupted) => append({ kind: 'end', ...(interrupted ? { interrupted } : {}) }),
    failed: () => failed,
    // Never a stream this run did not write: the file there now must be the one it made.
    remove: () => {
      try {
        if (fs.lstatSync(file).ino === mine) fs.rmSync(file, { force: true });
      } catch {}
    },
  };
}

/**
 * How many finished trials a stream left by another run holds, without trusting it: read
 * as any input is, a line at a time, never parsed whole.
 */
export function trialsKeptIn(file: string): number {
  if (!fs.existsSync(file)) return 0;
  let count = 0;
  forEachLine(file, (line) => {
    if (line.startsWith('{"kind":"trial"')) count++;
  });
  return count;
}

function problem(file: string, line: number, expected: string): InputError {
  return new InputError([`${display(file)}: line ${line}: ${expected}`]);
}

/**
 * The report a stream holds: its header, every whole trial line, and the end if it was
 * written. A stream without its end is a run that died: the report says so, and how
 * many of its planned trials finished. Whatever the file holds, the answer is a report
 * that validates or an input error naming the file and line.
 */
export function reportFromStream(file: string): Report {
  let header: StreamHeader | null = null;
  // Each trial line is checked inside the header's report, built once.
  let shell: Omit<Report, 'trials'> | null = null;
  const trials: TrialResult[] = [];
  let end: Extract<Line, { kind: 'end' }> | null = null;
  // The first piece was cut short while being written: the runner died at its start.
  let cutHeader = false;
  // Read a line at a time: a stream of many trials is never held as one string.
  forEachLine(
    file,
    (raw, n, cut) => {
      // The piece after the last newline was being written when the runner died, unless
      // it is whole (a copy that lost only its final newline), and then it counts.
      if (cut && !parses(raw)) {
        cutHeader = n === 1;
        return;
      }
      const line = parseLine(file, raw, n);
      if (n === 1) {
        if (line?.kind !== 'run') throw problem(file, 1, 'expected the run header ({"kind":"run", ...}) first');
        header = line;
        shell = headerReport(file, line);
      } else if (line?.kind === 'trial') {
        const problems = validate('report', { ...shell!, trials: [line.trial] }, `${display(file)}: line ${n}`);
        if (problems.length) throw new InputError(problems);
        trials.push(line.trial);
      } else if (line?.kind === 'end') end = line;
      else throw problem(file, n, 'expected a trial or end line');
    },
    { what: 'stream' },
  );
  if (header === null) throw problem(file, 1, cutHeader ? 'expected the run header; it was cut short while being written (the runner died at its start)' : 'expected the run header; the file is empty');
  const { kind: _kind, planned, ...rest } = header! as StreamHeader;
  const ended = end as Extract<Line, { kind: 'end' }> | null;
  const interrupted = ended ? ended.interrupted : { by: 'the runner died before its stream was ended', planned, finished: trials.length };
  const report = completeReport(rest, trials, interrupted);
  // The end line and the trials together must still make a report (an end that says
  // "interrupted": "x", a trial twice).
  const problems = [...validate('report', report, display(file)), ...consistencyProblems(report, display(file))];
  if (problems.length) throw new InputError(problems);
  return report;
}

function parses(raw: string): boolean {
  try {
    return !nestsDeeper(JSON.parse(raw), MOST_DEPTH);
  } catch {
    return false;
  }
}

const tooDeep = (file: string, n: number) => problem(file, n, `expected JSON nested at most ${MOST_DEPTH} deep`);

function parseLine(file: string, raw: string, n: number): Line {
  let line: Line;
  try {
    line = JSON.parse(raw);
  } catch {
    if (tooDeepAt(raw) >= 0) throw tooDeep(file, n);
    throw problem(file, n, 'expected one JSON value (this is not a childproof stream, or it was edited)');
  }
  if (nestsDeeper(line, MOST_DEPTH)) throw tooDeep(file, n);
  return line;
}

function headerReport(file: string, header: StreamHeader): Omit<Report, 'trials'> {
  const { kind: _kind, planned, ...rest } = header;
  if (!Number.isSafeInteger(planned) || planned < 0) throw problem(file, 1, 'expected "planned": the number of trials the run planned (a whole number, 0 or more)');
  const shell = { ...rest, summary: summarize([]) };
  const problems = validate('report', { ...shell, trials: [] }, `${display(file)}: line 1`);
  if (problems.length) throw new InputError(problems);
  return shell;
}
