// Where childproof's cache is, in plain JavaScript: the command asks it before any
// TypeScript runs (bin/cli-build.mjs keeps its build of the command line there), and
// model/paths.ts asks it for everything else.

import os from 'node:os';
import path from 'node:path';

/**
 * The one directory childproof writes on its own account: built harness, installed
 * targets, downloaded Node releases. Never inside the checkout, so a read-only checkout
 * runs: CHILDPROOF_CACHE, else $XDG_CACHE_HOME/childproof, else ~/.cache/childproof. A
 * relative XDG_CACHE_HOME is ignored, as the XDG base directory specification says.
 * `from` says which, in the words a user would set it with.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {{ dir: string, from: string }}
 */
export function cacheLocation(env = process.env) {
  if (env.CHILDPROOF_CACHE) return { dir: path.resolve(env.CHILDPROOF_CACHE), from: 'CHILDPROOF_CACHE' };
  if (env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME)) return { dir: path.join(env.XDG_CACHE_HOME, 'childproof'), from: 'XDG_CACHE_HOME' };
  return { dir: path.join(os.homedir(), '.cache', 'childproof'), from: 'the home directory' };
}
