// A child process of the input-kind test: runs each command line it is given in this one
// process (support/in-process.ts) and writes what each did, as one JSON array, into a file
// made whole (written aside, then renamed): the test reads all of it or, when the child
// died first, none, and says how it died. A pipe read at the child's exit can come back
// empty under load. A verb that blocks on its input blocks this process alone, and the
// test's bound ends it.
//
//   node --import tsx verbs-on.ts RESULT_FILE '[["validate","F"],...]'

import fs from 'node:fs';
import { inProcess } from './in-process.ts';

const [out, list] = process.argv.slice(2);
const calls = JSON.parse(list) as string[][];
const results = [];
for (const args of calls) {
  const r = await inProcess(args);
  results.push('threw' in r ? { args, threw: (r.threw as Error)?.stack ?? String(r.threw) } : { args, ...r });
}
fs.writeFileSync(`${out}.partial`, JSON.stringify(results));
fs.renameSync(`${out}.partial`, out);
