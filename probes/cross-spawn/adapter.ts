// cross-spawn is a drop-in for Node's spawn: the same options, and the same promise a
// user wraps around it (the node-spawn probe's), settling on the first 'close' or 'error'.

import type { AdapterRun } from 'childproof';
import { settleOnClose, type Spawn } from '../node-spawn/settle-on-close.ts';

export const uses = ['default'];

export const run: AdapterRun<{ default: Spawn }> = (call, target) => settleOnClose(target.default, call);
