// No verdict about an option not seen to reach the target: an adapter that hands the
// signal where the target never reads it (spawn-please takes Node's spawn options fourth)
// gets its signal cases `unsupported` with the reason, never a "breaks" about the library;
// handed where the target reads it, the same cases give the facts of Node's spawn.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { applyCalibration, reached } from '../../runners/judge/calibration.ts';
import { carriedBy } from '../../runners/worker/record-reach.ts';
import type { TrialResult } from '../../runners/model/report-types.ts';
import { cliIn, tempDir, writeJson } from '../support/helpers.ts';
import { eager, finish } from '../support/suite.ts';

// Its own options third, Node's spawn options fourth, as spawn-please 3 has them.
const HELPER = `import { spawn } from 'node:child_process';
export function run(cmd, args, options = {}, spawnOptions = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...spawnOptions, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code, signal) => (code === 0 ? resolve(code) : reject(Object.assign(new Error('exit ' + (code ?? signal)), { code, signal }))));
  });
}
`;
const adapter = (slot: 'third' | 'fourth', cwd = true) => `import type { Adapter } from 'childproof';
type Helper = { run(cmd: string, args: string[], options?: object, spawnOptions?: object): Promise<unknown> };
const options = (call: { signal?: AbortSignal; cwd: string }) => ({ signal: call.signal${cwd ? ', cwd: call.cwd' : ''} });
export default { uses: ['run'], run: (call, target) => ${slot === 'third' ? 'target.run(call.file, call.args, options(call), {})' : 'target.run(call.file, call.args, {}, options(call))'} } satisfies Adapter<Helper>;
`;

const CASES = ['core/cooperative-abort', 'core/pre-aborted', 'core/nonzero-exit'];

