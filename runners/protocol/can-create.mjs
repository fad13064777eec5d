// Whether a file can be made in a directory. Plain JavaScript with no dependencies: the
// command asks it of TMPDIR before its TypeScript loader starts (os/temp-dir.mjs), and
// every verb that writes asks it of its output's directory (model/output.ts).

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Why a file cannot be created in `dir` (the errno's code), or null when it can. Asking
 * access() is not enough (root is told yes about /proc and about a read-only mount):
 * create one, remove it.
 * @param {string} dir
 * @returns {string | null}
 */
export function cannotWrite(dir) {
  const trial = path.join(dir, `.childproof-write-${randomBytes(6).toString('hex')}`);
  try {
    fs.closeSync(fs.openSync(trial, 'wx'));
    fs.rmSync(trial, { force: true });
    return null;
  } catch (err) {
    return /** @type {NodeJS.ErrnoException} */ (err).code ?? String(err);
  }
}
