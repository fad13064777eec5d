// Blame the right party: an adapter's own mistake is an `error` naming its file and line,
// never a fact about the target; a throw from inside the target stays the target's. The
// probes live in a directory outside this repository and import childproof's types by
// its package name, as a user's would.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cliIn, ROOT, tempDir, writeJson } from '../support/helpers.ts';
import { eager, finish } from '../support/suite.ts';

// A helper with one export; it throws synchronously, in its own code, when asked to.
const HELPER = `import { execFile } from 'node:child_process';
export function exec(file, args, options) {
  if (options.refuse) throw new RangeError('exec refuses this call');
  return new Promise((resolve, reject) => execFile(file, args, options, (e) => (e ? reject(e) : resolve())));
}
export class Runner {
  constructor(file, args, options) {
    this.done = new Promise((resolve, reject) => execFile(file, args, options, (e) => (e ? reject(e) : resolve())));
  }
}
`;

const ADAPTERS: Record<string, string> = {
  // Line 5 calls an export the helper does not have.
  'missing-export': `import { definedOnly, type Adapter, type GenericCall } from 'childproof';

type Helper = { exec(file: string, args: string[], o: object): Promise<unknown> };
export async function run(call: GenericCall, target: Helper & Record<string, any>) {
  return target.execute(call.file, call.args, definedOnly({ cwd: call.cwd, signal: call.signal }));
}
`,
  'declares-missing': `import type { Adapter } from 'childproof';
export default { uses: ['execute'], run: (call, target) => target.execute(call.file, call.args) } satisfies Adapter<any>;
`,
  'never-enters': `export const run = async () => 'done';\n`,
  // Line 3 calls a class without new: the language refuses before any of the target runs.
  'class-without-new': `type Helper = { Runner: new (file: string, args: string[], o: object) => { done: Promise<unknown> } };
export async function run(call: { file: string; args: string[]; cwd: string; signal?: AbortSignal }, target: Helper) {
  return (target.Runner as unknown as (f: string, a: string[], o: object) => { done: Promise<unknown> })(call.file, call.args, { cwd: call.cwd, signal: call.signal }).done;
}
`,
  'target-throws': `import type { Adapter } from 'childproof';
type Helper = { exec(file: string, args: string[], o: object): Promise<unknown> };
// It refuses every call without a timeout: core/cooperative-abort. core/success, with one,
// runs the command, and is the probe's control (judge/controls.ts).
export default { uses: ['exec'], run: (call, target) => target.exec(call.file, call.args, { cwd: call.cwd, refuse: call.timeout === undefined }) } satisfies Adapter<Helper>;
`,
};

const work = eager(async () => {
  const dir = tempDir('childproof-own-');
  fs.writeFileSync(path.join(dir, 'exec.mjs'), HELPER);
  const blob = (await cliIn(dir, 'pin', '--file', 'exec.mjs', '--probe-dir', 'missing-export')).stdout;
  const identity = JSON.parse(blob).identity;
  for (const [name, adapter] of Object.entries(ADAPTERS)) {
    const supports = name === 'target-throws' ? ['signal', 'timeout', 'exit-status'] : ['signal'];
    writeJson(path.join(dir, name, 'probe.json'), { name, title: name, identity, adapter: 'adapter.ts', supports });
    fs.writeFileSync(path.join(dir, name, 'adapter.ts'), adapter);
  }
  const probes = Object.keys(ADAPTERS).flatMap((p) => ['--probe', p]);
  const run = await cliIn(dir, 'run', ...probes, '--case', 'core/cooperative-abort', '--case', 'core/success', '--out', 'report.json', '--quiet');
  const report = JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8'));
  const verify = await cliIn(dir, 'verify', '--probe', 'declares-missing');
  return { dir, identity, run, report, verify };
});

const trial = async (probe: string, id = 'core/cooperative-abort') => (await work).report.trials.find((t: { probe: string; case: string }) => t.probe === probe && t.case === id);

test('pin stores the root relative to the probe directory, where probe.json resolves it', async () => {
  const { identity } = await work;
  assert.is(identity.root, '..');
});

test("an adapter calling an export its target lacks is an error naming the adapter's file and line, with no fact of the target", async () => {
  const t = await trial('missing-export');
  assert.is(t.outcome, 'error');
  assert.match(t.reason, /before calling into the target: TypeError: target\.execute is not a function \(at missing-export\/adapter\.ts:5\)/);
  assert.is(t.facts, undefined);
  assert.is(t.verdicts, undefined);
});

test('an adapter declaring an export its target lacks is an error before anything runs, and verify refuses it', async () => {
  const t = await trial('declares-missing');
  assert.is(t.outcome, 'error');
  assert.match(t.reason, /uses an export the target lacks: execute \(it exports: (exec, Runner|Runner, exec)\)/);
  const { verify } = await work;
  assert.is(verify.code, 2, verify.stdout);
  assert.match(verify.stderr, /declares-missing\/adapter\.ts: \/uses: expected only exports of the target, but it lacks execute/);
});

test("an adapter calling a class without new is an error at the adapter's line, with no fact and no verdict of the target", async () => {
  const t = await trial('class-without-new');
  assert.is(t.outcome, 'error');
  assert.match(t.reason, /before calling into the target: TypeError: Class constructor Runner cannot be invoked without 'new' \(at class-without-new\/adapter\.ts:3\)/);
  assert.is(t.facts, undefined);
  assert.is(t.verdicts, undefined);
});

test('an adapter that settles without calling into its target is an error, not a result', async () => {
  const t = await trial('never-enters');
  assert.is(t.outcome, 'error');
  assert.match(t.reason, /run\(\) settled without calling into the target/);
  assert.is(t.facts, undefined);
});

test("a target that throws synchronously inside its own code is the target's: settled threw, with its message as evidence", async () => {
  const t = await trial('target-throws');
  assert.is(t.facts.settled, 'threw');
  assert.is(t.facts['error.name'], 'RangeError');
  assert.equal(t.evidence, { 'error.message': 'exec refuses this call' });
  assert.is(t.observations.worker!.entered.export, 'exec');
  const { dir } = await work;
  assert.match((await cliIn(dir, 'render', 'report.json', '--format', 'md')).stdout, /The error's message: `exec refuses this call`/);
});

test('the run exits 1, its report validates, and nothing in the directory names a path outside it', async () => {
  const { dir, run } = await work;
  assert.is(run.code, 1, run.stderr);
  assert.is((await cliIn(dir, 'validate', 'report.json')).code, 0);
  for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const full = path.join(dir, file);
    if (!fs.statSync(full).isFile()) continue;
    const text = fs.readFileSync(full, 'utf8');
    for (const outside of [ROOT, os.tmpdir()]) assert.not.ok(text.includes(outside), `${file} names ${outside}`);
  }
});

finish(test);
