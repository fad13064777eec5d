// tinyexec's x(), with signal and timeout, and throwOnError, which its documentation
// names as the way to have a failed command reject.

import type { GenericCall } from '../../runners/types.ts';

interface Tinyexec {
  x(file: string, args: readonly string[], options: Record<string, unknown>): PromiseLike<unknown>;
}

export function run(call: GenericCall, target: Tinyexec) {
  const { killSignal } = call.options;
  const shell = call.shellCommand !== undefined;
  return Promise.resolve(
    target.x(shell ? call.shellCommand! : call.file, shell ? [] : call.args, {
      signal: call.signal,
      timeout: call.timeout,
      throwOnError: true,
      nodeOptions: { cwd: call.cwd, ...(shell ? { shell } : {}), ...(killSignal === undefined ? {} : { killSignal }) },
    }),
  );
}
