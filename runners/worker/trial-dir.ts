// The fixtures' side of a trial directory (written by fixture/fixture.mjs), and reading it:
//   procs/<pid>.json    who each fixture process is, written before anything else
//   events/<pid>.jsonl  what happened to it, one JSON line per event
//   ready/<role>        written once its handlers are installed

import fs from 'node:fs';
import path from 'node:path';
import type { FixtureRecord, RawEvent } from '../model/observations.ts';
import { readRegularFile } from '../model/safe-read.ts';

export const readyDir = (trialDir: string) => path.join(trialDir, 'ready');
export const eventsDir = (trialDir: string) => path.join(trialDir, 'events');

function jsonFiles(dir: string, suffix: string): string[] {
  try {
    return fs.readdirSync(dir).filter((f) => f.endsWith(suffix)).map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}

/** The target runs in the trial directory as this user: what is found there is read only
 *  as a regular file, never blocking on a FIFO it put in a record's place. */
const regular = (f: string, most = 16 << 20) => readRegularFile(f, most);

export function readRecords(trialDir: string): FixtureRecord[] {
  return jsonFiles(path.join(trialDir, 'procs'), '.json').flatMap((f) => {
    try {
      const record = JSON.parse(regular(f) ?? 'null') as FixtureRecord | null;
      return record && Number.isSafeInteger(record.pid) ? [record] : [];
    } catch {
      return [];
    }
  });
}

/** Events of every fixture process; a line cut short by a SIGKILL is dropped, not fatal. */
export function readEvents(trialDir: string): RawEvent[] {
  const events: RawEvent[] = [];
  for (const f of jsonFiles(eventsDir(trialDir), '.jsonl')) {
    for (const line of (regular(f) ?? '').split('\n')) {
      if (!line) continue;
      try {
        events.push(JSON.parse(line));
      } catch {}
    }
  }
  return events;
}

/** What the fixtures of a trial wrote about themselves. */
export function readFixtures(trialDir: string): { records: FixtureRecord[]; events: RawEvent[] } {
  return { records: readRecords(trialDir), events: readEvents(trialDir) };
}
