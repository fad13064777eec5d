// A target that runs every command through `sh -c` and waits for it: the shell is its
// direct child, the fixture the shell's. What the target cannot see (the child's own
// exit status) is unknown with the reason, never a break, and what it can see (its shell
// reaped, the child gone) is judged: no clause breaks.

import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadAllCases } from '../../runners/model/load-cases.ts';
import { loadProbes } from '../../runners/model/load-probes.ts';
import type { Observations } from '../../runners/model/observations.ts';
import { ROOT } from '../../runners/model/paths.ts';
import { runInRunner } from '../support/runner-process.ts';
import { eager, finish } from '../support/suite.ts';

const CASES = ['core/success', 'core/nonzero-exit', 'core/delayed-cleanup-abort', 'core/ignores-sigterm-abort'];
const VIA_SH = path.join(ROOT, 'test', 'probes', 'reference-via-sh');

const report = eager(async () =>
  runInRunner({ probes: loadProbes([VIA_SH]), cases: loadAllCases().filter((c) => CASES.includes(c.spec.id)) }),
);

test('a shell stands between the target and the child in every trial', async () => {
  for (const t of (await report).trials) {
    const o = t.observations as Observations;
    const child = o.fixtures.records.find((r) => r.role === 'child')!;
    assert.ok(!o.worker.spawns.some((s) => s.pid === child.pid), `${t.case}: the target spawned the child itself`);
  }
});

test('through a shell that it waits for, no clause of the reference breaks', async () => {
  const trials = (await report).trials;
  assert.is(trials.length, CASES.length);
  for (const t of trials) assert.equal(t.verdicts!.filter((v) => v.result === 'fail').map((v) => v.why), [], t.case);
});

test('the child is reaped at settlement when the target saw its shell exit and the child was gone', async () => {
  for (const t of (await report).trials) assert.is(t.facts!['child.reapedAtSettle'], true, t.case);
});

test("a SIGKILL the shell alone saw leaves the child's signals unknown, and the verdict says why", async () => {
  const t = (await report).trials.find((x) => x.case === 'core/ignores-sigterm-abort')!;
  assert.is(t.facts!['child.signals'], 'unknown');
  const v = t.verdicts!.find((x) => x.fact === 'child.signals')!;
  assert.is(v.result, 'unknown');
  assert.match(v.why, /a shell stood between the target and the child/);
});

finish(test);
