// REA's execFileBytes(file, args, options), called as REA calls it. Without stopSignal
// it hands signal and timeout to Node's execFile (the plain mode); with stopSignal it
// stops the child itself and settles after the exit (the stoppable mode). The case
// chooses the mode through call.options.stopSignal.

import type { GenericCall } from '../../runners/types.ts';

interface ExecFileOutputModule {
  execFileBytes?: (file: string, args: readonly string[], options?: Record<string, unknown>) => Promise<unknown>;
}

export function run(call: GenericCall, target: ExecFileOutputModule) {
  if (typeof target.execFileBytes !== 'function') {
    throw new TypeError('the verified ExecFileOutput.ts exports no execFileBytes function');
  }
  return target.execFileBytes(call.file, call.args, {
    cwd: call.cwd,
    signal: call.signal,
    timeout: call.timeout,
    killSignal: call.options.killSignal,
    stopSignal: call.options.stopSignal,
  });
}
