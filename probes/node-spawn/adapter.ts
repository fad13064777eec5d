// Node's spawn with its own signal and timeout options, settling on the first 'close'
// or 'error', as a user would write it.

import type { AdapterRun } from 'childproof';
import { settleOnClose, type Spawn } from './settle-on-close.ts';

export const uses = ['spawn'];

export const run: AdapterRun<typeof import('node:child_process')> = (call, target) => settleOnClose(target.spawn as unknown as Spawn, call);
