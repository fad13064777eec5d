// Runs last (files run in name order): after the whole suite, no fixture and no trial
// worker of this checkout may still be running.

import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { processesTagged } from '../runners/observe.ts';
import { ROOT } from './helpers.ts';

test('no fixture or trial worker is left running after the test suite', () => {
  const fixtures = processesTagged(path.join(ROOT, 'runners', 'fixture.mjs'));
  const workers = processesTagged(path.join(ROOT, 'runners', 'worker.ts'));
  assert.equal([...fixtures, ...workers], []);
});

test.run();
