// The fixture does what each behaviour says, on real processes.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { processesTagged, processState } from '../runners/os/processes.ts';
import { fixtureRecords as readRecords } from '../runners/engine/trial-messages.ts';
import { makeLayout, PROTOCOL, readRecords as recordsAsWritten, recordFile, writeAtomic } from '../runners/protocol/trial-dir.mjs';
import { exitOf, readEventsOf, startFixture, tempDir, whenEvent, whenReady } from './support/helpers.ts';
import { finish } from './support/suite.ts';

function kinds(dir: string, pid: number): string[] {
  return readEventsOf(dir, pid).map((e) => e.kind);
}

test('records its pid, parent, group and start time before anything else, then becomes ready', async () => {
  const dir = tempDir();
  const child = startFixture(dir, {});
  await whenReady(dir);
  const [record] = readRecords(dir);
  assert.is(record.pid, child.pid);
  assert.is(record.ppid, process.pid);
  assert.is(record.role, 'child');
  const stat = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  assert.is(record.pgid, Number(fields[2]));
  assert.is(record.startTime, fields[19]);
  assert.equal(kinds(dir, child.pid!).slice(0, 2), ['start', 'ready']);
  child.kill('SIGTERM');
  await exitOf(child);
});

test('dies by the signal itself when it has no cleanup to do', async () => {
  const dir = tempDir();
  const child = startFixture(dir, {});
  await whenReady(dir);
  child.kill('SIGTERM');
  const exit = await exitOf(child);
  assert.is(exit.signal, 'SIGTERM');
  assert.ok(readEventsOf(dir, child.pid!).some((e) => e.kind === 'signal' && e.signal === 'SIGTERM'));
});

test('cleans up after a signal, writes its marker, then exits with the code it was given', async () => {
  const dir = tempDir();
  const child = startFixture(dir, { onSignal: { SIGTERM: { action: 'exit', delayMs: 200, marker: 'done', exitCode: 7 } } });
  await whenReady(dir);
  child.kill('SIGTERM');
  await whenEvent(dir, child.pid!, 'signal');
  const exit = await exitOf(child);
  assert.is(exit.code, 7);
  assert.ok(fs.existsSync(path.join(dir, 'done')));
  const order = kinds(dir, child.pid!);
  assert.ok(order.indexOf('signal') < order.indexOf('marker'), `events in order: ${order}`);
  assert.ok(order.indexOf('marker') < order.indexOf('exit'), `events in order: ${order}`);
});

test('exits 0 after a signal when told to', async () => {
  const dir = tempDir();
  const child = startFixture(dir, { onSignal: { SIGINT: { action: 'exit', exitCode: 0 } } });
  await whenReady(dir);
  child.kill('SIGINT');
  assert.equal(await exitOf(child), { code: 0, signal: null });
});

test('ignores a signal and keeps running', async () => {
  const dir = tempDir();
  const child = startFixture(dir, { onSignal: { SIGTERM: { action: 'ignore' } } });
  await whenReady(dir);
  child.kill('SIGTERM');
  await whenEvent(dir, child.pid!, 'signal', { signal: 'SIGTERM' });
  assert.is(processState(child.pid!, null), 'running');
  child.kill('SIGKILL');
  assert.is((await exitOf(child)).signal, 'SIGKILL');
});

