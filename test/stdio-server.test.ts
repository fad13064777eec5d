// childproof's own stdio MCP server and its known-bad variants, and the launchers in
// front of a server, each doing what it claims with real processes: the yardstick exits
// when its input ends, each variant fails in its own way, and a launcher that drops
// signals leaves the server running behind it.

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../runners/model/paths.ts';
import { processState } from '../runners/os/processes.ts';
import { readStat } from '../runners/protocol/trial-dir.mjs';
import { bounded, exitOf, tempDir, until } from './support/helpers.ts';
import { finish } from './support/suite.ts';

const SERVER = path.join(ROOT, 'runners', 'fixture', 'stdio-server.mjs');
const LAUNCHER = path.join(ROOT, 'runners', 'fixture', 'launcher.mjs');
// A mark on each command line, so a server a test leaves running is found (support/suite.ts).
const MARK = tempDir();

interface Started {
  proc: ChildProcessWithoutNullStreams;
  /** Resolves with the next line of stdout, or of stderr that matches. */
  reply: () => Promise<Record<string, unknown>>;
  logged: (pattern: RegExp) => Promise<string>;
}

function start(argv: string[]): Started {
  const proc = spawn(process.execPath, argv, { stdio: 'pipe' });
  const replies: string[] = [];
  const logs: string[] = [];
  let wake = () => {};
  readline.createInterface({ input: proc.stdout }).on('line', (l) => (replies.push(l), wake()));
  readline.createInterface({ input: proc.stderr }).on('line', (l) => (logs.push(l), wake()));
  const next = <T>(what: string, take: () => T | undefined) =>
    bounded(what, new Promise<T>((resolve) => {
      const look = () => {
        const got = take();
        if (got !== undefined) resolve(got);
        else wake = look;
      };
      look();
    }));
  return {
    proc,
    reply: () => next('a reply on stdout', () => (replies.length ? JSON.parse(replies.shift()!) : undefined)),
    logged: (pattern) => next(`a log line matching ${pattern}`, () => logs.find((l) => pattern.test(l))),
  };
}

const server = (mode: string) => start([SERVER, '--mode', mode, '--tag', MARK]);
const initialize = (s: Started) => s.proc.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '0' } } })}\n`);

test('the reference answers initialize, and exits 0 when its stdin ends', async () => {
  const s = server('reference');
  initialize(s);
  const reply = await s.reply();
  assert.is(reply.id, 1);
  assert.equal((reply.result as { protocolVersion: string }).protocolVersion, '2025-06-18');
  s.proc.stdin.end();
  assert.equal(await exitOf(s.proc), { code: 0, signal: null });
});

test('ignores-eof and timer are still running after their stdin ended: each dies only by the signal sent after', async () => {
  for (const mode of ['ignores-eof', 'timer']) {
    const s = server(mode);
    initialize(s);
    await s.reply();
    s.proc.stdin.end();
    await s.logged(/stdin ended/);
    // Alive to receive it: its end comes from this signal, not from its input.
    s.proc.kill('SIGTERM');
    assert.equal(await exitOf(s.proc), { code: null, signal: 'SIGTERM' }, mode);
  }
});

test('never-answers reads the request and answers nothing before its input ends', async () => {
  const s = server('never-answers');
  const replies: string[] = [];
  s.proc.stdout.on('data', (d) => replies.push(String(d)));
  initialize(s);
  await s.logged(/request initialize/);
  s.proc.stdin.end();
  assert.equal(await exitOf(s.proc), { code: 0, signal: null });
  assert.equal(replies, []);
});

test('a server refuses a mode it does not know, with its usage', async () => {
  const s = server('sometimes');
  assert.equal(await exitOf(s.proc), { code: 2, signal: null });
  assert.match(await s.logged(/--mode/), /--mode expects one of reference, ignores-eof, timer, never-answers, leaves-helper, not "sometimes"/);
});

test('a forwarding launcher passes SIGTERM on; a dropping one exits and leaves the server running with its input', async () => {
  for (const kind of ['forwarding', 'dropping']) {
    const l = start([LAUNCHER, '--kind', kind, '--', process.execPath, SERVER, '--mode', 'reference', '--tag', MARK]);
    const pid = Number(/started (\d+)/.exec(await l.logged(/started \d+/))![1]);
    const born = readStat(pid)!.startTime;
    initialize(l);
    await l.reply();
    l.proc.kill('SIGTERM');
    const exit = await exitOf(l.proc);
    if (kind === 'forwarding') {
      assert.equal(exit, { code: 143, signal: null }, 'the launcher reports the server\'s death by SIGTERM');
      await until(`server ${pid} to be gone`, () => processState(pid, born) !== 'running');
    } else {
      assert.equal(exit, { code: 143, signal: null });
      assert.is(processState(pid, born), 'running', 'the server outlives its launcher');
      // Its input still open through the launcher's pipe, it ends when that pipe does.
      l.proc.stdin.end();
      await until(`server ${pid} to be gone`, () => processState(pid, born) !== 'running');
    }
  }
});

finish(test);
