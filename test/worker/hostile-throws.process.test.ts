// A target that rejects, or throws uncaught, with a value that resists being described
// (an error whose message getter throws, a Proxy whose every trap throws) still gets a
// true record of what happened: the call rejected, or the process ended by an uncaught
// exception, with the parts that could not be read named. The worker never crashes on it.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cliIn, tempDir, writeJson } from '../support/helpers.ts';
import { eager, finish } from '../support/suite.ts';

/** Each export runs the command, then misbehaves as its name says. */
const HELPER = `import { execFile, spawn } from 'node:child_process';
const boom = () => { throw new Error('boom'); };
const run = (file, args, options) => new Promise((resolve) => execFile(file, args, options, () => resolve()));
export async function rejectsOdd(file, args, options) {
  await run(file, args, options);
  throw Object.defineProperty(new Error('x'), 'message', { get: boom });
}
export function throwsProxy(file, args, options) {
  // Thrown from a timer of its own: Node 20 drops a throw from execFile's callback once
  // the call was aborted, and this test is about the value, not that path.
  execFile(file, args, options, () => setTimeout(() => {
    throw new Proxy({}, { get: boom, getPrototypeOf: boom, has: boom, ownKeys: boom, getOwnPropertyDescriptor: boom });
  }));
  return new Promise(() => {});
}
export function leavesErrorUnheard(file, args, options) {
  // No 'error' listener: Node emits the abort as an 'error' event nobody hears, which ends
  // the process of whoever called this.
  const child = spawn(file, args, { cwd: options.cwd, signal: options.signal, stdio: 'ignore' });
  return new Promise((resolve) => child.on('exit', resolve));
}
`;

const adapter = (fn: string) => `import type { Adapter } from 'childproof';
type Helper = Record<string, (file: string, args: string[], o: object) => Promise<unknown>>;
export default { uses: ['${fn}'], run: (call, target) => target.${fn}(call.file, call.args, { cwd: call.cwd, signal: call.signal }) } satisfies Adapter<Helper>;
`;

const work = eager(async () => {
  const dir = tempDir('childproof-hostile-');
  fs.writeFileSync(path.join(dir, 'helper.mjs'), HELPER);
  const identity = JSON.parse((await cliIn(dir, 'pin', '--file', 'helper.mjs', '--probe-dir', 'rejects-odd')).stdout).identity;
  for (const [name, fn] of [['rejects-odd', 'rejectsOdd'], ['throws-proxy', 'throwsProxy'], ['crashes', 'leavesErrorUnheard']]) {
    writeJson(path.join(dir, name, 'probe.json'), { name, title: name, identity, adapter: 'adapter.ts', supports: ['signal'] });
    fs.writeFileSync(path.join(dir, name, 'adapter.ts'), adapter(fn));
  }
  const run = await cliIn(dir, 'run', '--probe', 'rejects-odd', '--probe', 'throws-proxy', '--probe', 'crashes', '--case', 'core/cooperative-abort', '--out', 'report.json', '--quiet');
  return { run, report: JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8')) };
});

const trial = async (probe: string) => (await work).report.trials.find((t: { probe: string }) => t.probe === probe);

test('a rejection whose message getter throws is recorded as a rejection, its message named unreadable', async () => {
  const t = await trial('rejects-odd');
  const settlement = t.observations.worker!.settlement;
  assert.is(settlement.kind, 'rejected');
  assert.equal(settlement.error.unreadable, ['message']);
  assert.is(settlement.error.message, null);
  assert.is(settlement.error.name, 'Error');
});

test('an uncaught Proxy whose traps throw ends the calling process before the call settles: the call crashed, and the worker says so instead of crashing', async () => {
  const t = await trial('throws-proxy');
  // Not the adapter's: how the call ended, with what could not be read of it named.
  assert.is(t.facts.settled, 'crashed');
  assert.ok(t.observations.worker.settlement.error.unreadable.length > 0);
  assert.is(t.outcome, 'fail');
  assert.is(t.reason, 'the call never settled: an exception nobody could catch ended its caller.');
});

test('a target that leaves an abort unheard crashes its caller: settled is crashed with the AbortError, a break of settles, never a hang or an error of the harness', async () => {
  const t = await trial('crashes');
  assert.equal([t.facts.settled, t.facts['error.name']], ['crashed', 'AbortError']);
  assert.is(t.outcome, 'fail');
  const settles = t.verdicts.find((v: { clause: string }) => v.clause === 'settles');
  assert.equal([settles.result, settles.why], ['fail', 'the call never settled: an exception nobody could catch ended its caller.']);
  // It holds no other clause: a caller that died holds nothing.
  assert.ok(t.verdicts.filter((v: { clause: string }) => v.clause !== 'settles').every((v: { result: string }) => v.result === 'unknown'));
});

finish(test);