test('hangs at the MCP handshake: reads the initialize request, never answers, survives EOF', async () => {
  const dir = tempDir();
  const child = startFixture(dir, { stdin: 'mcp-handshake' }, { stdin: 'pipe' });
  let stdout = '';
  child.stdout!.on('data', (b) => (stdout += b));
  await whenReady(dir);
  child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {} })}\n`);
  await whenEvent(dir, child.pid!, 'stdin-line', { method: 'initialize' });
  child.stdin!.end();
  await whenEvent(dir, child.pid!, 'stdin-eof');
  assert.is(processState(child.pid!, null), 'running');
  assert.is(stdout, '');
  child.kill('SIGTERM');
  await exitOf(child);
});

test('exits 0 on stdin EOF when told to', async () => {
  const dir = tempDir();
  const child = startFixture(dir, { stdin: 'exit-on-eof' }, { stdin: 'pipe' });
  await whenReady(dir);
  child.stdin!.end();
  assert.equal(await exitOf(child), { code: 0, signal: null });
});

test('spawns grandchildren that share its group and stdout, or leave both', async () => {
  const dir = tempDir();
  const child = startFixture(dir, {
    grandchildren: [
      { stdio: 'inherit', group: 'same', behaviour: {} },
      { stdio: 'ignore', group: 'detached', behaviour: {} },
    ],
  });
  let stdoutClosed = false;
  child.stdout!.on('close', () => (stdoutClosed = true));
  child.stdout!.resume();
  await whenReady(dir);
  const records = readRecords(dir);
  const parent = records.find((r) => r.role === 'child')!;
  const same = records.find((r) => r.role === 'child.g0')!;
  const detached = records.find((r) => r.role === 'child.g1')!;
  assert.is(same.ppid, parent.pid);
  assert.is(same.pgid, parent.pgid);
  assert.is(detached.pgid, detached.pid, 'a detached grandchild leads its own group');

  child.kill('SIGKILL');
  await exitOf(child);
  // The grandchild that inherited stdout still holds the pipe.
  assert.is(processState(same.pid, same.startTime), 'running');
  assert.not.ok(stdoutClosed);
  process.kill(same.pid, 'SIGKILL');
  process.kill(detached.pid, 'SIGKILL');
  await new Promise((resolve) => child.stdout!.once('close', resolve));
  assert.ok(stdoutClosed);
});

test('writes exactly the number of bytes of output it was given', async () => {
  const dir = tempDir();
  const child = startFixture(dir, { output: { bytes: 1_000_000 }, exitAfterMs: 0 });
  let bytes = 0;
  child.stdout!.on('data', (b: Buffer) => (bytes += b.length));
  const closed = new Promise((resolve) => child.once('close', resolve));
  assert.equal(await exitOf(child), { code: 0, signal: null });
  await closed;
  assert.is(bytes, 1_000_000);
});

test('exits by itself after the given time with the given code', async () => {
  const dir = tempDir();
  const child = startFixture(dir, { exitAfterMs: 50, exitCode: 3 });
  assert.equal(await exitOf(child), { code: 3, signal: null });
  assert.ok(kinds(dir, child.pid!).includes('ready'));
});

test('ends itself at its hard lifetime cap, whatever it was told', async () => {
  const dir = tempDir();
  const child = startFixture(dir, { onSignal: { SIGTERM: { action: 'ignore' } } }, { capMs: 300 });
  const exit = await exitOf(child);
  assert.is(exit.signal, 'SIGKILL');
  assert.ok(kinds(dir, child.pid!).includes('cap'));
});

test('a process gone from /proc, or replaced by a later one with its pid, counts as exited', async () => {
  const dir = tempDir();
  const child = startFixture(dir, {});
  await whenReady(dir);
  const [record] = readRecords(dir);
  assert.is(processState(record.pid, record.startTime), 'running');
  assert.is(processState(record.pid, `${record.startTime}0`), 'exited');
  child.kill('SIGKILL');
  await exitOf(child);
  assert.is(processState(record.pid, record.startTime), 'exited');
});

test('a running fixture is found by the tag in its command line, and not once it has gone', async () => {
  const dir = tempDir();
  const child = startFixture(dir, {});
  await whenReady(dir);
  assert.ok(processesTagged('childproof-fixture-test').includes(child.pid!));
  child.kill('SIGKILL');
  await exitOf(child);
  assert.not.ok(processesTagged('childproof-fixture-test').includes(child.pid!));
});

test('a record rewritten whole is read as it is now, not as it was read last', () => {
  const dir = tempDir();
  makeLayout(dir);
  const file = recordFile(dir, 4242);
  writeAtomic(file, JSON.stringify({ protocol: PROTOCOL, pid: 4242, role: 'child', startTime: '1' }));
  assert.equal(recordsAsWritten(dir).map((r) => r.role), ['child']);
  assert.equal(recordsAsWritten(dir).map((r) => r.role), ['child'], 'the same file read again');
  writeAtomic(file, JSON.stringify({ protocol: PROTOCOL, pid: 4242, role: 'child.g0', startTime: '1' }));
  assert.equal(recordsAsWritten(dir).map((r) => r.role), ['child.g0']);
});

finish(test);
