// tinyexec's x(), with signal and timeout, and throwOnError, which its documentation
// names as the way to have a failed command reject.

import type { GenericCall } from '../../runners/types.ts';

interface Tinyexec {
  x(file: string, args: readonly string[], options: Record<string, unknown>): PromiseLike<unknown>;
}

export function run(call: GenericCall, target: Tinyexec) {
  const { killSignal } = call.options;
  return Promise.resolve(
    target.x(call.file, call.args, {
      signal: call.signal,
      timeout: call.timeout,
      throwOnError: true,
      nodeOptions: { cwd: call.cwd, ...(call.shell ? { shell: true } : {}), ...(killSignal === undefined ? {} : { killSignal }) },
    }),
  );
}
