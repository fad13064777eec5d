// Reading a file that someone else may have put in its place. A run directory lives in a
// shared temporary directory, so what is found there is opened only when lstat says it is
// a regular file, never through a link, and never in a way that could block: a FIFO or a
// device where a file should be is refused, not waited on. Plain JavaScript with no
// dependencies: the fixture and the worker load it, beside the target.

import { Buffer } from 'node:buffer';
import fs from 'node:fs';

const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = fs.constants;

/**
 * The file's text, or null when it is missing, not a regular file, or larger than `most`.
 * @param {string} file
 * @param {number} [most]
 * @returns {string | null}
 */
export function readRegularFile(file, most = 64 * 1024) {
  let st;
  try {
    st = fs.lstatSync(file);
  } catch {
    return null;
  }
  if (!st.isFile() || st.size > most) return null;
  let fd;
  try {
    fd = fs.openSync(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    // Swapped between the lstat and the open: check what was opened, not what was named.
    const opened = fs.fstatSync(fd);
    if (!opened.isFile() || opened.ino !== st.ino) return null;
    // Read to the end rather than to the size stat gives: /proc's files say 0 bytes.
    /** @type {Buffer[]} */
    const chunks = [];
    let total = 0;
    for (;;) {
      // Sized to the file (one byte more, to see its end at once), not a zeroed 64 KiB each
      // time: the window reads small files a hundred times a second. Only what was read is kept.
      const chunk = Buffer.allocUnsafe(Math.min(most + 1 - total, Math.max(opened.size + 1, 4096)));
      const got = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (got === 0) break;
      chunks.push(chunk.subarray(0, got));
      total += got;
      if (total > most) return null;
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } catch {
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

/** @type {Map<string, { ino: number, size: number, mtimeMs: number, text: string, json?: any }>} */
const kept = new Map();

/**
 * The same, read again only when the file is no longer the one read last (another inode,
 * size or time): for a file written once, whole, by a rename, and looked at often.
 * @param {string} file
 * @param {number} [most]
 * @returns {string | null}
 */
function readUnchangedFile(file, most) {
  let st;
  try {
    st = fs.lstatSync(file);
  } catch {
    return null;
  }
  const known = kept.get(file);
  if (known && known.ino === st.ino && known.size === st.size && known.mtimeMs === st.mtimeMs) return known.text;
  const text = readRegularFile(file, most);
  // Replaced between the lstat and the read: the next look finds another inode and reads again.
  if (text !== null) kept.set(file, { ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, text });
  return text;
}

/**
 * The JSON of such a file, parsed once for each text read (the window looks a hundred
 * times a second): null where it is missing or does not parse. Shared by every reader, so
 * none may change it.
 * @param {string} file
 * @param {number} [most]
 * @returns {any}
 */
export function readUnchangedJson(file, most) {
  const text = readUnchangedFile(file, most);
  const known = text === null ? undefined : kept.get(file);
  if (!known || known.text !== text) return null;
  if (!('json' in known)) {
    try {
      known.json = JSON.parse(text);
    } catch {
      known.json = null;
    }
  }
  return known.json;
}
