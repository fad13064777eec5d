// execa as its documentation shows: cancelSignal to abort (execa 9 on; `signal` before,
// set by probe.json's byVersion as signalOption), timeout, killSignal, and
// forceKillAfterDelay left at its documented default. The execa 10 probe shares this
// adapter and adds killDescendants through its probe options.

import { definedOnly, type AdapterRun } from 'childproof';

type ExecaFunction = (file: string, args: readonly string[], options: Record<string, unknown>) => PromiseLike<unknown>;

/** execa() by name from 6 on (ES modules); before, CommonJS's module.exports itself. */
interface Execa {
  execa?: ExecaFunction;
  default?: ExecaFunction;
}

export const uses = ['execa|default'];

export const run: AdapterRun<Execa> = async (call, target) => {
  const { killSignal, killDescendants, signalOption = 'cancelSignal' } = call.options;
  const execa = (target.execa ?? target.default)!;
  return execa(call.file, call.args, {
    cwd: call.cwd,
    ...definedOnly({ shell: call.shell && true, detached: call.detached, ipc: call.ipc, maxBuffer: call.maxBuffer, [String(signalOption)]: call.signal, timeout: call.timeout, killSignal, killDescendants }),
  });
};
