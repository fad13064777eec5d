// The scheduler and the plan's order, without processes: how many trials start and run at
// once, what stops it, and which trials go first.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { plan } from '../../runners/engine/plan.ts';
import type { PreparedProbe } from '../../runners/identity/prepare-target.ts';
import { defaultLimits, jobLimits, schedule } from '../../runners/engine/scheduler.ts';
import { loadAllCases } from '../../runners/model/load-cases.ts';
import { loadProbes } from '../../runners/model/load-probes.ts';
import { publishedDurations } from '../../runners/report/durations.ts';
import { tempDir } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';

/** Tasks the test finishes by hand: each records when it started and can be told to go on. */
function controlled(n: number) {
  const gates = Array.from({ length: n }, () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, opened };
  });
  const seen = { starting: 0, running: 0, maxStarting: 0, maxRunning: 0, begun: [] as number[], started: [] as Array<() => void> };
  const task = async (_item: number, index: number, started: () => void) => {
    seen.begun.push(index);
    seen.starting++;
    seen.running++;
    seen.maxStarting = Math.max(seen.maxStarting, seen.starting);
    seen.maxRunning = Math.max(seen.maxRunning, seen.running);
    let starting = true;
    seen.started[index] = () => {
      if (starting) seen.starting--;
      starting = false;
      started();
    };
    await gates[index].opened;
    // A task that ends counts as started, as the scheduler counts it.
    seen.started[index]();
    seen.running--;
  };
  return { gates, seen, task };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

test('no more trials start at once than the starting limit, and no more live than the running limit', async () => {
  const { gates, seen, task } = controlled(8);
  const done = schedule([0, 1, 2, 3, 4, 5, 6, 7], { starting: 2, running: 3 }, task);
  await tick();
  assert.equal(seen.begun, [0, 1], 'two start');
  seen.started[0]();
  await tick();
  assert.equal(seen.begun, [0, 1, 2], 'one more starts once one has finished starting');
  seen.started[1]();
  await tick();
  assert.equal(seen.begun, [0, 1, 2], 'three are alive: the running limit holds');
  for (const g of gates) g.open();
  await done;
  assert.equal(seen.begun.sort(), [0, 1, 2, 3, 4, 5, 6, 7]);
  assert.ok(seen.maxStarting <= 2 && seen.maxRunning <= 3, JSON.stringify(seen));
});

test('without --jobs, as many trials start as there are cores, and half the free memory bounds how many live', () => {
  const GB = 1024 ** 3;
  assert.equal(defaultLimits(4 * GB, 2), { starting: 2, running: 32 });
  // A machine of the suite's size is bound by processes, not by memory.
  assert.equal(defaultLimits(23 * GB, 2), { starting: 2, running: 96 });
  // However little memory is free, one trial a core can start.
  assert.equal(defaultLimits(0, 4), { starting: 4, running: 4 });
});

test('--jobs 1 runs one trial at a time, and a stop starts nothing more', async () => {
  assert.equal(jobLimits(1, 8), { starting: 1, running: 1 });
  const { gates, seen, task } = controlled(4);
  let stop = false;
  const done = schedule([0, 1, 2, 3], jobLimits(1, 8), task, () => stop);
  await tick();
  stop = true;
  gates[0].open();
  await done;
  assert.equal(seen.begun, [0]);
});

test('a task that fails rejects the schedule with its error, the last one running too, and never lets it end as if every task had', async () => {
  for (const tasks of [1, 3]) {
    const failure = new Error('no descriptor left');
    const ran = schedule(Array.from({ length: tasks }, (_, i) => i), jobLimits(tasks), async (i) => {
      if (i === tasks - 1) throw failure;
    });
    await ran.then(
      () => assert.unreachable(`${tasks} task(s): the schedule ended as if the failing one had finished`),
      (e) => assert.is(e, failure),
    );
  }
});

test('a task that starts again starts alone: after the starts under way, and before any other', async () => {
  const { gates, seen, task } = controlled(4);
  let again!: () => Promise<void>;
  let againStarted = false;
  const retrying = async (item: number, index: number, started: () => void, startAlone: () => Promise<void>) => {
    if (index !== 0) return task(item, index, started);
    seen.begun.push(0);
    started();
    again = () => startAlone().then(() => void (againStarted = true));
    await gates[0].opened;
  };
  const done = schedule([0, 1, 2, 3], { starting: 2, running: 4 }, retrying);
  await tick();
  assert.equal(seen.begun, [0, 1, 2], 'the first starts, and two more beside it');
  const alone = again();
  await tick();
  assert.not.ok(againStarted, 'it waits while two others are starting');
  seen.started[1]();
  await tick();
  assert.equal(seen.begun, [0, 1, 2], 'a start that ends lets no other begin while one waits to start alone');
  assert.not.ok(againStarted, 'one start is still under way');
  seen.started[2]();
  await alone;
  assert.equal(seen.begun, [0, 1, 2], 'it starts again, and nothing beside it');
  gates[0].open();
  await tick();
  assert.equal(seen.begun, [0, 1, 2, 3], 'once it has ended its starting, the rest start');
  for (const g of gates) g.open();
  await done;
});

test('trials with a published duration are planned by it, the longest first', () => {
  const cases = loadAllCases().filter((c) => ['core/success', 'core/cooperative-abort', 'core/ignores-sigterm-abort'].includes(c.spec.id));
  const [probe] = loadProbes(['node-spawn']);
  const prepared = [{ probe } as PreparedProbe];
  const last = plan(prepared, cases).at(-1)!.case.spec.id;
  const durations = (_p: string, id: string) => (id === last ? 60_000 : undefined);
  assert.is(plan(prepared, cases, durations)[0].case.spec.id, last);
});

test('a plan of one trial has no order to choose, and never asks what the last publication took', () => {
  const cases = loadAllCases().filter((c) => c.spec.id === 'core/success');
  const prepared = [{ probe: loadProbes(['node-spawn'])[0] } as PreparedProbe];
  const asked: string[] = [];
  const durations = (_p: string, id: string) => (asked.push(id), undefined);
  assert.is(plan(prepared, cases, durations).length, 1);
  assert.equal(asked, []);
  plan(prepared, loadAllCases().filter((c) => ['core/success', 'core/pre-aborted'].includes(c.spec.id)), durations);
  assert.equal(asked.sort(), ['core/pre-aborted', 'core/success'], 'two trials are ordered by it');
});

test('a published trial that never settled took its deadline, whatever its timeline says', () => {
  const dir = tempDir();
  const cases = loadAllCases().filter((c) => c.spec.id === 'core/ignores-sigterm-abort');
  const report = { trials: [{ probe: 'p', case: 'core/ignores-sigterm-abort', outcome: 'known-fail', facts: { settled: 'pending' }, timeline: [{ ms: 130, source: 'worker', kind: 'abort' }] }] };
  fs.mkdirSync(path.join(dir, 'p'));
  fs.writeFileSync(path.join(dir, 'p', `1.0.0@node-${process.version}.json`), JSON.stringify(report));
  fs.writeFileSync(path.join(dir, 'p', 'other@node-v0.1.0.json'), '{"not": "read"');
  const d = publishedDurations(process.version, cases, dir);
  assert.is(d('p', 'core/ignores-sigterm-abort'), cases[0].spec.deadlineMs);
  assert.is(d('p', 'core/success'), undefined);
});

finish(test);
