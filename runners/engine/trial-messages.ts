// The runner's side of the trial directory (protocol/trial-dir.mjs owns the layout). What
// the runner hands the worker is validated before it is written; what it reads back is
// validated against schemas/trial-dir.schema.json before any of it is believed, because
// the target runs in that directory as the same user and can write anything there.

import path from 'node:path';
import type { FixtureRecord, RawEvent } from '../model/observations.ts';
import { validateDef } from '../model/schemas.ts';
import { readRegularFile } from '../protocol/safe-read.mjs';
import { PROTOCOL, readEvents, readRecords, SERVER_TRIAL_FILE, TRIAL_FILE, WORKER_FILE, writeAtomic } from '../protocol/trial-dir.mjs';
import type { ExportsCheck, ExportsCheckSpec, TrialSpec, WorkerOutput } from '../worker/messages.ts';

/** What is wrong with a message of the trial directory, by its definition in the schema. */
const problemsIn = (def: string, message: unknown, file: string) => validateDef('trial-dir', def, message, file);

/** trial.json, whole, in `dir`; a spec the schema refuses is the harness's own bug. */
export function writeTrialSpec(dir: string, spec: Omit<TrialSpec, 'protocol'>): string {
  const message: TrialSpec = { protocol: PROTOCOL, ...spec };
  const problems = problemsIn('trialSpec', message, TRIAL_FILE);
  if (problems.length) throw new Error(`the runner wrote a trial the worker could not read: ${problems.join('; ')}`);
  const file = path.join(dir, TRIAL_FILE);
  writeAtomic(file, JSON.stringify(message));
  return file;
}

/** server-trial.json, whole, in `dir`: the server client's trial, refused by the schema as the worker's is. */
export function writeServerTrialSpec(dir: string, spec: Record<string, unknown>): string {
  const message = { protocol: PROTOCOL, ...spec };
  const problems = problemsIn('serverTrialSpec', message, SERVER_TRIAL_FILE);
  if (problems.length) throw new Error(`the runner wrote a server trial its client could not read: ${problems.join('; ')}`);
  const file = path.join(dir, SERVER_TRIAL_FILE);
  writeAtomic(file, JSON.stringify(message));
  return file;
}

/** An answer the runner asked for: absent (its writer died first), refused (with why), or as it was written. */
function readAnswer<T>(file: string, def: string, name: string): { output: T } | { refused: string } | null {
  const text = readRegularFile(file, 256 << 20);
  if (text === null) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { refused: `${name} is not JSON` };
  }
  const problems = problemsIn(def, data, name);
  return problems.length ? { refused: problems.slice(0, 3).join('; ') } : { output: data as T };
}

/** worker.json: absent (the worker died first), refused (with why), or the worker's output. */
export function readWorkerOutput(dir: string): { output: WorkerOutput } | { refused: string } | null {
  return readAnswer<WorkerOutput>(path.join(dir, WORKER_FILE), 'workerOutput', WORKER_FILE);
}

/** The exports check's spec, whole, at `file`; its answer is to be written to `out`. */
export function writeExportsCheckSpec(file: string, spec: Omit<ExportsCheckSpec, 'protocol'>): void {
  const message: ExportsCheckSpec = { protocol: PROTOCOL, ...spec };
  const problems = problemsIn('exportsCheckSpec', message, path.basename(file));
  if (problems.length) throw new Error(`the runner wrote an exports check its worker could not read: ${problems.join('; ')}`);
  writeAtomic(file, JSON.stringify(message));
}

/** The exports check's answer, as readWorkerOutput reads the worker's. */
export function readExportsCheck(file: string): { output: ExportsCheck } | { refused: string } | null {
  return readAnswer<ExportsCheck>(file, 'exportsCheck', path.basename(file));
}

/** Each fixture's record that validates, without its protocol: what observations keep. */
export function fixtureRecords(dir: string): FixtureRecord[] {
  return readRecords(dir).flatMap((r) => {
    if (problemsIn('fixtureRecord', r, 'record').length) return [];
    const { protocol: _p, ...record } = r;
    return [record as unknown as FixtureRecord];
  });
}

/** Each fixture event that validates. */
function fixtureEvents(dir: string): RawEvent[] {
  return readEvents(dir).filter((e) => problemsIn('fixtureEvent', e, 'event').length === 0) as RawEvent[];
}

/** What the fixtures of a trial wrote about themselves. */
export function readFixtures(dir: string): { records: FixtureRecord[]; events: RawEvent[] } {
  return { records: fixtureRecords(dir), events: fixtureEvents(dir) };
}
