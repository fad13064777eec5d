// Bringing one's own code: `init` writes a probe that runs, `pin --update` pins it again
// in place, and each refuses what it cannot do with one clear line and exit 2.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CALIBRATION_CASES } from '../../runners/cli/init-calibrate.ts';
import { loadCase } from '../../runners/model/load-cases.ts';
import { InputError } from '../../runners/model/errors.ts';
import { cliIn, tempDir, writeJson } from '../support/helpers.ts';
import { concurrent, eager, finish } from '../support/suite.ts';

const STACK = /\n\s+at /;

// A TypeScript helper with a constant and two functions: init calls the first function.
const HELPER = `import { execFile } from 'node:child_process';
export const VERSION = '1';
export function run(file: string, args: string[], options: { cwd?: string; signal?: AbortSignal } = {}): Promise<void> {
  return new Promise((resolve, reject) => execFile(file, args, options, (e) => (e ? reject(e) : resolve())));
}
export function other() {}
`;

const work = eager(async () => {
  const project = tempDir('childproof-init-');
  fs.mkdirSync(path.join(project, 'src'));
  fs.writeFileSync(path.join(project, 'src', 'exec.ts'), HELPER);
  const init = await cliIn(project, 'init', 'probe', '--file', 'src/exec.ts');
  const run = await cliIn(project, 'run', '--probe', 'probe', '--case', 'core/abort-reason-error', '--out', 'report.json', '--quiet');
  return { project, init, run };
});

test('init --file writes a probe whose root is relative to it, calls the first function the file declares, calibrates what it supports, and says how to run it', async () => {
  const { project, init } = await work;
  assert.is(init.code, 0, init.stderr);
  assert.match(init.stdout, /run it: {2}childproof run --probe probe --case core/);
  // Its types place the options: execFile's own, in the third argument.
  assert.match(init.stderr, /calling run\(file, args, options\?\) as its types declare it, with signal, cwd in options; exec\.ts also exports VERSION, other \(--export NAME to choose\)/);
  // Only what its types take is passed and tried on the target; it rejects on a non-zero exit.
  assert.ok(init.stdout.includes(`"supports" calibrated on the target (${CALIBRATION_CASES.length} trials): signal, exit-status\n`), init.stdout);
  assert.match(init.stdout, /\n {2}signal +kept: reached the target in /);
  assert.match(init.stdout, /exit-status +kept: a non-zero exit rejected/);
  const probe = JSON.parse(fs.readFileSync(path.join(project, 'probe', 'probe.json'), 'utf8'));
  assert.equal({ name: probe.name, root: probe.identity.root, entry: probe.identity.entry }, { name: 'probe', root: '../src', entry: 'exec.ts' });
  assert.match(fs.readFileSync(path.join(project, 'probe', 'adapter.ts'), 'utf8'), /from 'childproof'[\s\S]*uses: \['run'\][\s\S]*target\.run\(\s*call\.file,\s*call\.args,/);
});

test('the probe init wrote runs: its trial is judged, not an error', async () => {
  const { project, run } = await work;
  const [trial] = JSON.parse(fs.readFileSync(path.join(project, 'report.json'), 'utf8')).trials;
  assert.is.not(trial.outcome, 'error', `${trial.reason}\n${run.stderr}`);
  assert.is(trial.facts.settled, 'rejected');
});

test('pin --update pins the same files again, says what changed, and keeps the rest of probe.json', async () => {
  const { project } = await work;
  const copy = path.join(project, 'again');
  fs.cpSync(path.join(project, 'probe'), copy, { recursive: true });
  const before = JSON.parse(fs.readFileSync(path.join(copy, 'probe.json'), 'utf8'));
  assert.match((await cliIn(project, 'pin', '--update', 'again')).stdout, /nothing changed/);
  fs.appendFileSync(path.join(project, 'src', 'exec.ts'), '// changed\n');
  const r = await cliIn(project, 'pin', '--update', 'again');
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /exec\.ts: [0-9a-f]{12} -> [0-9a-f]{12}/);
  const after = JSON.parse(fs.readFileSync(path.join(copy, 'probe.json'), 'utf8'));
  assert.is(after.title, before.title);
  assert.is.not(after.identity.paths[0].blob, before.identity.paths[0].blob);
  assert.is((await cliIn(project, 'verify', '--probe', 'again')).code, 0);
});

