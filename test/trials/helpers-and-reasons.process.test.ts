// Facts that mean one thing: a process the target starts for its own ends is not the
// case's command nor one of its descendants, and a timeout reported as an AbortError with
// a TimeoutError cause is a timeout, not an abort.

import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type RunResult } from '../../runners/engine/run-trials.ts';
import { loadAllCases } from '../../runners/model/load-cases.ts';
import { loadProbes } from '../../runners/model/load-probes.ts';
import { tempDir, writeJson } from '../support/helpers.ts';
import { runInRunner } from '../support/runner-process.ts';
import { eager, finish } from '../support/suite.ts';

/** A probe of Node's child_process around `adapter`, in a scratch directory. */
function ownProbe(name: string, adapter: string): string {
  const dir = path.join(tempDir(), name);
  writeJson(path.join(dir, 'probe.json'), {
    name,
    title: name,
    identity: { kind: 'builtin', module: 'node:child_process' },
    adapter: 'adapter.mjs',
    supports: ['signal', 'timeout'],
  });
  fs.writeFileSync(path.join(dir, 'adapter.mjs'), adapter);
  return dir;
}

// Starts a helper of its own (alive until its stdin ends), then runs the command.
const WITH_HELPER = `
export async function run(call, cp) {
  cp.spawn(process.execPath, ['-e', 'process.stdin.resume()'], { stdio: ['pipe', 'ignore', 'ignore'] });
  return new Promise((resolve, reject) =>
    cp.execFile(call.file, call.args, { cwd: call.cwd, signal: call.signal }, (e) => (e ? reject(e) : resolve())));
}
`;

// Times out through an AbortSignal of its own: Node rejects with an AbortError whose
// cause is the TimeoutError, as tinyexec does.
const TIMEOUT_AS_ABORT = `
export function run(call, cp) {
  const signal = AbortSignal.timeout(call.timeout);
  return new Promise((resolve, reject) =>
    cp.execFile(call.file, call.args, { cwd: call.cwd, signal }, (e) => (e ? reject(e) : resolve())));
}
`;

const facts = suite<{ run: Pick<RunResult, 'trials'> }>('helpers and reasons', { run: { trials: [] } });

const ZX_INVALID = ['core/invalid-timeout-fractional', 'core/invalid-timeout-infinity'];

const runs = eager(() => {
  const cases = loadAllCases().filter((c) => ['core/cooperative-abort', 'core/delayed-cleanup-timeout'].includes(c.spec.id));
  return Promise.all([
    runInRunner({ probes: loadProbes([ownProbe('with-helper', WITH_HELPER), ownProbe('timeout-as-abort', TIMEOUT_AS_ABORT)]), cases: cases }),
    runInRunner({ probes: loadProbes(['zx']), cases: loadAllCases().filter((c) => ZX_INVALID.includes(c.spec.id)) }),
  ]);
});

facts.before(async (ctx) => {
  const [own, zx] = await runs;
  ctx.run = { trials: [...own.trials, ...zx.trials] };
});

const trial = (ctx: { run: Pick<RunResult, 'trials'> }, probe: string, id: string) => ctx.run.trials.find((t) => t.probe === probe && t.case === id)!;

facts("a target's own helper process is neither a spawn of the command nor a descendant of the child", (ctx) => {
  const f = trial(ctx, 'with-helper', 'core/cooperative-abort').facts!;
  assert.is(f['spawn.attempts'], 1);
  assert.is(f['helpers.spawns'], 1);
  assert.is(f['descendants.runningAtSettle'], 0);
  assert.is(f['error.isAbort'], true);
  assert.is(f['error.isTimeout'], false);
});

facts("zx's own ps, started by its tree kill, is a helper: the command was spawned once and has no descendants", (ctx) => {
  for (const id of ZX_INVALID) {
    const f = trial(ctx, 'zx', id).facts!;
    assert.is(f['spawn.attempts'], 1, id);
    assert.is(f['descendants.runningAtSettle'], 0, id);
    assert.is(f['descendants.runningAfterWindow'], 0, id);
  }
});

facts('a timeout reported as an AbortError with a TimeoutError cause is judged by the timeout fact, not the abort one', (ctx) => {
  const t = trial(ctx, 'timeout-as-abort', 'core/delayed-cleanup-timeout');
  assert.is(t.facts!['error.name'], 'AbortError');
  assert.is(t.facts!['error.isTimeout'], true);
  assert.is(t.facts!['error.isAbort'], false);
  assert.is(t.verdicts!.find((v) => v.fact === 'error.isTimeout')!.result, 'pass');
  assert.is(t.observations!.worker!.settlement.error!.cause!.name, 'TimeoutError');
});

finish(facts);
