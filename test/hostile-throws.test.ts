// A target that rejects, or throws uncaught, with a value that resists being described
// (an error whose message getter throws, a Proxy whose every trap throws) still gets a
// true record of what happened: the call rejected, or the process ended by an uncaught
// exception, with the parts that could not be read named. The worker never crashes on it.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cliIn, tempDir, writeJson } from './support/helpers.ts';
import { eager, finish } from './support/suite.ts';

/** Each export runs the command, then misbehaves as its name says. */
const HELPER = `import { execFile } from 'node:child_process';
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
`;

const adapter = (fn: string) => `import type { Adapter } from 'childproof';
type Helper = Record<string, (file: string, args: string[], o: object) => Promise<unknown>>;
export default { uses: ['${fn}'], run: (call, target) => target.${fn}(call.file, call.args, { cwd: call.cwd, signal: call.signal }) } satisfies Adapter<Helper>;
`;

const work = eager(async () => {
  const dir = tempDir('childproof-hostile-');
  fs.writeFileSync(path.join(dir, 'helper.mjs'), HELPER);
  const identity = JSON.parse((await cliIn(dir, 'pin', '--file', 'helper.mjs', '--probe-dir', 'rejects-odd')).stdout).identity;
  for (const [name, fn] of [['rejects-odd', 'rejectsOdd'], ['throws-proxy', 'throwsProxy']]) {
    writeJson(path.join(dir, name, 'probe.json'), { name, title: name, identity, adapter: 'adapter.ts', supports: ['signal'] });
    fs.writeFileSync(path.join(dir, name, 'adapter.ts'), adapter(fn));
  }
  const run = await cliIn(dir, 'run', '--probe', 'rejects-odd', '--probe', 'throws-proxy', '--case', 'core/cooperative-abort', '--out', 'report.json', '--quiet');
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

test('an uncaught Proxy whose traps throw ends the calling process, and the worker says so instead of crashing', async () => {
  const t = await trial('throws-proxy');
  // With no stack to read, nothing shows whose code threw it: an error, said plainly.
  assert.match(t.reason, /^an uncaught exception ended the calling process: \(a thrown object that could not be described\)/);
  assert.not.match(t.reason, /exited with code/);
});

finish(test);
