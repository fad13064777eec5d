#!/usr/bin/env node
// The childproof command. tsx is registered here so the TypeScript sources run as they
// are, with no build step between a checkout and a run.
//
// tsx keeps its cache in the temporary directory and makes it before any of childproof
// runs: a TMPDIR that is a file, read-only or under /sys would end every command, help
// too, in the loader's stack trace. So TMPDIR is asked first, in plain JavaScript.
import { tmpdirProblem } from '../runners/os/temp-dir.mjs';

const problem = tmpdirProblem();
if (problem) {
  process.stderr.write(`childproof: ${problem}\n`);
  process.exit(2);
}
const { register } = await import('tsx/esm/api');
register();
const { cli } = await import('../runners/cli/main.ts');
await cli(process.argv.slice(2));