test('init and pin --update refuse what they cannot do with one line and exit 2', async () => {
  const { project } = await work;
  writeJson(path.join(project, 'builtin', 'probe.json'), { name: 'builtin', title: 'b', identity: { kind: 'builtin', module: 'node:child_process' }, adapter: 'a.mjs', supports: [] });
  fs.writeFileSync(path.join(project, 'empty.mjs'), '// nothing exported\n');
  fs.writeFileSync(path.join(project, 'ambiguous.mjs'), 'export function a(x) {}\nexport function b(y) {}\nexport class C {}\n');
  const cases: Array<[string[], RegExp]> = [
    [['init', 'probe', '--file', 'src/exec.ts'], /probe\/probe\.json: \/: expected no probe here yet; to pin this one again: childproof pin --update probe; to write it anew \(another --export, say\): init again with --force/],
    // Exports that take no command: no call is guessed; a skeleton names the line to finish.
    [['init', 'fresh-a', '--file', 'ambiguous.mjs'], /no call to ambiguous\.mjs could be shown to reach it: a\(x\): no parameter takes the command[^]*skeleton adapter: finish the call at fresh-a\/adapter\.ts:\d+/],
    [['init', 'fresh', '--file', 'empty.mjs'], /empty\.mjs: no export found by reading it: name the one to call with --export NAME/],
    [['init', 'fresh'], /init takes exactly one of --file, --checkout or --package/],
    [['pin', '--update', 'builtin'], /builtin\/probe\.json: \/identity\/kind: expected a pinned target/],
    [['pin', '--update', 'nowhere'], /nowhere\/probe\.json: \/: expected an existing probe\.json/],
  ];
  for (const [args, message] of cases) {
    const r = await cliIn(project, ...args);
    assert.is(r.code, 2, args.join(' '));
    assert.match(r.stderr, message, args.join(' '));
    assert.not.match(r.stderr, STACK);
  }
});

test('init --package NAME@VERSION pins that version, installed into the cache when the project has none, and NAME alone its newest release', async () => {
  const project = tempDir('childproof-init-package-');
  const r = await cliIn(project, 'init', 'probe', '--package', 'nano-spawn@2.1.0');
  assert.is(r.code, 0, r.stderr);
  const probe = JSON.parse(fs.readFileSync(path.join(project, 'probe', 'probe.json'), 'utf8'));
  assert.equal([probe.name, probe.identity.kind, probe.identity.name, probe.identity.version], ['probe', 'package', 'nano-spawn', '2.1.0']);
  assert.match(fs.readFileSync(path.join(project, 'probe', 'adapter.ts'), 'utf8'), /uses: \['default'\]/);
  // NAME alone, with nothing installed: the newest release, said so.
  const unnamed = await cliIn(project, 'init', 'other', '--package', 'nano-spawn');
  assert.is(unnamed.code, 0, unnamed.stderr);
  assert.match(unnamed.stderr, /nano-spawn is not installed where other can find it: pinning its newest release, \d+\.\d+\.\d+/);
  assert.is(JSON.parse(fs.readFileSync(path.join(project, 'other', 'probe.json'), 'utf8')).name, 'other');
  const missing = await cliIn(project, 'init', 'third', '--package', 'nano-spawn@0.0.1');
  assert.is(missing.code, 2);
  assert.match(missing.stderr, /nano-spawn@0\.0\.1 is not published; the nearest published versions: /);
});

