// execa as its documentation shows: cancelSignal to abort (execa 9 on; `signal` before,
// set by probe.json's byVersion as signalOption), timeout, killSignal, and
// forceKillAfterDelay left at its documented default. The execa 10 probe shares this
// adapter and adds killDescendants through its probe options.

import { definedOnly, type AdapterRun } from 'childproof';

interface Execa {
  execa(file: string, args: readonly string[], options: Record<string, unknown>): PromiseLike<unknown>;
}

export const uses = ['execa'];

export const run: AdapterRun<Execa> = async (call, target) => {
  const { killSignal, killDescendants, signalOption = 'cancelSignal' } = call.options;
  return target.execa(call.file, call.args, {
    cwd: call.cwd,
    ...definedOnly({ shell: call.shell && true, maxBuffer: call.maxBuffer, [String(signalOption)]: call.signal, timeout: call.timeout, killSignal, killDescendants }),
  });
};
