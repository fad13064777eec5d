// How a trial's records name a directory, by where it is from the trial's: written by the
// fixture and the worker, compared by judge/calibration.ts.

import path from 'node:path';

/**
 * A directory as a record names it: `<trial>` for the trial directory, `<trial>/x` below
 * it, `<outside>` for any other, so no path of this machine is kept. Which of them a
 * child started in is all a comparison needs: every cwd a call hands is the trial's.
 */
export function trialPath(dir, p) {
  const rel = path.relative(dir, p);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return '<outside>';
  return rel ? `<trial>/${rel.split(path.sep).join('/')}` : '<trial>';
}
