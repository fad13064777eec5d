// Reading what fixtures wrote into a trial directory.

import fs from 'node:fs';
import path from 'node:path';
import type { FixtureRecord, RawEvent } from './types.ts';

function jsonFiles(dir: string, suffix: string): string[] {
  try {
    return fs.readdirSync(dir).filter((f) => f.endsWith(suffix)).map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}

export function readRecords(trialDir: string): FixtureRecord[] {
  return jsonFiles(path.join(trialDir, 'procs'), '.json').map((f) => JSON.parse(fs.readFileSync(f, 'utf8')));
}

/** Events of every fixture process; a line cut short by a SIGKILL is dropped, not fatal. */
export function readEvents(trialDir: string): RawEvent[] {
  const events: RawEvent[] = [];
  for (const f of jsonFiles(path.join(trialDir, 'events'), '.jsonl')) {
    for (const line of fs.readFileSync(f, 'utf8').split('\n')) {
      if (!line) continue;
      try {
        events.push(JSON.parse(line));
      } catch {}
    }
  }
  return events;
}
