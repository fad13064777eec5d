// A spawn-shaped function with its own signal, timeout and killSignal options, wrapped
// in the promise a user writes around it (settledOnClose, in the adapter contract). Shared by
// the node-spawn and cross-spawn probes, whose targets take the same options.

import type { ChildProcess } from 'node:child_process';
import { definedOnly, settledOnClose, type GenericCall } from 'childproof';

export type Spawn = (file: string, args: readonly string[], options: Record<string, unknown>) => ChildProcess;

export function settleOnClose(spawn: Spawn, call: GenericCall): Promise<{ code: number }> {
  return settledOnClose(
    spawn(call.file, call.args, {
      cwd: call.cwd,
      ...definedOnly({ shell: call.shell && true, detached: call.detached, signal: call.signal, timeout: call.timeout, killSignal: call.options.killSignal }),
    }),
  );
}
