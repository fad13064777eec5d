// zx's $ with signal and timeout in its options, as documented; the command goes through
// zx's shell, so the process zx signals is the shell, not the fixture. zx stops a command
// that ran out of time with its timeoutSignal, and uses killSignal only for .kill(): the
// case's kill signal is both. An abort goes to Node's spawn, which zx hands no kill
// signal. The zx-nothrow probe shares this adapter and sets nothrow through its options.

import { definedOnly, type AdapterRun } from 'childproof';

type Dollar = (options: Record<string, unknown>) => (pieces: TemplateStringsArray, ...args: unknown[]) => PromiseLike<unknown>;

export const uses = ['$'];

export const run: AdapterRun<{ $: Dollar }> = async (call, target) => {
  const { killSignal, nothrow } = call.options;
  const $ = target.$({ cwd: call.cwd, quiet: true, ...definedOnly({ detached: call.detached, signal: call.signal, timeout: call.timeout, killSignal, timeoutSignal: killSignal, nothrow }) });
  // zx always runs a shell; shell mode is the same list, written the way zx users write it.
  if (call.shell) return $`cd ${call.cwd} && ${call.shell.file} ${call.shell.args}`;
  return $`${call.file} ${call.args}`;
};
