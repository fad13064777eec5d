// A run's outputs: the report and, until the report is whole, the stream that keeps each
// finished trial safe from a runner killed outright (`report --from` rebuilds from it).
// Claimed before the first trial: the report and its stream checked (a file name,
// writable; never a directory, a device or a link), then locked, so a second run on the
// same --out is refused (exit 2, naming the other's pid) instead of writing into, and
// then deleting, the first one's stream; and the report of a run that was interrupted,
// found there, is moved aside rather than written over.

import fs from 'node:fs';
import { InputError } from '../model/errors.ts';
import { display } from '../model/files.ts';
import { checkOutput, lockOutput } from '../model/output.ts';
import type { Report } from '../model/report-types.ts';
import { processState, startTimeOf } from '../os/processes.ts';
import { writeReport } from '../report/report-file.ts';
import { openStream, streamFileFor, trialsKeptIn, type Stream } from '../report/stream.ts';
import type { RunEvent } from './events.ts';

/**
 * Returns the release of the lock. A stream already there holding finished trials is a
 * run that died (its lock was taken over just now, or it was never released): those
 * trials are nowhere else, so the run is refused rather than writing over them.
 */
function claimOutput(out: string, stream = true): () => void {
  checkOutput(out);
  if (stream) checkOutput(streamFileFor(out), '--out (its stream)');
  const release = lockOutput(out, (h) => processState(h.pid, h.startTime) === 'running', { pid: process.pid, startTime: startTimeOf(process.pid) });
  const kept = stream ? trialsKeptIn(streamFileFor(out)) : 0;
  if (kept > 0) {
    release();
    const from = display(streamFileFor(out));
    throw new InputError([
      `--out ${display(out)}: ${from} holds ${kept} finished trial${kept === 1 ? '' : 's'} of an earlier run that did not finish; recover ${kept === 1 ? 'it' : 'them'} with \`childproof report --from ${from} --out ${display(out)}\`, or move ${from} away, then run again`,
    ]);
  }
  return release;
}

/** Bytes of a report's end read for its `interrupted` line: that line is short, and last. */
const TAIL = 64 * 1024;

/**
 * What a report's `interrupted` says, read from its last lines as report-text.ts writes
 * them (`"interrupted": {...}` just before the closing brace) rather than by parsing a
 * report of megabytes before every run; null for any other file.
 */
function interruptionIn(file: string): { by?: string; finished?: number; planned?: number } | null {
  let text: string;
  try {
    const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    try {
      const { size } = fs.fstatSync(fd);
      const buffer = Buffer.alloc(Math.min(size, TAIL));
      fs.readSync(fd, buffer, 0, buffer.length, size - buffer.length);
      text = buffer.toString('utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return null;
  }
  const line = /\n"interrupted": (\{[^\n]*\})\n\}\n?$/.exec(text)?.[1];
  try {
    const value: unknown = line === undefined ? null : JSON.parse(line);
    return value !== null && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

/**
 * A report already at `out` that an interrupted run wrote holds trials nowhere else: it is
 * moved aside, beside it (report.interrupted.json, then -2, -3 …), never written over.
 * Returns what it says of it, or null when there was none.
 */
function keepInterrupted(out: string): string | null {
  const interrupted = interruptionIn(out);
  if (!interrupted) return null;
  const base = out.replace(/\.json$/, '');
  let aside = `${base}.interrupted.json`;
  for (let i = 2; fs.existsSync(aside); i++) aside = `${base}.interrupted-${i}.json`;
  fs.renameSync(out, aside);
  return `${display(out)} held a run interrupted by ${interrupted.by ?? 'a signal'} (${interrupted.finished ?? '?'} of ${interrupted.planned ?? '?'} trials): moved to ${display(aside)}, not written over`;
}

interface RunOutput {
  /** What the pipeline tells: the stream opens at its start; each finished trial is appended. */
  keep(e: RunEvent): void;
  /** What became of an interrupted run's report found at --out: moved aside, and said. */
  moved: string | null;
  /** The report written whole; then the stream that kept it safe has served, and goes. */
  write(report: Report): void;
  release(): void;
}

export function claimRunOutput(out: string): RunOutput {
  const release = claimOutput(out);
  let moved: string | null;
  try {
    moved = keepInterrupted(out);
  } catch (err) {
    release();
    throw err;
  }
  let stream: Stream | null = null;
  return {
    moved,
    keep(e) {
      if (e.kind === 'start') stream = openStream(streamFileFor(out), { kind: 'run', ...e.header, planned: e.planned });
      if (e.kind === 'trial') stream?.trial(e.trial);
    },
    write(report) {
      try {
        writeReport(out, report);
      } catch (err) {
        // The report could not be written whole: its stream is what is left, say how much.
        const cut = stream?.failed();
        if (err instanceof InputError) throw new InputError([...err.problems, cut ?? `${display(streamFileFor(out))} holds every finished trial; \`childproof report --from\` writes the report from it once there is room`]);
        throw err;
      }
      stream?.end(report.interrupted);
      stream?.remove();
    },
    release,
  };
}
