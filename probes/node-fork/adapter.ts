// Node's fork(): the generic call's first argument is the module and its file the node
// that runs it, as fork's execPath. The child always has an IPC channel, whether or not
// the case asks for one; the promise settles on the first 'close' or 'error', as a user
// would write it.

import type { AdapterRun } from 'childproof';
import { settleOnClose, type Spawn } from '../node-spawn/settle-on-close.ts';

export const uses = ['fork'];

export const run: AdapterRun<typeof import('node:child_process')> = (call, target) => {
  // fork() takes the module and its arguments; the node that runs it is execPath. A
  // command that does not exist is the execPath, so the spawn fails as it would for spawn().
  const [modulePath = '', ...args] = call.args;
  // The calling process's own flags (the harness's loader) are not the child's business.
  const forkAsSpawn: Spawn = (file, _args, options) => target.fork(modulePath, args, { ...options, execPath: file, execArgv: [], silent: true });
  return settleOnClose(forkAsSpawn, call);
};
