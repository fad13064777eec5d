// Node's execFileSync: the call blocks the calling thread until the child is gone and
// throws what went wrong, as its users meet it. A synchronous call takes no signal; the
// promise only carries what it returned or threw.

import { definedOnly, type AdapterRun } from 'childproof';

export const uses = ['execFileSync'];

export const run: AdapterRun<typeof import('node:child_process')> = async (call, target) => {
  const options = definedOnly({
    shell: call.shell && true,
    maxBuffer: call.maxBuffer,
    timeout: call.timeout,
    killSignal: call.options.killSignal as NodeJS.Signals | undefined,
  });
  return target.execFileSync(call.file, call.args, { cwd: call.cwd, ...options });
};
