// `childproof check`: a file checked in one command, with nothing left behind: a probe
// written and calibrated, the core cases run, one line per clause that does not hold, and
// an exit code that says whether the clauses asked for hold.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CALIBRATION_CASES } from '../../runners/cli/init-calibrate.ts';
import { cliIn, cliInRunning, cliInstalling, cliWithRunning, ROOT, tempDir } from '../support/helpers.ts';
import { concurrent, eager, finish } from '../support/suite.ts';

// Node's spawn, settling on 'error' or 'close': it settles, but an abort settles it before the child has gone.
const HELPER = `import { spawn } from 'node:child_process';
export function run(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { signal: options.signal, timeout: options.timeout, killSignal: options.killSignal, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code, signal) => (code === 0 ? resolve(code) : reject(Object.assign(new Error('exit ' + (code ?? signal)), { code, signal }))));
  });
}
`;

// The checks get a cache of their own: what they leave in it is theirs alone, whatever the
// other test processes of the same make test do in theirs.
const work = eager(async () => {
  const dir = tempDir('childproof-check-');
  const cache = path.join(dir, 'cache');
  fs.writeFileSync(path.join(dir, 'run.mjs'), HELPER);
  const all = await cliWithRunning(dir, { CHILDPROOF_CACHE: cache }, 'check', '--file', 'run.mjs');
  const settles = await cliWithRunning(dir, { CHILDPROOF_CACHE: cache }, 'check', '--file', 'run.mjs', '--case', 'core/success', '--case', 'core/nonzero-exit', '--require', 'settles,settles-after-exit', '--probe-dir', 'kept');
  return { dir, cache, all, settles };
});

test('check on a file runs its core cases and names each clause that does not hold with its cases, exit 1', async () => {
  const { all } = await work;
  assert.is(all.code, 1, all.stderr);
  assert.ok(all.stdout.includes(`"supports" calibrated on the target (${CALIBRATION_CASES.length} trials): signal, timeout, killSignal, exit-status\n`), all.stdout);
  // The helper takes options.cwd and never hands it to spawn: calibration says so instead of blaming the library.
  assert.match(all.stdout, /\n {2}cwd +does not reach: not seen to reach the target in failed-spawn\/missing-cwd-shared-signal/);
  // Node's timeout sends SIGTERM once, to a child that ignores it: the call never settles.
  assert.match(all.stdout, /check: \d+ clause\(s\) do not hold or were not tested:\n {2}settles: never settled in 1 of \d+: core\/ignores-sigterm-timeout\n/);
  assert.match(all.stdout, /\n {2}settles-after-exit: breaks in \d+ of \d+; never settled in 1: core\/abort-after-timeout, core\/cooperative-abort/);
});

test('with --require and --case, only the clauses asked for decide the exit: without a trigger this helper settles after the exit', async () => {
  const { settles } = await work;
  assert.is(settles.code, 0, settles.stdout + settles.stderr);
  assert.match(settles.stdout, /check: every clause asked for holds/);
});

test('check leaves nothing in the cache and names no file it removed; --probe-dir keeps the probe it wrote', async () => {
  const { dir, cache, all, settles } = await work;
  assert.equal(fs.readdirSync(cache).filter((n) => n.startsWith('check-')), [], 'no work folder is left');
  // The report and the probe went with the work folder: no line sends a reader there.
  assert.not.match(all.stdout, /Report: |run it: |wrote .*probe\.json/, all.stdout);
  assert.not.match(all.stdout, new RegExp(`${cache}/check-`), all.stdout);
  assert.match(settles.stdout, /wrote kept\/probe\.json/);
  assert.ok(fs.existsSync(path.join(dir, 'kept', 'probe.json')));
  assert.not.ok(fs.existsSync(path.join(dir, 'probe')));
});

test('a clause that is not one, and two targets at once, are refused with one line and exit 2', async () => {
  const { dir } = await work;
  const bad = await cliIn(dir, 'check', '--file', 'run.mjs', '--require', 'settles,sometimes');
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /--require expects clauses separated by commas \(settles, settles-after-exit/);
  const two = await cliIn(dir, 'check', 'nano-spawn', '--file', 'run.mjs');
  assert.is(two.code, 2);
});

