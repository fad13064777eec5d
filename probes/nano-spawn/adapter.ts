// nano-spawn's default export with the spawn options it passes through: signal, timeout
// and killSignal.

import type { GenericCall } from '../../runners/types.ts';

interface NanoSpawn {
  default(file: string, args: readonly string[], options: Record<string, unknown>): PromiseLike<unknown>;
}

export function run(call: GenericCall, target: NanoSpawn) {
  const { killSignal } = call.options;
  return Promise.resolve(
    target.default(call.file, call.args, {
      cwd: call.cwd,
      ...(call.shell ? { shell: true } : {}),
      signal: call.signal,
      timeout: call.timeout,
      ...(killSignal === undefined ? {} : { killSignal }),
    }),
  );
}
