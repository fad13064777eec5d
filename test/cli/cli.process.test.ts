// The command line, run as a user would: bad input gets one clear line and exit 2, a
// broken target gets an outcome and the run goes on, and reports validate.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assertSupportedPlatform, PlatformError } from '../../runners/os/platform.ts';
import { cli, ROOT, tempDir, writeJson } from '../support/helpers.ts';
import { concurrent, finish } from '../support/suite.ts';

const STACK = /\n\s+at /;

function ownCase(dir: string, name: string, over: Record<string, unknown> = {}): string {
  return writeJson(path.join(dir, `${name}.case.json`), {
    id: `own/${name}`,
    title: name,
    requires: ['signal'],
    child: {},
    call: { command: 'fixture' },
    trigger: { kind: 'abort', after: 'ready' },
    windowMs: 0,
    deadlineMs: 1500,
    assertions: [{ clause: 'reason-preserved', fact: 'settled', equals: 'rejected' }],
    ...over,
  });
}

function ownProbe(dir: string, name: string, adapter: string, supports = ['signal', 'timeout', 'exit-status']): string {
  const probeDir = path.join(dir, name);
  writeJson(path.join(probeDir, 'probe.json'), {
    name,
    title: name,
    identity: { kind: 'builtin', module: 'node:child_process' },
    adapter: 'adapter.mjs',
    supports,
  });
  fs.writeFileSync(path.join(probeDir, 'adapter.mjs'), adapter);
  return probeDir;
}

concurrent(test, 'validate accepts every shipped case and probe', async () => {
  const r = await cli('validate');
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /file\(s\) valid/);
});

concurrent(test, 'list names the built-in probes and the cases', async () => {
  const r = await cli('list');
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /node-execfile/);
  assert.match(r.stdout, /core\/delayed-cleanup-abort/);
});

concurrent(test, 'a case that is not JSON is refused with its file and the line of the mistake', async () => {
  const dir = tempDir();
  const file = writeJson(path.join(dir, 'broken.case.json'), '{\n  "id": "own/broken",\n  "title": }\n');
  const r = await cli('validate', file);
  assert.is(r.code, 2);
  assert.match(r.stderr, /broken\.case\.json/);
  assert.match(r.stderr, /line 3/);
  assert.not.match(r.stderr, STACK);
});

concurrent(test, 'a case that breaks the schema is refused with the JSON pointer and what was expected', async () => {
  const dir = tempDir();
  const file = ownCase(dir, 'odd', { trigger: { kind: 'explode' } });
  const r = await cli('validate', file);
  assert.is(r.code, 2);
  assert.match(r.stderr, /odd\.case\.json: \/trigger\/kind: expected one of "none", "abort", "pre-aborted", "timeout"/);
  assert.not.match(r.stderr, STACK);
});

concurrent(test, 'an unknown property is named by its own pointer', async () => {
  const dir = tempDir();
  const file = ownCase(dir, 'extra', { child: { onSignal: { SIGTERM: { action: 'exit', delay: 5 } } } });
  const r = await cli('validate', file);
  assert.is(r.code, 2);
  assert.match(r.stderr, /\/child\/onSignal\/SIGTERM\/delay: is not a known property here/);
});

concurrent(test, "a case whose id does not match its file name is refused at /id", async () => {
  const dir = tempDir();
  const file = ownCase(dir, 'named', { id: 'own/other' });
  const r = await cli('validate', file);
  assert.is(r.code, 2);
  assert.match(r.stderr, /named\.case\.json: \/id: expected the file to be named other\.case\.json/);
});

concurrent(test, 'an unknown probe name lists the probes that exist', async () => {
  const r = await cli('run', '--probe', 'no-such-probe');
  assert.is(r.code, 2);
  assert.match(r.stderr, /no probe "no-such-probe"\. Built-in probes: .*node-execfile/);
  assert.not.match(r.stderr, STACK);
});

concurrent(test, 'a case pattern that matches nothing lists the case ids', async () => {
  const r = await cli('run', '--case', 'core/nothing-like-this');
  assert.is(r.code, 2);
  assert.match(r.stderr, /no case matches "core\/nothing-like-this"\. Cases: .*core\/success/);
});

