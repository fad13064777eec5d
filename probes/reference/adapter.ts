// The reference helper, called with the generic call's options and nothing more. The
// helper arrives as `target`: the verified copy of stoppable-exec.ts.

import type { GenericCall } from '../../runners/types.ts';

type Helper = typeof import('./stoppable-exec.ts');

export function run(call: GenericCall, target: Helper) {
  return target.stoppableExec(call.file, call.args, {
    cwd: call.cwd,
    signal: call.signal,
    timeout: call.timeout,
    killSignal: call.options.killSignal as NodeJS.Signals | undefined,
    graceMs: call.options.graceMs as number | undefined,
  });
}
