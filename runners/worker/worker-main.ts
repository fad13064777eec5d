// One trial, in a process of its own: call the adapter, fire the trigger, and at the
// first reaction to settlement sample everything synchronously. The worker watches; it
// never signals a fixture. It writes what it saw to worker.json and interprets nothing.

import fs from 'node:fs';
import { joinCgroup } from '../os/cgroup.ts';
import { readMessage, readyDir, TRIAL_FILE } from '../protocol/trial-dir.mjs';
import { joinFixtureClock } from './clock.ts';
import type { TrialSpec } from './messages.ts';
import { loadCallable, makeCalls } from './worker-calls.ts';
import { armDeadline, reportCrashes } from './worker-settle.ts';
import { abort, openTrial } from './worker-trial.ts';

// The flag that lets the worker read Node's module cache is the harness's, not the
// caller's: a target that forks with process.execArgv must not pass it on.
process.execArgv = process.execArgv.filter((a) => a !== '--expose-internals');

const spec = readMessage(process.argv[2] ?? TRIAL_FILE, 'the trial') as unknown as TrialSpec;
// Into the trial's cgroup before the target loads: whatever it starts, by any route, is
// there for the runner to find afterwards (os/cgroup.ts). Without one, the mark serves.
if (spec.cgroup) joinCgroup(spec.cgroup);
fs.mkdirSync(readyDir(spec.dir), { recursive: true });
// Before any time is recorded: every time below is on the fixtures' clock, or says it is not.
const trial = openTrial(spec, await joinFixtureClock());
reportCrashes(trial);
const callable = await loadCallable(trial);
const { trigger } = spec.case;
if (trigger.kind === 'pre-aborted') abort(trial);
if (trigger.kind === 'abort' && trigger.after === 'exit') trial.onChildExit = () => abort(trial);
armDeadline(trial);
await makeCalls(trial, callable);
