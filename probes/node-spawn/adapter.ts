// Node's spawn with its own signal and timeout options, settling on the first 'close'
// or 'error', as a user would write it. A non-zero or signalled close rejects with the
// exit code and signal attached.

import type { GenericCall } from '../../runners/types.ts';

type ChildProcessModule = typeof import('node:child_process');

export function run(call: GenericCall, target: ChildProcessModule): Promise<{ code: number }> {
  return new Promise((resolve, reject) => {
    const child = target.spawn(call.file, call.args, {
      cwd: call.cwd,
      shell: call.shell !== undefined,
      signal: call.signal,
      timeout: call.timeout,
      killSignal: call.options.killSignal as NodeJS.Signals | undefined,
    });
    child.stdout.resume();
    child.stderr.resume();
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) return resolve({ code });
      const error = new Error(`child exited with ${signal ?? `code ${code}`}`);
      reject(Object.assign(error, { exitCode: code, signal }));
    });
  });
}
