// How a kept thing knows the files it was made from unchanged without reading them, as
// git's index does: each file's path, size, inode and times of change. A write changes
// its time of change. Plain JavaScript: the command line's build (bin/cli-build.mjs)
// signs its sources with it before any TypeScript can load.

import { createHash } from 'node:crypto';
import fs from 'node:fs';

/**
 * One digest of `seed` and of every file in `files`, in their order; a missing file is
 * signed as missing, so that its coming back is a change.
 * @param {string} seed what else the signature depends on
 * @param {readonly string[]} files
 */
export function statSignature(seed, files) {
  const hash = createHash('sha256').update(seed);
  for (const file of files) {
    const st = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
    hash.update(`\0${file}\0${st ? `${st.size}\0${st.ino}\0${st.mtimeNs}\0${st.ctimeNs}` : '-'}`);
  }
  return hash.digest('hex');
}
