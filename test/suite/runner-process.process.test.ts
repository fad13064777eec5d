// The runner process (support/runner-process.ts) runs a test process's trials whatever its
// main thread is doing: a run ends, and is judged, while the main thread is held and runs
// nothing at all. The case is the one whose watch is the runner's own once its caller is
// gone (engine/after-caller.ts), which a held main thread once pushed past the fixture's cap.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadAllCases } from '../../runners/model/load-cases.ts';
import { loadProbes } from '../../runners/model/load-probes.ts';
import { WAIT_LIMIT_MS } from '../support/bounded.ts';
import { runHoldingThisThread } from '../support/runner-process.ts';
import { eagerWorkDone, finish } from '../support/suite.ts';

const CASE = 'core/caller-exits-ignores-sigterm-abort';

test("a run in the runner process ends and is judged while the main thread is held, the runner's watch after the caller included", async () => {
  // Alone in the runner's pool: queued behind other files' trials, the run could not end
  // within the hold for want of a slot, not for want of this thread.
  await eagerWorkDone();
  const cases = loadAllCases().filter((c) => c.spec.id === CASE);
  const { endedWhileHeld, report } = runHoldingThisThread({ probes: loadProbes(['reference']), cases }, WAIT_LIMIT_MS);
  assert.ok(endedWhileHeld, `the run did not end in ${WAIT_LIMIT_MS / 1000} s while the main thread was held`);
  const run = await report;
  const trial = run.trials.find((t) => t.case === CASE);
  assert.is(trial?.outcome, 'pass', trial?.reason);
  assert.ok(trial?.timeline?.some((e) => e.source === 'runner' && e.kind === 'caller-gone'), 'the runner watched once the caller was gone');
});

finish(test);
