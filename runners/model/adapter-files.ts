// An adapter and the local files it imports, each read through the bounded reader before
// anything builds or loads them: a FIFO in their place would hold the build (and the whole
// command, deaf to SIGTERM) for ever, /dev/zero would never end. Any file that is not a
// regular one is refused, exit 2, naming it. Relative imports only: a package is the
// installer's to check.

import fs from 'node:fs';
import path from 'node:path';
import { readInput } from './read-input.ts';

/** Adapters and what they import are source files, far below this. */
const MOST = 16 * 1024 * 1024;
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|(?:^|[\s;(=])import\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|(?:^|[\s;])import\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const CODE = /\.(m|c)?[jt]sx?$/;

/** The file an import names, as a bundler would find it, or null when none is there. */
function resolved(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  // Named with its extension, the file is that one, whatever it is: the reader says if it is no file.
  if (/\.\w+$/.test(spec) && fs.existsSync(base)) return base;
  const tries = [base, base.replace(/\.(m|c)?js$/, '.$1ts'), ...['.ts', '.js', '.mjs', '.mts', '.cjs', '.json'].map((e) => base + e), ...['index.ts', 'index.js'].map((e) => path.join(base, e))];
  return tries.find((f) => fs.existsSync(f) && !fs.statSync(f).isDirectory()) ?? null;
}

/** Reads the adapter and every local file it imports, a few levels down, and returns the
 *  adapter's text; throws the reader's InputError for one that is not a regular file. */
export function readAdapterFiles(adapter: string): string {
  const seen = new Set<string>();
  const visit = (file: string, depth: number): string => {
    seen.add(file);
    const text = readInput(file, { what: seen.size === 1 ? 'adapter' : 'file the adapter imports', most: MOST }).toString('utf8');
    if (depth >= 8 || !CODE.test(file)) return text;
    for (const m of text.matchAll(IMPORT)) {
      const next = resolved(file, m[1] ?? m[2] ?? m[3]);
      if (next && !seen.has(next)) visit(next, depth + 1);
    }
    return text;
  };
  return visit(adapter, 0);
}
