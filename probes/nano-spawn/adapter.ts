// nano-spawn's default export with the spawn options it passes through: signal, timeout
// and killSignal.

import type { GenericCall } from '../../runners/types.ts';

interface NanoSpawn {
  default(file: string, args: readonly string[], options: Record<string, unknown>): PromiseLike<unknown>;
}

export function run(call: GenericCall, target: NanoSpawn) {
  const { killSignal } = call.options;
  const shell = call.shellCommand !== undefined;
  return Promise.resolve(
    target.default(shell ? call.shellCommand! : call.file, shell ? [] : call.args, {
      cwd: call.cwd,
      ...(shell ? { shell } : {}),
      signal: call.signal,
      timeout: call.timeout,
      ...(killSignal === undefined ? {} : { killSignal }),
    }),
  );
}
