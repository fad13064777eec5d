// Which loaded modules ran without being pinned.

import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { HARNESS_DIRS } from '../model/paths.ts';
import type { PreparedProbe } from '../identity/prepare-target.ts';

/**
 * node_modules paths from the first node_modules on, so that a nested copy
 * (node_modules/a/node_modules/b/x.js) is told from the top-level one (node_modules/b/x.js):
 * they are two modules, and which copy ran is what an auditor asks. Anything else as it is.
 */
export function displayModule(file: string): string {
  const i = file.indexOf(`${path.sep}node_modules${path.sep}`);
  return i >= 0 ? file.slice(i + 1) : file;
}

/**
 * Modules a trial loaded that are neither the verified copy, nor childproof itself, nor
 * the probe's adapter, nor Node's builtins: code that ran without being pinned. Each once:
 * a module in both Node's load cache and the require cache is one module that ran.
 */
export function unverifiedModules(modules: string[], p: PreparedProbe): string[] {
  const adapterDir = path.dirname(path.join(p.probe.codeDir, p.probe.spec.adapter ?? '.'));
  const trusted = [...HARNESS_DIRS, p.probe.dir, adapterDir, ...(p.material?.pinnedDirs ?? [])].map((d) => `${pathToFileURL(d).href}/`);
  const loose = modules.filter((url) => url.startsWith('file:') && !trusted.some((t) => url.startsWith(t))).map((url) => displayModule(fileURLToPath(url)));
  return [...new Set(loose)].sort();
}