concurrent(test, 'usage mistakes get a message saying what was expected and exit 2, never a stack trace', async () => {
  for (const [args, expected] of [
    [['run', '--jobs', '0'], /--jobs expects a whole number from 1 to/],
    [['run', '--repeat', '0'], /--repeat expects a whole number from 1 to/],
    [['run', '--shard', '4/3'], /--shard expects K\/N with 1 <= K <= N/],
    [['report'], /report needs --from FILE\.jsonl/],
    [['merge', 'a.json'], /merge needs --out FILE/],
    [['run', '--frobnicate'], /Unknown option '--frobnicate'/],
    [['explode'], /unknown command "explode"/],
    [[], /Usage:/],
  ] as const) {
    const r = await cli(...args);
    assert.is(r.code, 2, args.join(' '));
    assert.match(r.stderr + r.stdout, expected);
    assert.not.match(r.stderr, STACK, args.join(' '));
  }
});

concurrent(test, 'a probe directory with a broken adapter or a target that never settles gets an outcome, and the run goes on', async () => {
  const dir = tempDir();
  const broken = ownProbe(dir, 'broken', "throw new Error('broken at import');\n");
  // Hands the signal on (so it reaches the target) and never settles.
  const never = ownProbe(dir, 'never', 'export function run(call, t) { t.execFile(call.file, call.args, { cwd: call.cwd, signal: call.signal }, () => {}); return new Promise(() => {}); }\n');
  // Spawns something that is not the fixture, so readiness never comes.
  const elsewhere = ownProbe(
    dir,
    'elsewhere',
    "import { spawn } from 'node:child_process';\n" +
      "export function run() { return new Promise((res) => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']).on('exit', res)); }\n",
  );
  const unsupported = ownProbe(dir, 'unable', 'export function run() { return Promise.resolve(); }\n', []);
  const own = ownCase(dir, 'quick');
  const out = path.join(dir, 'report.json');
  const r = await cli('run', '--probe', broken, '--probe', never, '--probe', elsewhere, '--probe', unsupported, '--case', own, '--out', out);
  assert.is(r.code, 1, r.stderr);
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  const outcome = (probe: string) => report.trials.find((t: { probe: string }) => t.probe === probe);
  assert.is(outcome('broken').outcome, 'error');
  assert.match(outcome('broken').reason, /broken at import/);
  assert.is(outcome('never').outcome, 'fail');
  assert.is(outcome('never').facts.settled, 'pending');
  assert.is(outcome('elsewhere').outcome, 'error');
  assert.match(outcome('elsewhere').reason, /never reported readiness/);
  assert.ok(outcome('elsewhere').leftovers.length > 0, 'the stray process was ended and recorded');
  assert.is(outcome('unable').outcome, 'unsupported');
  assert.match(outcome('unable').reason, /does not support signal/);
  const check = await cli('validate', out);
  assert.is(check.code, 0, check.stderr);
});

concurrent(test, 'a TypeScript adapter that does not build makes its trials errors that say why, and the run goes on', async () => {
  const dir = tempDir();
  const probeDir = ownProbe(dir, 'unbuildable', '');
  const probe = JSON.parse(fs.readFileSync(path.join(probeDir, 'probe.json'), 'utf8'));
  writeJson(path.join(probeDir, 'probe.json'), { ...probe, adapter: 'adapter.ts' });
  fs.writeFileSync(path.join(probeDir, 'adapter.ts'), 'export const run = () => { return ;; ) };\n');
  const out = path.join(dir, 'report.json');
  const r = await cli('run', '--probe', probeDir, '--probe', 'reference', '--case', 'core/success', '--out', out);
  assert.is(r.code, 1, r.stderr);
  assert.not.match(r.stderr, STACK);
  const trials = JSON.parse(fs.readFileSync(out, 'utf8')).trials;
  const broken = trials.find((t: { probe: string }) => t.probe === 'unbuildable');
  assert.is(broken.outcome, 'error');
  assert.match(broken.reason, /the adapter could not be built: .*Unexpected "\)"/);
  assert.is(trials.find((t: { probe: string }) => t.probe === 'reference').outcome, 'pass');
});

concurrent(test, "the flag the worker reads Node's module cache with is hidden from the target's execArgv", async () => {
  const dir = tempDir();
  // Rejects (settled: rejected) if the flag is visible; resolves (settled: resolved) if not.
  const adapter = "export function run(call, t) { return new Promise((res, rej) => t.execFile(call.file, call.args, { cwd: call.cwd }, () => (process.execArgv.includes('--expose-internals') ? rej(new Error('visible')) : res()))); }\n";
  const probe = ownProbe(dir, 'argv', adapter);
  const out = path.join(dir, 'report.json');
  await cli('run', '--probe', probe, '--case', 'core/success', '--out', out);
  const [trial] = JSON.parse(fs.readFileSync(out, 'utf8')).trials;
  assert.is(trial.facts.settled, 'resolved');
});

