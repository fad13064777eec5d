// Every test file ends the same way: its last test checks that nothing it started is
// still running. Scratch directories are removed when the process exits (helpers.ts).
//
// uvu imports every test file before it runs any test, so the trial runs that suites
// start with `eager()` at import all run at once, in one scheduler pool
// (runners/engine/scheduler.ts), and each suite's tests wait only for their own. The
// check at the end of a suite first waits for every eager run of the process: a run's
// processes are its own until it is done.

import fs from 'node:fs';
import path from 'node:path';
import * as assert from 'uvu/assert';
import type { Test } from 'uvu';
import { FIXTURE, HARNESS_BUILD_DIR, SERVER_CLIENT } from '../../runners/model/paths.ts';
import { ownCgroup } from '../../runners/os/cgroup.ts';
import { runDirs, runsRoot } from '../../runners/os/run-dir.ts';
import { processesTagged, processState } from '../../runners/os/processes.ts';
import { tempDirsMade } from './helpers.ts';

const runs: Array<Promise<unknown>> = [];

/** Starts `work` now, at import, rather than when its suite's turn comes. */
export function eager<T>(work: () => Promise<T>): Promise<T> {
  const started = work();
  // Awaited by its suite; caught here so a failure waits for the suite to report it.
  runs.push(started.catch(() => undefined));
  return started;
}

/**
 * A test whose body starts at import, beside every other suite's work, instead of when
 * its turn comes: for a test that runs the command line in a scratch directory of its own
 * and shares nothing with the tests around it. Its suite still reports it in order. Its
 * command lines wait for a slot (support/helpers.ts), so starting many at once starves none.
 */
export function concurrent<T>(suite: Test<T>, name: string, body: () => Promise<void>): void {
  const started = eager(body);
  suite(name, () => started);
}

/** Fixtures and trial workers of this checkout still running: workers built into the
 *  suite's cache, or into a cache a test set inside one of its scratch directories; a
 *  server case's client, and any program run from a run directory's verified copy. */
export function stillRunning(): number[] {
  const tags = [FIXTURE, SERVER_CLIENT, HARNESS_BUILD_DIR, path.join(runsRoot(), 'childproof-run-'), ...tempDirsMade().map((d) => `${d}/`)];
  return [...new Set(tags.flatMap((t) => processesTagged(t)))];
}

/**
 * Run cgroups left in place: a run's cgroup goes with its run (os/cgroup.ts). One whose
 * run is still going, with its runner alive, is not left: it is another run's on this
 * machine (a second checkout's tests beside these, in the same cgroup).
 */
export function cgroupsLeft(): string[] {
  const own = ownCgroup();
  if (!own) return [];
  const live = new Set(runDirs().flatMap((f) => ('owner' in f && processState(f.owner.pid, f.owner.startTime) === 'running' ? [f.tag] : [])));
  return fs.readdirSync(own).filter((n) => n.startsWith('childproof-run-') && !live.has(n));
}

export function finish<T>(suite: Test<T>): void {
  suite('leaves no fixture or trial worker running, and no run cgroup', async () => {
    await Promise.all(runs);
    assert.equal(stillRunning(), []);
    assert.equal(cgroupsLeft(), []);
  });
  suite.run();
}