// Three calls as real projects write them, that the generic plan does not fit: a callback
// API, a class that needs `new` and has no types, and a tagged template. Whatever `init`
// makes of each, the check is green only for what a judged trial showed: `init` reaches
// all three, each as it is called (settled by its callback, on an instance, as a tag),
// and what they do then breaks clauses or leaves them untested (the tag takes no signal).
const SHAPES: Array<{ shape: string; source: string; code: number; says: RegExp }> = [
  {
    shape: 'a (command, options, callback) API',
    source: `import { exec } from 'node:child_process';
export function run(command, options, callback) {
  return exec(command, options, (err, stdout) => callback(err, stdout));
}
`,
    code: 1,
    says: /settled by its callback[^]*check: \d+ clause\(s\) do not hold or were not tested:\n {2}/,
  },
  {
    shape: 'a class whose constructor needs new, with no types',
    source: `import { spawn } from 'node:child_process';
export class Runner {
  constructor() { this.started = 0; }
  run(file, args, options = {}) {
    this.started++;
    return new Promise((resolve, reject) => {
      const child = spawn(file, args, { signal: options.signal, stdio: 'ignore' });
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(code) : reject(new Error('exit ' + code))));
    });
  }
}
`,
    code: 1,
    says: /timeout +removed: not seen to reach the target[^]*check: \d+ clause\(s\) do not hold or were not tested:\n {2}/,
  },
  {
    shape: 'a tagged template',
    source: `import { exec } from 'node:child_process';
export function $(strings, ...values) {
  const line = String.raw({ raw: strings.raw }, ...values);
  return new Promise((resolve, reject) => exec(line, (err, stdout) => (err ? reject(err) : resolve(stdout))));
}
`,
    code: 1,
    says: /the call: target\.\$\(\.\.\.tagged\(\[call\.file, \.\.\.call\.args\]\)\)[^]*check: \d+ clause\(s\) do not hold or were not tested:\n {2}/,
  },
];

for (const { shape, source, code, says } of SHAPES) {
  concurrent(test, `check on ${shape} is never green for what no trial showed: exit ${code}, saying why`, async () => {
    const dir = tempDir('childproof-shape-');
    fs.writeFileSync(path.join(dir, 'lib.mjs'), source);
    const r = await cliInRunning(dir, 'check', '--file', 'lib.mjs');
    // What init said of the call (stderr) comes before what the check found (stdout).
    const said = r.stderr + r.stdout;
    assert.not.match(said, /every clause (asked for )?holds/, said);
    assert.is(r.code, code, said);
    assert.match(said, says, said);
  });
}

concurrent(test, 'check on code with no call it can show keeps a skeleton in a folder of the user\'s, named for the code, exit 2 naming the line to finish', async () => {
  const dir = tempDir('childproof-check-skeleton-');
  fs.copyFileSync(path.join(ROOT, 'test', 'corpus', 'session-handle', 'index.ts'), path.join(dir, 'launcher.ts'));
  const r = await cliInRunning(dir, 'check', '--file', 'launcher.ts');
  assert.is(r.code, 2, r.stderr);
  const adapter = fs.readFileSync(path.join(dir, 'probe-launcher', 'adapter.ts'), 'utf8');
  const line = adapter.split('\n').findIndex((l) => l.includes('// TODO(childproof):')) + 1;
  assert.match(r.stderr, `finish the call at probe-launcher/adapter.ts:${line}`);
  assert.is(JSON.parse(fs.readFileSync(path.join(dir, 'probe-launcher', 'probe.json'), 'utf8')).name, 'launcher');
  assert.not.match(r.stdout + r.stderr, /every clause/);
});

concurrent(test, 'check --pack keeps a skeleton that pins the package\'s own files, so the commands it prints work once the work folder is gone', async () => {
  const dir = tempDir('childproof-check-pack-');
  const pkg = path.join(dir, 'pkg');
  fs.mkdirSync(pkg);
  fs.copyFileSync(path.join(ROOT, 'test', 'corpus', 'session-handle', 'index.ts'), path.join(pkg, 'index.ts'));
  fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'session-runner', version: '1.0.0', type: 'module', main: 'index.ts' }));
  const r = await cliInRunning(dir, 'check', '--pack', 'pkg');
  assert.is(r.code, 2, r.stderr);
  const commands = [...r.stderr.matchAll(/^ {2}childproof (verify|run) (.*)$/gm)].map((m) => [m[1], ...m[2].split(' ')]);
  assert.is(commands.length, 2, r.stderr);
  const probe = JSON.parse(fs.readFileSync(path.join(dir, 'probe-session-runner', 'probe.json'), 'utf8'));
  assert.equal([probe.identity.kind, probe.identity.root, probe.identity.entry], ['files', '../pkg', 'index.ts']);
  // Each command it printed reads the probe and refuses it at its unfinished line: no registry, no missing folder.
  for (const [verb, ...args] of commands) {
    const after = await cliIn(dir, verb, ...args.filter((a) => a !== '--calibrate'));
    assert.is(after.code, 2, after.stderr);
    assert.match(after.stderr, /probe-session-runner\/adapter\.ts:\d+: expected a finished adapter/);
  }
});

concurrent(test, "check NAME@VERSION of a package childproof ships a probe for runs that probe's own call at that version", async () => {
  const shipped = JSON.parse(fs.readFileSync(path.join(ROOT, 'probes', 'tinyexec', 'probe.json'), 'utf8')).identity.version;
  const r = await cliInstalling('check', `tinyexec@${shipped}`, '--case', 'core/success');
  assert.ok(r.code === 0 || r.code === 1, r.stderr);
  assert.match(r.stderr, `childproof ships a probe of tinyexec: checking with its call, tinyexec@${shipped}`);
  assert.not.match(r.stderr, /several exports take a command alike|calling x\(/, 'no probe was written for it');
});

finish(test);
