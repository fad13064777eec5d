// Where childproof writes: checked before any work starts, so a long run never ends in a
// write that fails, and never replaces what is not a report (a directory, a device, a
// FIFO, a link); and one run at a time per report, by a lock file beside it.

import fs from 'node:fs';
import path from 'node:path';
import { InputError } from './errors.ts';
import { display, errnoText, makeEachLevel } from './files.ts';
import { readPidRecord, writePidRecord, type PidRecord } from './pid-record.ts';
import { cannotWrite } from '../protocol/can-create.mjs';

/** Refuses, with exit 2, an output that is not a regular file or cannot be written, or
 *  that is one of `inputs` (by the file itself, whatever path names it): writing it would
 *  replace what the command reads. */
export function checkOutput(file: string, option = '--out', inputs: readonly string[] = []): void {
  if (file === '') throw new InputError([`${option} expects a file name, not an empty string`]);
  const abs = path.resolve(file);
  const where = `${option} ${display(file)}`;
  let st: fs.Stats | null = null;
  try {
    st = fs.lstatSync(abs);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw new InputError([`${where}: cannot be written (${code ?? String(err)})`]);
  }
  if (st?.isDirectory()) throw new InputError([`${where}: is a directory; expected a file name`]);
  if (st?.isSymbolicLink()) throw new InputError([`${where}: is a link; name the file itself`]);
  if (st && !st.isFile()) throw new InputError([`${where}: is not a regular file (a device, a FIFO or a socket); expected a file name`]);
  const same = st ? inputs.find((i) => sameFile(i, st!)) : undefined;
  if (same !== undefined) throw new InputError([`${where}: is ${display(same)}, which this command reads; write to another file`]);
  writableDirectory(path.dirname(abs), where);
}

/** Whether `file` is the file `st` describes (one inode, however it is named). */
function sameFile(file: string, st: fs.Stats): boolean {
  try {
    const other = fs.statSync(file);
    return other.dev === st.dev && other.ino === st.ino;
  } catch {
    return false;
  }
}

/** The nearest directory that exists on the way to `dir` must be one this process may create a file in. */
function writableDirectory(dir: string, where: string): void {
  let existing = dir;
  for (;;) {
    try {
      const st = fs.statSync(existing);
      if (!st.isDirectory()) throw new InputError([`${where}: ${display(existing)} is not a directory`]);
      break;
    } catch (err) {
      if (err instanceof InputError) throw err;
      const parent = path.dirname(existing);
      if (parent === existing) throw new InputError([`${where}: no directory on its path exists`]);
      existing = parent;
    }
  }
  const refused = cannotWrite(existing);
  if (refused) throw new InputError([`${where}: ${display(existing)} cannot be written (${refused})`]);
}

export { cannotWrite };

/**
 * Takes the lock on a report (and its stream): FILE.lock, made exclusively, naming this
 * process. Another live run holding it is refused with exit 2, naming its pid; a lock
 * whose holder is dead (a run killed outright) is taken over. Returns the release.
 */
export function lockOutput(file: string, isAlive: (h: PidRecord) => boolean, self: PidRecord, named = { as: `--out ${display(file)}`, busy: 'another run (pid PID) is writing this report; wait for it to finish, or choose another --out' }): () => void {
  const lock = `${path.resolve(file)}.lock`;
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      writePidRecord(lock, self);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw new InputError([`${named.as}: its lock ${display(lock)} cannot be written (${errnoText(err as NodeJS.ErrnoException)})`]);
      const holder = readPidRecord(lock);
      if (holder && isAlive(holder)) {
        throw new InputError([`${named.as}: ${named.busy.replace('PID', String(holder.pid))}`]);
      }
      // Its holder is gone, or it is not a lock childproof wrote: take it over.
      fs.rmSync(lock, { force: true });
      continue;
    }
    return () => {
      const now = readPidRecord(lock);
      if (now && now.pid === self.pid && now.startTime === self.startTime) fs.rmSync(lock, { force: true });
    };
  }
  throw new InputError([`${named.as}: its lock ${display(lock)} keeps changing hands; is another run starting?`]);
}

/** Makes a directory (and those on its way) to write into, or refuses, exit 2, saying what is in the way. */
export function makeDirectory(dir: string, what: string): void {
  try {
    makeEachLevel(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'EEXIST' || code === 'ENOTDIR' ? 'a file is in the way' : (code ?? String(err));
    throw new InputError([`${what} ${display(dir)}: cannot be made a directory (${why})`]);
  }
  if (!fs.statSync(dir).isDirectory()) throw new InputError([`${what} ${display(dir)}: cannot be made a directory (a file is in the way)`]);
}
