// A child process of the input-kind test: runs each command line it is given in this one
// process, from the command line's build (bin/cli-build.mjs) on a bare node, and writes
// what each did, as one JSON array, into a file made whole (written aside, then renamed):
// the test reads all of it or, when the child died first, none, and says how it died. A
// pipe read at the child's exit can come back empty under load. A verb that blocks on its
// input blocks this process alone, and the test's bound ends it.
//
//   node verbs-on.mjs RESULT_FILE '[["validate","F"],...]'

import fs from 'node:fs';
import { cliBuild, loadCliBuild } from '../../bin/cli-build.mjs';
import { capturing } from './capture.mjs';

const [out, list] = process.argv.slice(2);
const calls = /** @type {string[][]} */ (JSON.parse(list));
const entry = await cliBuild();
if (!entry) throw new Error('the command line could not be built');
const inProcess = capturing(loadCliBuild(entry, undefined).runCommand);
const results = [];
for (const args of calls) {
  const r = await inProcess(args);
  results.push('threw' in r ? { args, threw: /** @type {Error} */ (r.threw)?.stack ?? String(r.threw) } : { args, ...r });
}
fs.writeFileSync(`${out}.partial`, JSON.stringify(results));
fs.renameSync(`${out}.partial`, out);
