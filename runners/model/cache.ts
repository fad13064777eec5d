// childproof's cache (CACHE_DIR in model/paths.ts), checked once before a command that
// builds, installs or downloads into it: a cache that cannot be written is a setup
// mistake, told in one line with the way to move it, not an error from deep inside a
// build or an install, and not after a run has begun.

import fs from 'node:fs';
import path from 'node:path';
import { InputError } from './errors.ts';
import { display } from './files.ts';
import { CACHE_DIR } from './paths.ts';

/** Where the cache's location came from, in the words a user would set it with. */
export function cacheSource(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CHILDPROOF_CACHE) return 'CHILDPROOF_CACHE';
  if (env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME)) return 'XDG_CACHE_HOME';
  return 'the home directory';
}

/**
 * mkdir -p one level at a time: Node's recursive mkdir retries for ever where mkdir
 * answers ENOENT under a parent that exists (/proc), so a cache set there would hang.
 */
function makeEachLevel(dir: string): void {
  const missing: string[] = [];
  for (let d = dir; !fs.existsSync(d); d = path.dirname(d)) missing.unshift(d);
  for (const d of missing) fs.mkdirSync(d);
}

/** Makes the cache directory if need be and proves a file can be created in it. */
export function checkCache(dir = CACHE_DIR): void {
  const fail = (why: string) =>
    new InputError([`the cache ${display(dir)} (from ${cacheSource()}): ${why}; set CHILDPROOF_CACHE to a directory this user can write`]);
  try {
    makeEachLevel(path.resolve(dir));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw fail(code === 'EEXIST' || code === 'ENOTDIR' ? 'cannot be made a directory (a file is in the way)' : `cannot be made (${code ?? String(err)})`);
  }
  if (!fs.statSync(dir).isDirectory()) throw fail('is not a directory');
  // Root passes every permission check but not a read-only mount: try, do not ask.
  try {
    fs.rmdirSync(fs.mkdtempSync(path.join(dir, '.write-check-')));
  } catch (err) {
    throw fail(`cannot be written (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
}
