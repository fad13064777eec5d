// Node's execFile, wrapped in a promise the way a user would write it. Nothing more:
// the adapter passes the generic call's signal, timeout and killSignal straight through.
// Not `detached`: execFile's own spawn call hands on cwd, env, gid, shell, signal, uid and
// the Windows flags only (execFile.toString() in Node 20, 22 and 24), so a detached child
// cannot be asked of it, and the calibration saw every such spawn without it.

import { definedOnly, type AdapterRun } from 'childproof';

export const uses = ['execFile'];

export const run: AdapterRun<typeof import('node:child_process')> = (call, target) =>
  new Promise((resolve, reject) => {
    const options = definedOnly({
      shell: call.shell && true,
      maxBuffer: call.maxBuffer,
      signal: call.signal,
      timeout: call.timeout,
      killSignal: call.options.killSignal as NodeJS.Signals | undefined,
    });
    target.execFile(call.file, call.args, { cwd: call.cwd, ...options }, (error, stdout, stderr) => (error ? reject(error) : resolve({ stdout, stderr })));
  });
