// esbuild's synchronous calls, each answered by the esbuild binary in a child process of
// its own (execFileSync), never by the worker thread esbuild otherwise starts for them. The
// caller waits for that thread's reply in Atomics.wait, which nothing interrupts: a thread
// that could not start (a process out of file descriptors) left a command waiting forever,
// where a child that cannot start is an error like any other, said in one line
// (os/fd-limit.mjs). A command makes a call or two, and starting the thread cost some 80 ms
// of CPU against some 25 for a call.
//
// esbuild reads ESBUILD_WORKER_THREADS once, as it loads: this module loads its own copy
// with the variable set, and puts back what was there, so the variable never reaches a
// process childproof starts, and another copy already loaded (the command line's build
// uses the asynchronous API) is left as it was.

import { createRequire } from 'node:module';
import type * as Esbuild from 'esbuild';

const require = createRequire(import.meta.url);

function withoutThreads(): typeof Esbuild {
  const main = require.resolve('esbuild');
  const loaded = require.cache[main];
  const setting = process.env.ESBUILD_WORKER_THREADS;
  delete require.cache[main];
  process.env.ESBUILD_WORKER_THREADS = '0';
  try {
    return require(main) as typeof Esbuild;
  } finally {
    if (setting === undefined) delete process.env.ESBUILD_WORKER_THREADS;
    else process.env.ESBUILD_WORKER_THREADS = setting;
    if (loaded) require.cache[main] = loaded;
    else delete require.cache[main];
  }
}

// Loaded at the first call: most commands make none, and loading it was 8 ms of each.
let loaded: typeof Esbuild | null = null;
const esbuild = (): typeof Esbuild => (loaded ??= withoutThreads());

export const buildSync = ((options: Esbuild.BuildOptions) => esbuild().buildSync(options)) as typeof Esbuild.buildSync;
export const transformSync = ((input: string, options?: Esbuild.TransformOptions) => esbuild().transformSync(input, options)) as typeof Esbuild.transformSync;

/** The version of the esbuild that answers the calls, from its package, without loading it. */
export const esbuildVersion: string = (require('esbuild/package.json') as { version: string }).version;
