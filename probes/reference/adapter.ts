// The reference helper, called with the generic call's options and nothing more. The
// helper arrives as `target`: the verified copy of stoppable-exec.ts. It is always
// stoppable, so a case's stopSignal is simply the signal it stops with. The mutant
// probes share this adapter and name their mutation in their probe options.

import { definedOnly, type AdapterRun } from 'childproof';
import type { Mutation } from './stoppable-exec.ts';

type Helper = typeof import('./stoppable-exec.ts');

export const uses = ['stoppableExec'];

/** One word for sh: quoted whole, so no character in it means anything to the shell. */
const quoted = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

export const run: AdapterRun<Helper> = (call, target) => {
  const o = call.options;
  // launcher "sh": every command through `sh -c LINE; exit $?`, as agent tools run theirs,
  // so that a shell stays between the helper and the command (the helper still waits for all).
  const viaSh = o.launcher === 'sh' && call.shell === undefined;
  const [file, args] = viaSh ? ['sh', ['-c', `${[call.file, ...call.args].map(quoted).join(' ')}; exit $?`]] : [call.file, call.args];
  // call.detached needs no option: the helper starts every child as a group leader.
  return target.stoppableExec(file, args, {
    cwd: call.cwd,
    shell: call.shell !== undefined,
    ...definedOnly({
      maxBuffer: call.maxBuffer,
      ipc: call.ipc,
      stdin: call.stdin,
      signal: call.signal,
      timeout: call.timeout,
      killSignal: (o.stopSignal ?? o.killSignal) as NodeJS.Signals | undefined,
      graceMs: o.graceMs as number | undefined,
      mutation: o.mutation as Mutation | undefined,
    }),
  });
};
