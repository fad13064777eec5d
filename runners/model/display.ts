// How a path is shown to the person who typed it.

import path from 'node:path';

/** A path as the user would type it from here: relative when below the working directory. */
export function display(file: string): string {
  const rel = path.relative(process.cwd(), file);
  if (rel === '') return '.';
  return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel;
}
