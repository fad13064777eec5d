// The reference helper, called with the generic call's options and nothing more. The
// helper arrives as `target`: the verified copy of stoppable-exec.ts. It is always
// stoppable, so a case's stopSignal is simply the signal it stops with. The mutant
// probes share this adapter and name their mutation in their probe options.

import { definedOnly, type AdapterRun } from 'childproof';
import type { Mutation } from './stoppable-exec.ts';

type Helper = typeof import('./stoppable-exec.ts');

export const uses = ['stoppableExec'];

export const run: AdapterRun<Helper> = (call, target) => {
  const o = call.options;
  // call.detached needs no option: the helper starts every child as a group leader.
  return target.stoppableExec(call.file, call.args, {
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
