// childproof's cache (CACHE_DIR in model/paths.ts), checked once before a command that
// builds, installs or downloads into it: a cache that cannot be written is a setup
// mistake, told in one line with the way to move it, not an error from deep inside a
// build or an install, and not after a run has begun.

import fs from 'node:fs';
import { InputError } from './errors.ts';
import { display, makeEachLevel } from './files.ts';
import { cannotWrite } from './output.ts';
import { CACHE_DIR, cacheLocation } from './paths.ts';

/** Makes the cache directory if need be and proves a file can be created in it. */
export function checkCache(dir = CACHE_DIR): void {
  const fail = (why: string) =>
    new InputError([`the cache ${display(dir)} (from ${cacheLocation().from}): ${why}; set CHILDPROOF_CACHE to a directory this user can write`]);
  try {
    makeEachLevel(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw fail(code === 'EEXIST' || code === 'ENOTDIR' ? 'cannot be made a directory (a file is in the way)' : `cannot be made (${code ?? String(err)})`);
  }
  if (!fs.statSync(dir).isDirectory()) throw fail('cannot be made a directory (a file is in the way)');
  const refused = cannotWrite(dir);
  if (refused) throw fail(`cannot be written (${refused})`);
}