concurrent(test, 'a run writes a report that validates, and prints the outcome table', async () => {
  const dir = tempDir();
  const out = path.join(dir, 'nested', 'report.json');
  const r = await cli('run', '--probe', 'reference', '--case', 'core/success', '--case', 'core/invalid-timeout-*', '--out', out);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /core\/success\s+pass/);
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  assert.is(report.trials.length, 6);
  assert.is(report.environment.node, process.version);
  assert.equal(fs.readdirSync(path.dirname(out)), ['report.json'], 'no temporary file left beside it');
  assert.is((await cli('validate', out)).code, 0);
});

test('Windows is refused with a clear message', () => {
  assert.throws(() => assertSupportedPlatform('win32'), (e: Error) => e instanceof PlatformError && /Windows is not supported/.test(e.message));
  assert.not.throws(() => assertSupportedPlatform('linux'));
});

concurrent(test, '--help after a verb prints the usage and runs nothing', async () => {
  const r = await cli('run', '--help');
  assert.is(r.code, 0);
  assert.match(r.stdout, /Usage:/);
  assert.not.match(r.stdout, /trials:/);
});

concurrent(test, '--version prints the version from package.json', async () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const r = await cli('--version');
  assert.is(r.code, 0);
  assert.is(r.stdout.trim(), pkg.version);
});

concurrent(test, "bless records a run's failures as known divergences, so the next run is as expected", async () => {
  const dir = tempDir();
  // Resolves as soon as the command starts: its child is never reaped.
  const lazy = ownProbe(dir, 'lazy', "export function run(call, t) { return new Promise((res) => t.execFile(call.file, call.args, () => {}).on('spawn', res)); }\n");
  const out = path.join(dir, 'report.json');
  const first = await cli('run', '--probe', lazy, '--case', 'core/success', '--out', out);
  assert.ok(first.code === 1 && /core\/success\s+fail/.test(first.stdout), `exit ${first.code}: ${first.stdout}`);
  const bless = await cli('bless', out, '--probe', lazy, '--why', 'it settles before the command exits');
  assert.is(bless.code, 0, bless.stderr + bless.stdout);
  assert.match(bless.stdout, /: 1 known divergence\(s\) written to .*divergences\.json: 1 added, 0 removed, 0 changed, 0 kept\n {2}added: core\/success child\.reapedAtSettle = false\n/, 'what bless did, signature by signature');
  const written = JSON.parse(fs.readFileSync(path.join(lazy, 'divergences.json'), 'utf8'));
  assert.equal(written.explanations, [{ why: 'it settles before the command exits', signatures: [{ case: 'core/success', fact: 'child.reapedAtSettle', value: false }] }]);
  assert.equal(JSON.parse(fs.readFileSync(path.join(lazy, 'probe.json'), 'utf8')).knownDivergences, undefined, 'probe.json keeps only what a person wrote');
  // A sentence a person gave is neither cited nor an observation until they say which.
  const unclassified = await cli('validate', path.join(lazy, 'divergences.json'));
  assert.is(unclassified.code, 2);
  assert.match(unclassified.stderr, /divergences\.json: \/explanations\/0: expected "cites" naming the code this explanation rests on, or "observation": true/);
  fs.writeFileSync(path.join(lazy, 'divergences.json'), JSON.stringify({ ...written, explanations: [{ ...written.explanations[0], observation: true }] }));
  assert.is((await cli('validate', path.join(lazy, 'divergences.json'))).code, 0);
  const second = await cli('run', '--probe', lazy, '--case', 'core/success');
  assert.is(second.code, 0, second.stdout);
  assert.match(second.stdout, /core\/success\s+known-fail/);
});

concurrent(test, 'a published row whose case file has changed is refused by validate', async () => {
  const dir = tempDir();
  const published = JSON.parse(fs.readFileSync(path.join(ROOT, 'cases/field-notes/abort-before-process-exit/published.json'), 'utf8'));
  published.rows[0].sha256 = '0'.repeat(64);
  const file = writeJson(path.join(dir, 'published.json'), published);
  const r = await cli('validate', file);
  assert.is(r.code, 2);
  assert.match(r.stderr, /published\.json: \/rows\/0\/sha256: expected [0-9a-f]{64}, the digest of .*plain-abort\.case\.json as it is now/);
});

finish(test);