async function runWith(slot: 'third' | 'fourth', cwd = true, cases = CASES) {
  const dir = tempDir('childproof-calibration-');
  fs.writeFileSync(path.join(dir, 'run.mjs'), HELPER);
  const identity = JSON.parse((await cliIn(dir, 'pin', '--file', 'run.mjs', '--probe-dir', 'probe')).stdout).identity;
  writeJson(path.join(dir, 'probe', 'probe.json'), { name: 'please', title: 'please', identity, adapter: 'adapter.ts', supports: ['signal', 'exit-status'] });
  fs.writeFileSync(path.join(dir, 'probe', 'adapter.ts'), adapter(slot, cwd));
  const run = await cliIn(dir, 'run', '--probe', 'probe', ...cases.flatMap((c) => ['--case', c]), '--out', 'report.json', '--quiet');
  // verify --calibrate reads the same trials and says, per option, whether it reaches the target.
  const verify = await cliIn(dir, 'verify', '--probe', 'probe', '--calibrate');
  return { run, verify, trials: JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8')).trials as TrialResult[] };
}
const wrong = eager(() => runWith('third'));
const right = eager(() => runWith('fourth'));
// The signal where it is read, and the cwd nowhere: the child starts in the caller's directory.
const MISSING_CWD = 'failed-spawn/missing-cwd-shared-signal';
const noCwd = eager(() => runWith('fourth', false, ['core/cooperative-abort', MISSING_CWD]));
const withCwd = eager(() => runWith('fourth', true, [MISSING_CWD]));

test('a signal handed where the target never reads it makes every case that needs it unsupported, with the reason, and no clause breaks', async () => {
  const { run, trials } = await wrong;
  // Nothing was tested, and the run says so rather than passing.
  assert.is(run.code, 1, run.stdout + run.stderr);
  assert.match(run.stderr, /nothing was tested where it was asked for: every trial was skipped/);
  const byCase = Object.fromEntries(trials.map((t) => [t.case, t]));
  for (const c of CASES) {
    assert.is(byCase[c].outcome, 'unsupported', `${c}: ${byCase[c].outcome}`);
    assert.match(byCase[c].reason!, /^signal not seen to reach the target: in 2 trials of please where it had to act, nothing in the target read the signal the adapter handed over/);
    assert.is(byCase[c].verdicts, undefined);
  }
  assert.not.match(run.stdout, /breaks/);
});

test('the same signal handed where the target reads it reaches Node\'s spawn, and the cases give its facts', async () => {
  const { trials } = await right;
  const abort = trials.find((t) => t.case === 'core/cooperative-abort')!;
  assert.is(reached(abort, 'signal'), true);
  assert.equal(abort.observations?.worker?.reach?.signalUses?.slice(0, 2), ['aborted', 'addEventListener']);
  assert.ok(abort.observations?.worker?.spawns.some((s) => s.carried?.includes('signal')), 'the spawn carried the signal');
  assert.equal([abort.outcome, abort.facts?.['error.isAbort'], abort.facts?.['child.reapedAtSettle']], ['fail', true, false]);
  // Node's spawn reads an aborted signal and ends the child it started at once.
  assert.is(reached(trials.find((t) => t.case === 'core/pre-aborted')!, 'signal'), true);
});

test('a cwd the target never passes on makes the case that names its own unsupported, with the reason; passed on, the spawn fails as it should', async () => {
  const [dropped, passed] = [(await noCwd).trials, (await withCwd).trials];
  const missing = dropped.find((t) => t.case === MISSING_CWD)!;
  assert.is(missing.outcome, 'unsupported', JSON.stringify(missing.facts));
  assert.match(missing.reason!, /^cwd not seen to reach the target: in \d+ trials? of please where it had to act, the case's command started in another directory/);
  // The abort does not rest on the cwd: it keeps its facts.
  assert.is(dropped.find((t) => t.case === 'core/cooperative-abort')!.facts?.['error.isAbort'], true);
  const failed = passed.find((t) => t.case === MISSING_CWD)!;
  assert.is.not(failed.outcome, 'unsupported', failed.reason);
  assert.is(failed.facts?.['error.code'], 'ENOENT');
  assert.ok(failed.observations?.worker?.spawns.some((s) => s.carried?.includes('cwd')), 'the spawn carried the cwd');
});

// Synthetic trials: what each sight and each trigger lets the rule conclude.
const trial = (probe: string, reach: object, worker: object = {}, facts: object = {}): TrialResult =>
  ({ probe, case: 'core/x', outcome: 'known-fail', facts, verdicts: [], observations: { worker: { entered: { export: 'f', t: '1' }, spawns: [], trigger: { kind: 'none', t: null, fired: false }, reach, ...worker } } }) as unknown as TrialResult;
const handed = (h: object) => ({ signal: false, timeout: null, killSignal: null, ...h });

test('a timeout no timer could show, a report made before reach was kept, and a signal used once decide nothing against the option; what rests on an option no trial could see is unknown', () => {
  const blind = trial('a', { handed: handed({ timeout: 500 }), signalUses: null, timerDelays: null }, { trigger: { kind: 'timeout', t: '1', fired: false } });
  assert.is(reached(blind, 'timeout'), null);
  const old = { ...trial('b', {}), observations: { worker: { entered: { export: 'f', t: '1' }, spawns: [], trigger: { kind: 'abort', fired: true } } } } as unknown as TrialResult;
  assert.is(reached(old, 'signal'), null);
  const aborted = { kind: 'abort', t: '1', fired: true };
  const used = trial('c', { handed: handed({ signal: true }), signalUses: ['aborted'], timerDelays: [] }, { trigger: aborted });
  const unused = trial('c', { handed: handed({ signal: true }), signalUses: [], timerDelays: [] }, { trigger: aborted });
  const held = { clause: 'hygiene', fact: 'parent.timersAfterSettle', observed: 0, result: 'pass', why: '' };
  const applied = applyCalibration([{ ...blind, verdicts: [held] } as TrialResult, old, used, unused]);
  // Probe a's one trial rests on its timeout, which nothing could show either way: not held, not broken.
  assert.equal(applied.map((t) => t.outcome), ['unknown', 'known-fail', 'known-fail', 'known-fail']);
  assert.match(applied[0].reason!, /^timeout could not be seen to reach the target: no trial of a showed it reach the target or not/);
  assert.equal(applied[0].verdicts!.map((v) => v.result), ['unknown']);
  // An aborted signal refused before any spawn reached its target, though no accessor saw it read.
  const refused = trial('d', { handed: handed({ signal: true }), signalUses: [], timerDelays: [] }, { trigger: { kind: 'pre-aborted', t: '1', fired: true } }, { 'spawn.attempts': 0, settled: 'rejected' });
  assert.is(reached(refused, 'signal'), true);
  assert.is(reached({ ...refused, facts: { 'spawn.attempts': 1, settled: 'rejected' } } as unknown as TrialResult, 'signal'), false);
});

test('a timeout with no timer of its delay, and a kill signal the child never got, are not seen to reach the target', () => {
  const timeout = trial('a', { handed: handed({ timeout: 500 }), signalUses: null, timerDelays: [30000] }, { trigger: { kind: 'timeout', t: '1', fired: false } });
  assert.is(reached(timeout, 'timeout'), false);
  const timed = trial('a', { handed: handed({ timeout: 500 }), signalUses: null, timerDelays: [500] });
  assert.is(reached(timed, 'timeout'), true);
  const killed = trial('b', { handed: handed({ killSignal: 'SIGINT' }), signalUses: null, timerDelays: [] }, {}, { 'child.signals': ['SIGTERM'] });
  assert.is(reached(killed, 'killSignal'), false);
  const out = applyCalibration([timeout, killed]);
  assert.equal(out.map((t) => [t.outcome, t.reason?.split(':')[0]]), [['unsupported', 'timeout not seen to reach the target'], ['unsupported', 'killSignal not seen to reach the target']]);
  // Once any trial of the probe shows the timeout reach its target, none is withheld for it.
  assert.equal(applyCalibration([timeout, timed]).map((t) => t.outcome), ['known-fail', 'known-fail']);
});

test('a command spawned without detached, or run as a program when it is a shell line, is not seen to take either; carried, it is', () => {
  const spawn = (carried?: string[]) => ({ t: '1', file: '/usr/bin/node', command: true, pid: 7, error: null, exit: null, ...(carried ? { carried } : {}) });
  const plain = trial('a', { handed: handed({ detached: true, shell: true }), signalUses: null, timerDelays: [] }, { spawns: [spawn([])] });
  assert.equal([reached(plain, 'detached'), reached(plain, 'shell')], [false, false]);
  // A spawn whose options were never seen (Bun.spawn, Deno.Command) shows nothing either way.
  const unseen = trial('a', { handed: handed({ detached: true, shell: true }), signalUses: null, timerDelays: [] }, { spawns: [spawn()] });
  assert.equal([reached(unseen, 'detached'), reached(unseen, 'shell')], [null, null]);
  const carried = trial('a', { handed: handed({ detached: true, shell: true }), signalUses: null, timerDelays: [] }, { spawns: [spawn(['detached', 'shell'])] });
  assert.equal([reached(carried, 'detached'), reached(carried, 'shell')], [true, true]);
  // Not handed, or nothing spawned: no evidence either way.
  assert.is(reached(trial('a', { handed: handed({}), signalUses: null, timerDelays: [] }, { spawns: [spawn()] }), 'detached'), null);
  assert.is(reached(trial('a', { handed: handed({ shell: true }), signalUses: null, timerDelays: [] }), 'shell'), null);
  // A stdin pipe: Node's default, or asked for; a spawn that ignores stdin gave none.
  const piped = trial('a', { handed: handed({ stdin: true }), signalUses: null, timerDelays: [] }, { spawns: [spawn(['stdin'])] });
  const closed = trial('a', { handed: handed({ stdin: true }), signalUses: null, timerDelays: [] }, { spawns: [spawn([])] });
  assert.equal([reached(piped, 'stdin'), reached(closed, 'stdin')], [true, false]);
  assert.match(applyCalibration([plain])[0].reason!, /^detached not seen to reach the target: in 1 trial of a where it had to act, the case's command was spawned without detached/);
});

test('a cwd is seen in the directory the child started in, an IPC channel in what it had, a stop signal in what it got, an output limit in the error that names it', () => {
  const child = (c: object) => ({ fixtures: { records: [{ pid: 7, ppid: 6, pgid: 6, startTime: '1', role: 'child', t: '1', ...c }], events: [] } });
  const at = (cwd: string, asked = false, shell = false) => {
    const t = trial('a', { handed: handed({ cwd: asked, shell }), cwd: '<trial>', signalUses: null, timerDelays: [] });
    return { ...t, observations: { ...t.observations, ...child({ cwd }) } } as TrialResult;
  };
  assert.equal([reached(at('<trial>'), 'cwd'), reached(at('<outside>'), 'cwd')], [true, false]);
  // A shell command line changes to the directory itself: it shows nothing of the option.
  assert.is(reached(at('<trial>', false, true), 'cwd'), null);
  // Every trial shows where its child started, but only a case naming a cwd of its own is withheld.
  const out = applyCalibration([at('<outside>'), at('<outside>', true)]);
  assert.equal(out.map((t) => t.outcome), ['known-fail', 'unsupported']);
  assert.match(out[1].reason!, /^cwd not seen to reach the target: in 2 trials of a where it had to act, the case's command started in another directory/);
  assert.equal(applyCalibration([at('<trial>'), at('<outside>', true)]).map((t) => t.outcome), ['known-fail', 'known-fail']);

  const ipc = (has: boolean) => {
    const t = trial('a', { handed: handed({ ipc: true }), signalUses: null, timerDelays: [] });
    return { ...t, observations: { ...t.observations, ...child({ ipc: has }) } } as TrialResult;
  };
  assert.equal([reached(ipc(true), 'ipc'), reached(ipc(false), 'ipc')], [true, false]);

  const stop = (sent: string[]) => trial('a', { handed: handed({ stopSignal: 'SIGINT' }), signalUses: null, timerDelays: [] }, {}, { 'child.signals': sent });
  assert.equal([reached(stop(['SIGINT', 'SIGKILL']), 'stopSignal'), reached(stop(['SIGTERM']), 'stopSignal'), reached(stop([]), 'stopSignal')], [true, false, null]);

  const flood = (error: object | null, facts: object) =>
    trial('a', { handed: handed({ maxBuffer: 1000000 }), signalUses: null, timerDelays: [] }, { settlement: error ? { kind: 'rejected', t: '1', error } : { kind: 'fulfilled', t: '1' } }, facts);
  const named = flood({ name: 'ExecaError', code: null, message: "Command's stdout was larger than 1000000 characters" }, { settled: 'rejected', 'child.signals': [] });
  const coded = flood({ name: 'RangeError', code: 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER', message: 'stdout maxBuffer length exceeded' }, { settled: 'rejected', 'child.signals': [] });
  const resolved = flood(null, { settled: 'fulfilled', 'child.signals': [] });
  assert.equal([reached(named, 'maxBuffer'), reached(coded, 'maxBuffer'), reached(resolved, 'maxBuffer')], [true, true, false]);
  // Reports made before these were kept hand none of them, as far as they show.
  const old = trial('a', { handed: { signal: false, timeout: null, killSignal: null }, signalUses: null, timerDelays: [] }, {}, { settled: 'fulfilled', 'child.signals': ['SIGTERM'] });
  assert.equal(['stopSignal', 'maxBuffer', 'ipc', 'cwd'].map((o) => reached(old, o as 'cwd')), [null, null, null, null]);
});

test("a spawn's own options carry detached, a shell, a stdin pipe, a cwd only as the API they were handed to reads them", () => {
  const node = (options: Record<string, unknown>) => ({ runtime: 'node' as const, options });
  const h = { signal: null, detached: true, shell: true, stdin: true };
  assert.equal(carriedBy(node({}), h, '/bin/sh'), ['shell', 'stdin'], "Node pipes stdin by default; a shell by its file's name");
  assert.equal(carriedBy(node({ detached: true, stdio: [{ type: 'pipe' }] }), h, '/usr/bin/node'), ['detached', 'stdin']);
  assert.equal(carriedBy(node({ detached: false, stdio: ['ignore', 'pipe', 'pipe'] }), h, '/usr/bin/node'), []);
  assert.equal(carriedBy(node({ detached: true, shell: true }), { signal: null }, '/bin/sh'), [], 'nothing is carried that was not handed');
  // A cwd as a path or a file: URL; an IPC channel in stdio, as fork() writes it; spawnSync's output limit.
  const more = { signal: null, cwd: '/trials/t1', ipc: true, maxBuffer: 1024 };
  assert.equal(carriedBy(node({ cwd: new URL('file:///trials/t1/'), stdio: ['pipe', 'pipe', 'pipe', 'ipc'], maxBuffer: 1024 }), more), ['cwd', 'ipc', 'maxBuffer']);
  assert.equal(carriedBy(node({ cwd: '/trials', stdio: 'pipe', maxBuffer: 2048 }), more), []);
  // Bun.spawn and Deno.Command pipe no stdin unless asked, each in its own word.
  const stdin = { signal: null, stdin: true, cwd: '/trials/t1' };
  assert.equal(carriedBy({ runtime: 'bun', options: { stdin: 'pipe', cwd: '/trials/t1' } }, stdin), ['stdin', 'cwd']);
  assert.equal(carriedBy({ runtime: 'bun', options: {} }, stdin), []);
  assert.equal(carriedBy({ runtime: 'deno', options: { stdin: 'piped' } }, stdin), ['stdin']);
  assert.equal(carriedBy({ runtime: 'deno', options: { stdin: 'pipe' } }, stdin), []);
});

test('verify --calibrate says which declared option does not reach the target and exits 1; handed where it is read, 0', async () => {
  const [w, r] = [(await wrong).verify, (await right).verify];
  assert.is(w.code, 1, w.stdout + w.stderr);
  assert.match(w.stdout, /calibrated +please +signal +does not reach: not seen to reach the target in core\/cooperative-abort/);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /calibrated +please +signal +reaches: reached the target in core\/cooperative-abort/);
});

finish(test);
