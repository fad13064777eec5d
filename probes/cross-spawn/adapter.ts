// cross-spawn is a drop-in for Node's spawn: the same options, and the same promise a
// user wraps around it, settling on the first 'close' or 'error'.

import type { ChildProcess } from 'node:child_process';
import type { GenericCall } from '../../runners/types.ts';

type Spawn = (file: string, args: readonly string[], options: Record<string, unknown>) => ChildProcess;

export function run(call: GenericCall, target: { default: Spawn }) {
  return new Promise((resolve, reject) => {
    const child = target.default(call.file, call.args, {
      cwd: call.cwd,
      shell: call.shell !== undefined,
      signal: call.signal,
      timeout: call.timeout,
      killSignal: call.options.killSignal,
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
