// The source files of a folder, as the layout tests read them: TypeScript and ES modules.

import fs from 'node:fs';
import path from 'node:path';

export function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|mjs)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}
