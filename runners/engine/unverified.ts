// Which loaded modules ran without being pinned.

import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { HARNESS_DIRS } from '../model/paths.ts';
import type { PreparedProbe } from './prepare.ts';

/** node_modules paths from the package on; anything else as it is. */
function displayModule(file: string): string {
  const i = file.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  return i >= 0 ? file.slice(i + 1) : file;
}

/**
 * Modules a trial loaded that are neither the verified copy, nor childproof itself, nor
 * the probe's adapter, nor Node's builtins: code that ran without being pinned.
 */
export function unverifiedModules(modules: string[], p: PreparedProbe): string[] {
  const adapterDir = path.dirname(path.join(p.probe.codeDir, p.probe.spec.adapter ?? '.'));
  const trusted = [...HARNESS_DIRS, p.probe.dir, adapterDir, ...(p.material?.pinnedDirs ?? [])].map((d) => `${pathToFileURL(d).href}/`);
  return modules
    .filter((url) => url.startsWith('file:') && !trusted.some((t) => url.startsWith(t)))
    .map((url) => displayModule(fileURLToPath(url)))
    .sort();
}
