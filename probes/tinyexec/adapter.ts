// tinyexec's x(), with signal and timeout, and throwOnError, which its documentation
// names as the way to have a failed command reject.

import { definedOnly, type AdapterRun } from 'childproof';

interface Tinyexec {
  x(file: string, args: readonly string[], options: Record<string, unknown>): PromiseLike<unknown>;
}

export const uses = ['x'];

export const run: AdapterRun<Tinyexec> = async (call, target) =>
  target.x(call.file, call.args, {
    ...definedOnly({ signal: call.signal, timeout: call.timeout }),
    throwOnError: true,
    nodeOptions: { cwd: call.cwd, ...definedOnly({ shell: call.shell && true, detached: call.detached, killSignal: call.options.killSignal }) },
  });
