// Whether the temporary directory can hold what childproof and its TypeScript loader make
// there. Plain JavaScript with no dependencies: the command asks it before the loader,
// which would otherwise fail first, with a stack trace, at its own mkdir.

import fs from 'node:fs';
import os from 'node:os';
import { cannotWrite } from '../protocol/can-create.mjs';

/**
 * One line saying why the temporary directory is unusable, or null when a file can be
 * made in it (protocol/can-create.mjs). Never a recursive mkdir, which loops for ever
 * under /proc.
 * @returns {string | null}
 */
export function tmpdirProblem() {
  const dir = os.tmpdir();
  const named = process.env.TMPDIR ? `TMPDIR ${dir}` : `the temporary directory ${dir}`;
  const fix = process.env.TMPDIR ? '; set TMPDIR to a directory this user can write' : '';
  let st;
  try {
    st = fs.statSync(dir);
  } catch (err) {
    return `${named}: cannot be used (${/** @type {NodeJS.ErrnoException} */ (err).code ?? String(err)})${fix}`;
  }
  if (!st.isDirectory()) return `${named}: is not a directory${fix}`;
  const refused = cannotWrite(dir);
  if (refused) return `${named}: no file can be made in it (${refused})${fix}`;
  return null;
}
