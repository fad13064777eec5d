// The one way childproof asks git: bytes out, or one line saying what went wrong.

import { execFileSync } from 'node:child_process';
import { InputError } from '../model/errors.ts';

/** Runs `git -C cwd ARGS`; a failure is an input error that starts with `context`. */
export function git(cwd: string, args: string[], context: string): Buffer {
  try {
    return execFileSync('git', ['-C', cwd, ...args], { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: Buffer };
    if (e.code === 'ENOENT') throw new InputError([`${context}: git is needed, and it is not installed`]);
    throw new InputError([`${context}: ${(e.stderr?.toString() ?? e.message).trim().split('\n')[0]}`]);
  }
}

/** Whether `dir` is inside a git work tree. */
export function isCheckout(dir: string): boolean {
  try {
    return git(dir, ['rev-parse', '--is-inside-work-tree'], dir).toString().trim() === 'true';
  } catch {
    return false;
  }
}
