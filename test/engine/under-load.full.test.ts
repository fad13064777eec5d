// The suite under load, in CI: one file of real trials (the servers', whose mutants a
// loaded machine once read as holding) run by test/support/under-load.sh while an
// unrelated childproof run (another working directory, TMPDIR and cache) loops beside it
// and a CPU hog keeps every core busy, beside the rest of this tier. It passes, or a
// neighbour or a timer is deciding one of its outcomes.

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bounded } from '../support/bounded.ts';
import { ROOT } from '../support/helpers.ts';
import { concurrent, finish } from '../support/suite.ts';

const UNDER_LOAD = path.join(ROOT, 'test', 'support', 'under-load.sh');
const UVU = path.join(ROOT, 'node_modules', 'uvu', 'bin.js');
/** A bound against a hang only: the file takes about a minute under this load. */
const HANG_MS = 900_000;

concurrent(test, 'a file of real trials passes beside an unrelated childproof run while CPU hogs keep every core busy', async () => {
  // Its own process group, so that the bound ends the script and the test process it runs together.
  const child = spawn('bash', [UNDER_LOAD, process.execPath, '--import', 'tsx', UVU, 'test', '^trials/servers\\.process\\.test\\.ts$', '--no-color'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const [code] = await bounded('the servers\' trials under load', once(child, 'close'), () => process.kill(-child.pid!, 'SIGTERM'), HANG_MS);
  assert.match(out, /under-load: a neighbouring childproof run is under way \(TMPDIR .*\) and \d+ CPU hog\(s\) run beside/, out);
  const total = /Total:\s+(\d+)/.exec(out)?.[1];
  assert.ok(total && Number(total) > 0, `the file ran its tests: ${out.slice(-3000)}`);
  assert.match(out, new RegExp(`Passed:\\s+${total}\\b`), out.slice(-3000));
  assert.is(code, 0, out.slice(-3000));
});

finish(test);
