// Running out of file descriptors said in one line: the limit this process has (as
// /proc/self/limits or `ulimit -n` gives it) and how to raise it, instead of the stack
// trace of whichever open failed, often the module loader's own. Plain JavaScript with no
// dependencies: the command asks it before and after its loader runs.

import fs from 'node:fs';

/**
 * One line for an error that is the process out of descriptors (EMFILE) or the system out
 * of them (ENFILE); null for any other error.
 * @param {unknown} err
 * @returns {string | null}
 */
export function fdProblem(err) {
  const code = /** @type {{ code?: unknown }} */ (err)?.code;
  if (code === 'ENFILE') return 'the system has no file descriptor left (ENFILE): close other programs, or raise the system\'s limit, and run again';
  if (code !== 'EMFILE') return null;
  return `too many open files${LIMIT === null ? '' : ` (this process may have ${LIMIT} open)`} (EMFILE): raise the limit, such as with ulimit -n 4096, and run again`;
}

/** The limit, read as the module loads: once descriptors run out, no file can be opened to read it. */
const LIMIT = (() => {
  try {
    return /^Max open files\s+(\d+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
})();
