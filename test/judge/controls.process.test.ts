// No verdict without a control: a probe whose adapter reaches a function that never runs
// a command (it wants a ChildProcess, not a command) would "pass" every case that only
// asks for a refusal. The run adds a control case, sees that no trial ran a command, and
// turns every judged trial of the probe into one error: no clause holds anywhere.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { applyControls } from '../../runners/judge/controls.ts';
import type { TrialResult } from '../../runners/model/report-types.ts';
import { cliIn, tempDir, writeJson } from '../support/helpers.ts';
import { eager, finish } from '../support/suite.ts';

// Takes a ChildProcess, as promisify-child-process's promisifyChildProcess does: called
// with a command, it throws before spawning anything, for every input.
const HELPER = `export function wrapChild(child) {
  if (!child || typeof child.on !== 'function') throw new TypeError('expected a ChildProcess');
  return new Promise((resolve) => child.on('exit', resolve));
}
`;
const ADAPTER = `import type { Adapter } from 'childproof';
type Helper = { wrapChild(child: unknown, ...rest: unknown[]): Promise<unknown> };
export default { uses: ['wrapChild'], run: (call, target) => target.wrapChild(call.file, call.args, { signal: call.signal, timeout: call.timeoutMs }) } satisfies Adapter<Helper>;
`;

const work = eager(async () => {
  const dir = tempDir('childproof-controls-');
  fs.writeFileSync(path.join(dir, 'wrap.mjs'), HELPER);
  const identity = JSON.parse((await cliIn(dir, 'pin', '--file', 'wrap.mjs', '--probe-dir', 'wrong')).stdout).identity;
  writeJson(path.join(dir, 'wrong', 'probe.json'), { name: 'wrong', title: 'wrong', identity, adapter: 'adapter.ts', supports: ['signal', 'timeout', 'exit-status'] });
  fs.writeFileSync(path.join(dir, 'wrong', 'adapter.ts'), ADAPTER);
  const run = await cliIn(dir, 'run', '--probe', 'wrong', '--case', 'core/invalid-timeout-negative', '--case', 'core/invalid-timeout-fractional', '--out', 'report.json');
  const md = await cliIn(dir, 'render', 'report.json', '--format', 'md');
  return { dir, run, md, report: JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8')) };
});

test('a run of refusal cases only gets a control case, said on stderr', async () => {
  const { run, report } = await work;
  assert.match(run.stderr, /added core\/success as a control/);
  assert.equal(report.trials.map((t: TrialResult) => t.case).sort(), ['core/invalid-timeout-fractional', 'core/invalid-timeout-negative', 'core/success']);
});

test('a probe that never ran a command has every trial an error with one reason, and the run fails', async () => {
  const { run, report } = await work;
  assert.is(run.code, 1);
  for (const t of report.trials as TrialResult[]) {
    assert.is(t.outcome, 'error', `${t.case}: ${t.outcome}`);
    assert.match(t.reason!, /^the probe never ran a command: no trial of wrong in this run reached its target and ran the case's command \(in core\/success the call entered wrapChild and settled threw \(TypeError: expected a ChildProcess\), and spawned nothing\)/);
    assert.is(t.verdicts, undefined);
    assert.ok(t.observations, 'what was seen stays as evidence');
  }
});

test('no clause holds for it anywhere: not on the terminal, not in the Markdown overview', async () => {
  const { run, md } = await work;
  const row = run.stdout.split('\n').find((l) => l.startsWith('wrong '))!;
  assert.not.match(row, /holds/);
  const overview = md.stdout.split('\n').find((l) => l.startsWith('| wrong |'))!;
  assert.not.match(overview, /holds/);
});

test('one trial that ran the command is the control for every trial of its probe, and only its own', () => {
  const ran = { probe: 'a', case: 'x', kind: 'library', outcome: 'pass', observations: { worker: { entered: { export: 'f', t: '1' }, spawns: [{ command: true, pid: 7 }] } } } as unknown as TrialResult;
  const refused = { probe: 'a', case: 'y', kind: 'library', outcome: 'pass', observations: { worker: { entered: { export: 'f', t: '1' }, spawns: [], settlement: { kind: 'threw', t: '2', error: null } } } } as unknown as TrialResult;
  const other = { ...refused, probe: 'b' } as TrialResult;
  const out = applyControls([ran, refused, other]);
  assert.equal(out.map((t) => t.outcome), ['pass', 'pass', 'error']);
});

// A helper that writes the command into a script of its own and runs it with sh: no
// command line the worker sees names the case's command, but the fixture recorded itself.
const SCRIPTS = `import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
const quote = (s) => "'" + String(s).replace(/'/g, "'\\\\''") + "'";
export function runScript(file, args, options = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helper-'));
  const script = path.join(dir, 'script.sh');
  fs.writeFileSync(script, [file, ...args].map(quote).join(' ') + '\\n');
  return new Promise((resolve, reject) => {
    const child = spawn('sh', [script], { stdio: 'ignore', timeout: options.timeout });
    child.on('error', reject);
    child.on('close', (code) => { fs.rmSync(dir, { recursive: true, force: true }); code === 0 ? resolve(code) : reject(new Error('exit ' + code)); });
  });
}
`;
const TIMEOUT_ONLY = `import type { Adapter } from 'childproof';
type Helper = { runScript(file: string, args: string[], options: { timeout?: number }): Promise<unknown> };
export default { uses: ['runScript'], run: (call, target) => target.runScript(call.file, call.args, { timeout: call.timeoutMs }) } satisfies Adapter<Helper>;
`;

const scripted = eager(async () => {
  const dir = tempDir('childproof-controls-script-');
  fs.writeFileSync(path.join(dir, 'scripts.mjs'), SCRIPTS);
  const identity = JSON.parse((await cliIn(dir, 'pin', '--file', 'scripts.mjs', '--probe-dir', 'scripted')).stdout).identity;
  writeJson(path.join(dir, 'scripted', 'probe.json'), { name: 'scripted', title: 'scripted', identity, adapter: 'adapter.ts', supports: ['timeout'] });
  fs.writeFileSync(path.join(dir, 'scripted', 'adapter.ts'), TIMEOUT_ONLY);
  const run = await cliIn(dir, 'run', '--probe', 'scripted', '--case', 'core/invalid-timeout-negative', '--out', 'report.json');
  return { run, report: JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8')) as { trials: TrialResult[] } };
});

test('a probe that maps only timeout gets the control for a probe without a signal: a timeout that never fires, its timer hygiene judged', async () => {
  const { run, report } = await scripted;
  assert.match(run.stderr, /added control\/success-timeout-unsignalled as a control/);
  assert.equal(report.trials.map((t) => t.case).sort(), ['control/success-timeout-unsignalled', 'core/invalid-timeout-negative']);
});

test("a command run through a script the target wrote is a control, on the fixture's own record", async () => {
  const { report } = await scripted;
  const control = report.trials.find((t) => t.case === 'control/success-timeout-unsignalled')!;
  assert.not.equal(control.outcome, 'error', control.reason);
  assert.equal([control.facts?.spawned, control.facts?.settled], [true, 'resolved']);
  assert.ok(report.trials.every((t) => t.outcome !== 'error'), JSON.stringify(report.trials.map((t) => [t.case, t.outcome, t.reason])));
});

finish(test);
