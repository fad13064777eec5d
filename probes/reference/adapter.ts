// The reference helper, called with the generic call's options and nothing more.

import type { GenericCall } from '../../runners/types.ts';
import { stoppableExec } from './stoppable-exec.ts';

export function run(call: GenericCall) {
  return stoppableExec(call.file, call.args, {
    cwd: call.cwd,
    signal: call.signal,
    timeout: call.timeout,
    killSignal: call.options.killSignal as NodeJS.Signals | undefined,
    graceMs: call.options.graceMs as number | undefined,
  });
}
