// When the harness fires the trigger. Readiness and the child's signals are files the
// fixture writes, so waiting on them is waiting on an event, never on a clock.

import fs from 'node:fs';
import path from 'node:path';
import { eventsDir, readRecords, readyDir } from './trial-dir.ts';
import { readRegularFile } from '../model/safe-read.ts';

/**
 * Calls `then` once `seen()` holds, re-checking whenever `watchDir` changes, unless
 * `gaveUp()` holds first (the call settled, so the trigger is moot).
 */
export function whenSeen(watchDir: string, seen: () => boolean, gaveUp: () => boolean, then: () => void): void {
  fs.mkdirSync(watchDir, { recursive: true });
  let watcher: fs.FSWatcher | null = null;
  const check = () => {
    if (watcher && (seen() || gaveUp())) {
      watcher.close();
      watcher = null;
      if (!gaveUp()) then();
    }
  };
  watcher = fs.watch(watchDir, check);
  check();
}

export const childIsReady = (dir: string) => fs.existsSync(path.join(readyDir(dir), 'child'));

export function childWasSignalled(dir: string): boolean {
  const child = readRecords(dir).find((r) => r.role === 'child');
  if (!child) return false;
  return (readRegularFile(path.join(eventsDir(dir), `${child.pid}.jsonl`), 16 << 20) ?? '').includes('"kind":"signal"');
}

/** Arms an abort that waits for an event of the child: its readiness, or its first signal. */
export function abortWhen(after: 'ready' | 'signal', dir: string, settled: () => boolean, abort: () => void): void {
  if (after === 'ready') whenSeen(readyDir(dir), () => childIsReady(dir), settled, abort);
  else whenSeen(eventsDir(dir), () => childWasSignalled(dir), settled, abort);
}
