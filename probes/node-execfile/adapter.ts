// Node's execFile, wrapped in a promise the way a user would write it. Nothing more:
// the adapter passes the generic call's signal, timeout and killSignal straight through.

import type { GenericCall } from '../../runners/types.ts';

type ChildProcessModule = typeof import('node:child_process');

export function run(call: GenericCall, target: ChildProcessModule): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    target.execFile(
      call.file,
      call.args,
      {
        cwd: call.cwd,
        shell: call.shell !== undefined,
        ...(call.maxBuffer === undefined ? {} : { maxBuffer: call.maxBuffer }),
        signal: call.signal,
        timeout: call.timeout,
        killSignal: call.options.killSignal as NodeJS.Signals | undefined,
      },
      (error, stdout, stderr) => (error ? reject(error) : resolve({ stdout, stderr })),
    );
  });
}
