// Reading a file that someone else may have put in its place. A run directory lives in a
// shared temporary directory, so what is found there is opened only when lstat says it is
// a regular file, never through a link, and never in a way that could block: a FIFO or a
// device where a file should be is refused, not waited on.

import fs from 'node:fs';

const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = fs.constants;

/** The file's text, or null when it is missing, not a regular file, or larger than `most`. */
export function readRegularFile(file: string, most = 64 * 1024): string | null {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(file);
  } catch {
    return null;
  }
  if (!st.isFile() || st.size > most) return null;
  let fd: number;
  try {
    fd = fs.openSync(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    // Swapped between the lstat and the open: check what was opened, not what was named.
    const opened = fs.fstatSync(fd);
    if (!opened.isFile() || opened.ino !== st.ino || opened.size > most) return null;
    const buf = Buffer.alloc(opened.size);
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    return buf.subarray(0, n).toString('utf8');
  } catch {
    return null;
  } finally {
    fs.closeSync(fd);
  }
}
