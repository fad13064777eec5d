// The runner process's side (support/runner-process.ts): each request run as it comes, all
// of them at once in this process's one scheduler pool, each report or failure sent back
// by id. When the test process is gone (its channel closed) or a stop signal comes, the
// runs still going are stopped as `childproof run` stops them, each ending what it started,
// and the process exits once they have.
//
// It runs the pipeline from the command line's build (bin/cli-build.mjs) on a bare node, as
// `childproof run` does: through the TypeScript loader the runner spent 4.6 s of CPU a
// test process, twice what it spends so. Where no build can be made, the sources run
// through the loader.

import fs from 'node:fs';
import { cliBuild, loadCliBuild } from '../../bin/cli-build.mjs';

/** @returns {Promise<typeof import('../../runners/engine/pipeline.ts')>} */
async function pipeline() {
  const entry = await cliBuild();
  // The run verb's code cache: the pipeline is what it runs.
  if (entry) return loadCliBuild(entry, 'run').loadPipeline();
  (await import('tsx/esm/api')).register();
  return import('../../runners/engine/pipeline.ts');
}

const { runPipeline } = await pipeline();
const stop = new AbortController();
/** @type {Set<Promise<unknown>>} */
const going = new Set();

/** @param {import('./runner-process.ts').RunnerReply} r */
const reply = (r) => {
  if (process.connected) process.send?.(r);
};

/**
 * Tells a sender that holds its thread (runHoldingThisThread) that the run is over; a
 * sender no longer reading (its limit passed) has no reader on the pipe, and is not waited for.
 * @param {string | undefined} ended
 */
function wake(ended) {
  if (!ended) return;
  try {
    const fd = fs.openSync(ended, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
    fs.writeSync(fd, 'ended');
    fs.closeSync(fd);
  } catch {}
}

/** @param {string} why */
function end(why) {
  stop.abort(why);
  void Promise.allSettled(going).then(() => process.exit(0));
}

process.on('message', (/** @type {import('./runner-process.ts').RunnerRequest} */ { id, request, ended }) => {
  const run = runPipeline({ ...request, stop: stop.signal })
    .then(
      (report) => reply({ id, report }),
      (/** @type {unknown} */ e) => reply({ id, error: { message: e instanceof Error ? e.message : String(e), stack: e instanceof Error ? e.stack : undefined } }),
    )
    .finally(() => {
      going.delete(run);
      wake(ended);
    });
  going.add(run);
});
process.on('disconnect', () => end('the test process is gone'));
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) process.on(signal, () => end(signal));
