// A child process of the input-kind test: runs each command line it is given in this one
// process (support/in-process.ts) and prints what each did, as one JSON array. A verb that
// blocks on its input blocks this process alone, and the test's bound ends it.
//
//   node --import tsx verbs-on.ts '[["validate","F"],...]'

import fs from 'node:fs';
import { inProcess } from './in-process.ts';

const calls = JSON.parse(process.argv[2]) as string[][];
const results = [];
for (const args of calls) {
  const r = await inProcess(args);
  results.push('threw' in r ? { args, threw: (r.threw as Error)?.stack ?? String(r.threw) } : { args, ...r });
}
// Straight to fd 1: process.stdout is routed to whichever call's context a write is made in.
fs.writeSync(1, JSON.stringify(results));
