// REA's execFileBytes(file, args, options), called as REA calls it. Without stopSignal
// it hands signal and timeout to Node's execFile (the plain mode); with stopSignal it
// stops the child itself and settles after the exit (the stoppable mode). The case
// chooses the mode through call.options.stopSignal.

import { definedOnly, type AdapterRun } from 'childproof';

interface ExecFileOutputModule {
  execFileBytes: (file: string, args: readonly string[], options?: Record<string, unknown>) => Promise<unknown>;
}

export const uses = ['execFileBytes'];

export const run: AdapterRun<ExecFileOutputModule> = async (call, target) => {
  const { killSignal, stopSignal } = call.options;
  return target.execFileBytes(call.file, call.args, {
    cwd: call.cwd,
    ...definedOnly({ signal: call.signal, timeout: call.timeout, killSignal, stopSignal }),
  });
};
