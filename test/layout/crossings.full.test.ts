// `make crossings` sees every program of a trial: the runner too, which runs from the
// command line's own build (its chunks mapped back to their sources), not only the worker
// and the supervisor built the same way.

import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { $ } from 'zx';
import { bounded } from '../support/bounded.ts';
import { inSlot, ROOT } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';

test('one trial of run is counted in the runner, the worker, the fixture and the supervisor', async () => {
  const out = await inSlot(() => bounded('make crossings', $({ cwd: ROOT, quiet: true })`${process.execPath} --import tsx ${path.join(ROOT, 'bin', 'crossings.ts')}`));
  const counted = Object.fromEntries([...out.stdout.matchAll(/^(\w+): (\d+) calls cross a folder/gm)].map((m) => [m[1], Number(m[2])]));
  assert.equal(Object.keys(counted).sort(), ['fixture', 'runner', 'supervisor', 'worker']);
  // The runner's path into the engine and out of it is most of a trial's crossings.
  assert.ok(counted.runner > counted.worker, out.stdout);
  assert.match(out.stdout, /^\s+\d+\s+cli -> engine$/m);
});

finish(test);
