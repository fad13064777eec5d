// A spawn-shaped function with its own signal, timeout and killSignal options, wrapped
// in the promise a user writes around it: settle on the first 'close' or 'error', and
// reject a non-zero or signalled close with the exit code and signal attached. Shared by
// the node-spawn and cross-spawn probes, whose targets take the same options.

import type { ChildProcess } from 'node:child_process';
import { definedOnly, type GenericCall } from 'childproof';

export type Spawn = (file: string, args: readonly string[], options: Record<string, unknown>) => ChildProcess;

export function settleOnClose(spawn: Spawn, call: GenericCall): Promise<{ code: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(call.file, call.args, {
      cwd: call.cwd,
      ...definedOnly({ shell: call.shell && true, detached: call.detached, signal: call.signal, timeout: call.timeout, killSignal: call.options.killSignal }),
    });
    child.stdout?.resume();
    child.stderr?.resume();
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) return resolve({ code });
      reject(Object.assign(new Error(`child exited with ${signal ?? `code ${code}`}`), { exitCode: code, signal }));
    });
  });
}
