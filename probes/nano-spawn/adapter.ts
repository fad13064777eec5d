// nano-spawn's default export with the spawn options it passes through: signal, timeout
// and killSignal.

import { definedOnly, type AdapterRun } from 'childproof';

interface NanoSpawn {
  default(file: string, args: readonly string[], options: Record<string, unknown>): PromiseLike<unknown>;
}

export const uses = ['default'];

export const run: AdapterRun<NanoSpawn> = async (call, target) =>
  target.default(call.file, call.args, {
    cwd: call.cwd,
    ...definedOnly({ shell: call.shell && true, detached: call.detached, signal: call.signal, timeout: call.timeout, killSignal: call.options.killSignal }),
  });
