// Every location childproof knows relative to its own checkout, in one place: moving a
// file means changing one line here, not hunting for `..` in five modules.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheLocation } from './cache-location.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const CASES_DIR = path.join(ROOT, 'cases');
export const PROBES_DIR = path.join(ROOT, 'probes');
export const MUTANTS_DIR = path.join(PROBES_DIR, 'mutants');
export const SCHEMA_DIR = path.join(ROOT, 'schemas');
export const RESULTS_DIR = path.join(ROOT, 'results');
export const RUNNERS_DIR = path.join(ROOT, 'runners');
export const PACKAGE_JSON = path.join(ROOT, 'package.json');
/** The cache: CHILDPROOF_CACHE, else $XDG_CACHE_HOME/childproof, else ~/.cache/childproof
 *  (model/cache-location.mjs, which the command asks before any TypeScript runs). */
export { cacheLocation };

export const cacheDir = (env: NodeJS.ProcessEnv = process.env): string => cacheLocation(env).dir;
export const CACHE_DIR = cacheDir();
/** Package probes' targets, installed on demand, one directory per package@version
 *  (identity/install.ts). */
export const TARGETS_DIR = path.join(CACHE_DIR, 'targets');
/** Downloaded Node releases for --node and --runtime node@V. */
export const NODE_CACHE_DIR = path.join(CACHE_DIR, 'node');
/** Downloaded Bun and Deno releases for --runtime, one directory per runtime and release. */
export const RUNTIME_CACHE_DIR = path.join(CACHE_DIR, 'runtimes');
/** Digests of runtime binaries, each beside the file's identity (identity/binary-digest.ts). */
export const DIGEST_CACHE_DIR = path.join(CACHE_DIR, 'digests');

export const WORKER = path.join(RUNNERS_DIR, 'worker', 'worker-main.ts');
export const CHECK_EXPORTS = path.join(RUNNERS_DIR, 'worker', 'exports-main.ts');
export const SUPERVISOR = path.join(RUNNERS_DIR, 'supervisor', 'supervisor-main.ts');
/** The worker and the adapters built to JavaScript, content-addressed: trials start them
 *  with a bare node, no TypeScript loader. */
export const HARNESS_BUILD_DIR = path.join(CACHE_DIR, 'harness');
export const LOADER_HOOKS = path.join(RUNNERS_DIR, 'worker', 'loader-hooks.mjs');
/** What `import ... from 'childproof'` names: the adapter contract (package.json exports). */
export const ADAPTER_API = path.join(RUNNERS_DIR, 'model', 'adapter.ts');
export const FIXTURE = path.join(RUNNERS_DIR, 'fixture', 'fixture.mjs');
/** The client of a server case: the server's parent (engine/kinds/server-trial.ts). */
export const SERVER_CLIENT = path.join(RUNNERS_DIR, 'fixture', 'server-client.mjs');

/**
 * childproof's own code, as written and as built: modules loaded from here are the
 * harness, never the target, so they are not reported as unverified.
 */
export const HARNESS_DIRS: readonly string[] = [RUNNERS_DIR, HARNESS_BUILD_DIR];
