// Node's spawnSync: the call blocks the calling thread until the child is gone and
// returns what became of it, errors included. The adapter checks the result the way a
// user does: the error it carries is thrown, a non-zero or signalled exit rejects with
// the code and signal attached, as for the spawn probe.

import { definedOnly, type AdapterRun } from 'childproof';

export const uses = ['spawnSync'];

export const run: AdapterRun<typeof import('node:child_process')> = async (call, target) => {
  const options = definedOnly({
    shell: call.shell && true,
    timeout: call.timeout,
    killSignal: call.options.killSignal as NodeJS.Signals | undefined,
  });
  const result = target.spawnSync(call.file, call.args, { cwd: call.cwd, ...options });
  if (result.error) throw result.error;
  if (result.status === 0) return { code: 0 };
  throw Object.assign(new Error(`child exited with ${result.signal ?? `code ${result.status}`}`), { exitCode: result.status, signal: result.signal });
};
