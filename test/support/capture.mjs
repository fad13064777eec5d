// Running a verb of the command line inside this process, given the command line's
// `runCommand`: from the sources (support/in-process.ts) or from its build (support/verbs-on.mjs).
// What each call writes is routed to that call alone (AsyncLocalStorage), so calls running
// at once, and output of the test itself, never mix. Its exit code as the command would
// give it, and what it wrote; or what it threw that the command would have shown as a
// stack trace.

import { AsyncLocalStorage } from 'node:async_hooks';

/** @typedef {{ stdout: string, stderr: string }} Captured */
/** @typedef {{ code: number, stdout: string, stderr: string } | { threw: unknown }} VerbResult */

/** @type {AsyncLocalStorage<Captured>} */
const calls = new AsyncLocalStorage();
let routed = false;

/** process.stdout and stderr write into the call whose context the write is made in. */
function route() {
  if (routed) return;
  routed = true;
  for (const [stream, key] of /** @type {const} */ ([[process.stdout, 'stdout'], [process.stderr, 'stderr']])) {
    const write = /** @type {(...a: unknown[]) => boolean} */ (stream.write.bind(stream));
    stream.write = /** @type {typeof stream.write} */ (
      (/** @type {unknown} */ chunk, /** @type {unknown[]} */ ...rest) => {
        const call = calls.getStore();
        if (!call) return write(chunk, ...rest);
        call[key] += typeof chunk === 'string' ? chunk : Buffer.from(/** @type {Uint8Array} */ (chunk)).toString();
        /** @type {(() => void) | undefined} */ (rest.find((r) => typeof r === 'function'))?.();
        return true;
      }
    );
  }
}

/**
 * @param {(argv: string[]) => Promise<number>} runCommand
 * @returns {(args: string[]) => Promise<VerbResult>}
 */
export function capturing(runCommand) {
  return async (args) => {
    route();
    /** @type {Captured} */
    const captured = { stdout: '', stderr: '' };
    try {
      const code = await calls.run(captured, () => runCommand(args));
      return { code, ...captured };
    } catch (e) {
      return { threw: e };
    }
  };
}
