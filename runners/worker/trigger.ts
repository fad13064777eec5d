// When the harness fires the trigger. Readiness and the child's signals are files the
// fixture writes, so waiting on them is waiting on an event, never on a clock.

import fs from 'node:fs';
import { eventsDir, eventsText, readRecords, readyDir, readyFile, whenSeen } from '../protocol/trial-dir.mjs';

export const childIsReady = (dir: string) => fs.existsSync(readyFile(dir, 'child'));

export function childWasSignalled(dir: string): boolean {
  const child = readRecords(dir).find((r) => r.role === 'child');
  return !!child && eventsText(dir, child.pid).includes('"kind":"signal"');
}

/** Bun's fs.watch drops events (protocol/trial-dir.mjs whenSeen); elsewhere the watch alone serves. */
const RECHECK_MS = (process.versions as Record<string, string | undefined>).bun ? 10 : undefined;

/** Arms an abort that waits for an event of the child: its readiness, or its first signal. */
export function abortWhen(after: 'ready' | 'signal', dir: string, settled: () => boolean, abort: () => void): void {
  if (after === 'ready') whenSeen(readyDir(dir), () => childIsReady(dir), settled, abort, RECHECK_MS);
  else whenSeen(eventsDir(dir), () => childWasSignalled(dir), settled, abort, RECHECK_MS);
}
