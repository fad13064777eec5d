// Every location childproof knows relative to its own checkout, in one place: moving a
// file means changing one line here, not hunting for `..` in five modules.

import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const CASES_DIR = path.join(ROOT, 'cases');
export const PROBES_DIR = path.join(ROOT, 'probes');
export const MUTANTS_DIR = path.join(PROBES_DIR, 'mutants');
export const SCHEMA_DIR = path.join(ROOT, 'schemas');
export const RESULTS_DIR = path.join(ROOT, 'results');
export const RUNNERS_DIR = path.join(ROOT, 'runners');
export const PACKAGE_JSON = path.join(ROOT, 'package.json');
/** Package probes' targets, installed on demand, one directory per package@version
 *  (identity/install.ts). CHILDPROOF_CACHE moves the cache (the targets below it). */
export const TARGETS_DIR = process.env.CHILDPROOF_CACHE ? path.resolve(process.env.CHILDPROOF_CACHE, 'targets') : path.join(ROOT, '.cache', 'targets');
/** Downloaded Node releases for --node. */
export const NODE_CACHE_DIR = path.join(ROOT, '.cache', 'node');

export const WORKER = path.join(RUNNERS_DIR, 'worker', 'main.ts');
export const CHECK_EXPORTS = path.join(RUNNERS_DIR, 'worker', 'check-exports.ts');
export const SUPERVISOR = path.join(RUNNERS_DIR, 'supervisor', 'main.ts');
/** The worker and the adapters built to JavaScript, content-addressed: trials start them
 *  with a bare node, no TypeScript loader. */
export const HARNESS_BUILD_DIR = path.join(ROOT, '.cache', 'harness');
export const LOADER_HOOKS = path.join(RUNNERS_DIR, 'worker', 'loader-hooks.mjs');
/** What `import ... from 'childproof'` names: the adapter contract (package.json exports). */
export const ADAPTER_API = path.join(RUNNERS_DIR, 'model', 'adapter.ts');
export const FIXTURE = path.join(RUNNERS_DIR, 'fixture', 'fixture.mjs');

/**
 * childproof's own code, as written and as built: modules loaded from here are the
 * harness, never the target, so they are not reported as unverified.
 */
export const HARNESS_DIRS: readonly string[] = [RUNNERS_DIR, HARNESS_BUILD_DIR];
