#!/usr/bin/env node
// The childproof command. It runs its own build of the sources as they are (made on the
// first command after a change, in the cache), or the sources through tsx: no build step
// between a checkout and a run either way.
//
// tsx keeps its cache in the temporary directory and makes it before any of childproof
// runs: a TMPDIR that is a file, read-only or under /sys would end every command, help
// too, in the loader's stack trace. So TMPDIR is asked first, in plain JavaScript.
import { fdProblem } from '../runners/os/fd-limit.mjs';
import { tmpdirProblem } from '../runners/os/temp-dir.mjs';
import { cliBuild, loadCliBuild } from './cli-build.mjs';

// A working directory removed under the command (a test's scratch, a build's) would end it
// at its first relative path, in a stack trace: asked first, in one line.
try {
  process.cwd();
} catch (err) {
  process.stderr.write(`childproof: the current directory cannot be read (${err?.code ?? err}): it was removed, or this user cannot enter it; run from a directory that exists\n`);
  process.exit(2);
}
const problem = tmpdirProblem();
if (problem) {
  process.stderr.write(`childproof: ${problem}\n`);
  process.exit(2);
}
// The command line built from these sources (bin/cli-build.mjs), else the sources
// themselves through the TypeScript loader.
// A process out of file descriptors fails first in the loader, or in a child it cannot
// start: said in one line, exit 2. Any other error nothing caught is a bug of childproof's
// own: its stack, and exit 70, never 1, which means a finding.
/** @param {any} err */
const failed = (err) => {
  const said = fdProblem(err);
  process.stderr.write(said ? `childproof: ${said}\n` : `${err?.stack ?? String(err)}\nchildproof: an internal error (exit 70): a bug of childproof's own\n`);
  process.exit(said ? 2 : 70);
};
process.on('uncaughtException', failed);

/**
 * The build's exports; null where it was removed between being found and being read (a
 * newer build of this checkout replaced it: bin/cli-build.mjs), and the sources run instead.
 * @param {string} entry
 */
function loadedOrGone(entry) {
  try {
    return loadCliBuild(entry, process.argv[2]);
  } catch (err) {
    if (/** @type {{ code?: unknown }} */ (err)?.code === 'ENOENT') return null;
    throw err;
  }
}
try {
  const built = await cliBuild();
  const loaded = built ? loadedOrGone(built) : null;
  if (!loaded) (await import('tsx/esm/api')).register();
  const { cli } = loaded ?? (await import('../runners/cli/main.ts'));
  await cli(process.argv.slice(2));
} catch (err) {
  failed(err);
}
