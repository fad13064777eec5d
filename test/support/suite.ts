// Every test file ends the same way: its last test checks that nothing it started is
// still running, and its scratch directories are removed. Run after each suite, the check
// needs no file that sorts last, and it names the suite that left something behind.

import * as assert from 'uvu/assert';
import type { Test } from 'uvu';
import { FIXTURE, HARNESS_BUILD_DIR } from '../../runners/model/paths.ts';
import { processesTagged } from '../../runners/os/processes.ts';
import { removeTempDirs } from './helpers.ts';

/** Fixtures and trial workers of this checkout still running. */
export function stillRunning(): number[] {
  return [...processesTagged(FIXTURE), ...processesTagged(HARNESS_BUILD_DIR)];
}

export function finish<T>(suite: Test<T>): void {
  suite('leaves no fixture or trial worker running', () => {
    assert.equal(stillRunning(), []);
  });
  suite.after(removeTempDirs);
  suite.run();
}
