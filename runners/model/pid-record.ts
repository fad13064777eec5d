// Who holds something (a report's lock, an install in progress): a small JSON file naming a
// process by pid and kernel start time, so a holder that died can be told from one that
// lives and from a later process given the same pid. Written by the holder, read without
// trusting it (protocol/safe-read.mjs).

import fs from 'node:fs';
import { readRegularFile } from '../protocol/safe-read.mjs';

export interface PidRecord {
  pid: number;
  startTime: string | null;
}

/** The record in `file`, or null when it is missing, not a regular file, or not a record. */
export function readPidRecord(file: string): PidRecord | null {
  try {
    const r = JSON.parse(readRegularFile(file, 4096) ?? 'null');
    return Number.isSafeInteger(r?.pid) ? { pid: r.pid, startTime: typeof r.startTime === 'string' ? r.startTime : null } : null;
  } catch {
    return null;
  }
}

/**
 * Writes `record` to a new file; fails if one is there (`wx`), which is what a lock needs.
 * A record that could not be written whole (a full disk) is removed, not left as a lock
 * that names nobody.
 */
export function writePidRecord(file: string, record: PidRecord): void {
  const fd = fs.openSync(file, 'wx', 0o644);
  try {
    fs.writeFileSync(fd, JSON.stringify(record));
  } catch (err) {
    fs.closeSync(fd);
    fs.rmSync(file, { force: true });
    throw err;
  }
  fs.closeSync(fd);
}