test("a case file below the cases directory whose id is not its path is refused with the id expected", () => {
  const root = tempDir();
  const file = writeJson(path.join(root, 'suite', 'x.case.json'), {
    id: 'other/x', title: 'x', requires: [], child: {}, call: { command: 'fixture' }, trigger: { kind: 'none' }, windowMs: 0,
    assertions: [{ clause: 'reason-preserved', fact: 'settled', equals: 'resolved' }],
  });
  assert.throws(() => loadCase(file, root), (e: InputError) => e instanceof InputError && /\/id: expected "suite\/x", the file's path below cases\//.test(e.message));
});

// Two libraries whose first export is the wrong one to call: a class, and a function
// that takes a ChildProcess. init reads the signatures and calls the one that takes a command.
for (const [pkg, calls] of [['spawndamnit@3.0.1', /calling default\(cmd, args, opts\)/], ['promisify-child-process@5.0.1', /calling spawn\(command, args, options\?\) as its types declare it, with signal, timeout, killSignal, shell, maxBuffer, detached, cwd in options; .*promisifyChildProcess \(takes a child process \(child\), not a command\)/]] as const) {
  test(`init --package ${pkg} calls the export that takes a command, and a plain call of it passes`, async () => {
    const project = tempDir('childproof-init-choice-');
    const init = await cliIn(project, 'init', 'probe', '--package', pkg);
    assert.is(init.code, 0, init.stderr);
    assert.match(init.stderr, calls);
    // Whatever calibration kept of the guessed options, a call with none of them runs.
    const run = await cliIn(project, 'run', '--probe', 'probe', '--case', 'control/plain-call', '--out', 'report.json', '--quiet');
    assert.is(run.code, 0, run.stdout + run.stderr);
    assert.is(JSON.parse(fs.readFileSync(path.join(project, 'report.json'), 'utf8')).trials[0].outcome, 'pass');
  });
}

test('init --force writes a probe anew, with the export asked for, a skeleton where that export takes no command', async () => {
  const { project } = await work;
  // other() takes no command: the probe written anew is a skeleton for it, never a guess.
  const again = await cliIn(project, 'init', 'probe', '--file', 'src/exec.ts', '--export', 'other', '--force');
  assert.is(again.code, 2, again.stderr);
  assert.match(fs.readFileSync(path.join(project, 'probe', 'adapter.ts'), 'utf8'), /uses: \['other'\][^]*\/\/ TODO\(childproof\):/);
  assert.is((await cliIn(project, 'init', 'probe', '--file', 'src/exec.ts', '--force')).code, 0);
});

// A helper that refuses an invalid timeout by throwing before it returns, as Node's own
// execFile does: its caller sees a throw, and so must the trial, through the adapter init
// wrote. An async wrapper would have made it a rejection.
const THROWS_FIRST = `import { spawn } from 'node:child_process';
export function run(file, args, options = {}) {
  if (options.timeout !== undefined && !(Number.isSafeInteger(options.timeout) && options.timeout >= 0)) {
    throw Object.assign(new RangeError('The value of "timeout" is out of range: ' + options.timeout), { code: 'ERR_OUT_OF_RANGE' });
  }
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { signal: options.signal, timeout: options.timeout, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(code) : reject(new Error('exit ' + code))));
  });
}
`;

concurrent(test, 'the adapter init writes adds nothing to the call: a target that throws before it returns is recorded as a throw, not a rejection', async () => {
  const project = tempDir('childproof-init-throws-');
  fs.writeFileSync(path.join(project, 'lib.mjs'), THROWS_FIRST);
  const init = await cliIn(project, 'init', 'probe', '--file', 'lib.mjs');
  assert.is(init.code, 0, init.stderr);
  assert.not.match(fs.readFileSync(path.join(project, 'probe', 'adapter.ts'), 'utf8'), /\basync\s*\(/, 'no async wrapper');
  const run = await cliIn(project, 'run', '--probe', 'probe', '--case', 'core/invalid-timeout-negative', '--out', 'report.json', '--quiet');
  const report = JSON.parse(fs.readFileSync(path.join(project, 'report.json'), 'utf8'));
  const trial = report.trials.find((t: { case: string }) => t.case === 'core/invalid-timeout-negative');
  assert.is(trial?.facts?.settled, 'threw', `${run.stdout}${run.stderr}`);
  assert.is(trial.facts['error.code'], 'ERR_OUT_OF_RANGE');
});

finish(test);
