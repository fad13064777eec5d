// Where a pin's paths may point, and where an installed package is: shared by pinning and
// by verifying, so that neither has to import the other.

import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../model/errors.ts';

/** A pinned path must stay inside its root: relative, no `..`, no backslashes. */
export function checkPinnedPath(probe: string, p: string): void {
  const bad =
    p === '' || path.isAbsolute(p) || p.includes('\\') || p.split('/').some((seg) => seg === '..' || seg === '');
  if (bad) throw new InputError([`probe ${probe}: path "${p}": expected a relative path inside the root, without ".." or "/" at either end`]);
}

/** The nearest node_modules/NAME at or above `from` that holds a package.json. */
export function findPackageDir(from: string, name: string): string | null {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}
