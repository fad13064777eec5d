// execa as its documentation shows: cancelSignal to abort, timeout, killSignal, and
// forceKillAfterDelay left at its documented default. The execa 10 probe shares this
// adapter and adds killDescendants through its probe options.

import type { GenericCall } from '../../runners/types.ts';

interface Execa {
  execa(file: string, args: readonly string[], options: Record<string, unknown>): PromiseLike<unknown>;
}

export function run(call: GenericCall, target: Execa) {
  const { killSignal, killDescendants } = call.options;
  return Promise.resolve(
    target.execa(call.file, call.args, {
      cwd: call.cwd,
      ...(call.shell ? { shell: true } : {}),
      ...(call.maxBuffer === undefined ? {} : { maxBuffer: call.maxBuffer }),
      cancelSignal: call.signal,
      timeout: call.timeout,
      ...(killSignal === undefined ? {} : { killSignal }),
      ...(killDescendants === undefined ? {} : { killDescendants }),
    }),
  );
}
