// esbuild's synchronous calls without its worker thread (runners/model/esbuild-sync.ts):
// the setting that turns the thread off is esbuild's own, read as it loads, and it is put
// back at once, so it never reaches a process childproof starts (a trial's target).

import { createRequire } from 'node:module';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { esbuildVersion, transformSync } from '../../runners/model/esbuild-sync.ts';
import { finish } from '../support/suite.ts';

test("the setting that turns esbuild's thread off is not left in the environment, and the copy loaded is esbuild's own", () => {
  assert.is(transformSync('let a = 1', { loader: 'ts' }).code, 'let a = 1;\n');
  assert.is(process.env.ESBUILD_WORKER_THREADS, undefined);
  assert.is(esbuildVersion, (createRequire(import.meta.url)('esbuild') as { version: string }).version);
});

finish(test);
