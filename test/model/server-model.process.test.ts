// The server side's pure parts and its inputs: facts from what a client and the runner
// saw, the rules of a server case and of a program's probe, how a launcher is put in
// front of a program, and `init --command`.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { serverLaunch } from '../../runners/engine/kinds/server-launch.ts';
import { binName, packageBins } from '../../runners/identity/bins.ts';
import type { Material } from '../../runners/identity/materialize.ts';
import { judgeServerTrial } from '../../runners/judge/kinds/server-judge.ts';
import { deriveServerFacts } from '../../runners/judge/kinds/server-facts.ts';
import { loadCase } from '../../runners/model/load-cases.ts';
import { loadProbeDir } from '../../runners/model/load-probes.ts';
import type { ServerObservations, ServerSight } from '../../runners/model/observations.ts';
import { CASES_DIR, ROOT } from '../../runners/model/paths.ts';
import { cli, tempDir, writeJson } from '../support/helpers.ts';
import { concurrent, finish } from '../support/suite.ts';

const parentKilled = loadCase(path.join(CASES_DIR, 'server', 'parent-killed.case.json')).spec;
const proc = (pid: number, ppid: number, gone: string | null, ppidAtEnd: number | null = null) => ({ pid, ppid, ppidAtEnd, name: 'node', firstSeen: '10', gone });
const sight = (over: Partial<ServerSight> = {}): ServerSight => ({
  started: { t: '1', pid: 100, error: null },
  handshake: { sent: '2', answered: '3' },
  trigger: { kind: 'parent-killed', t: '4' },
  exit: null,
  by: 'cgroup',
  tree: [proc(100, 50, '20')],
  watchEnd: '30',
  problems: [],
  ...over,
});

test('a server gone after its client was killed has exited, with an end nobody alive could see', () => {
  assert.equal(deriveServerFacts(parentKilled, sight()), {
    'server.answered': true,
    'server.exited': true,
    'server.end': 'unknown',
    'server.descendantsAfterWindow': 0,
    'server.reparented': null,
  });
});

test('what stays is counted apart from the started process, and a new parent is seen', () => {
  const facts = deriveServerFacts(parentKilled, sight({ tree: [proc(100, 50, null, 1), proc(101, 100, null, 1), proc(102, 101, '25')] }));
  assert.is(facts['server.exited'], false);
  assert.is(facts['server.end'], null);
  assert.is(facts['server.descendantsAfterWindow'], 1);
  assert.is(facts['server.reparented'], true);
});

test('where neither a cgroup nor a mark can be read, descendants are unknown and never a pass', () => {
  const judged = judgeServerTrial(parentKilled, { setup: 'x', server: sight({ by: 'pid' }), runner: { leftovers: [] } } as ServerObservations, []);
  assert.is(judged.facts!['server.descendantsAfterWindow'], 'unknown');
  assert.is(judged.outcome, 'unknown');
});

test('a program that ended before its trigger is an error of the trial, not a fact about leaving', () => {
  const judged = judgeServerTrial(parentKilled, { setup: 'x', server: sight({ problems: ['the program ended before its trigger (exit code 1): Error: boom'] }), runner: { leftovers: [] } }, []);
  assert.is(judged.outcome, 'error');
  assert.match(judged.reason!, /ended before its trigger/);
  assert.is(judged.facts, undefined);
});

test('a server case is refused, with its pointer, where it mixes with a client case', () => {
  const dir = tempDir();
  const base = JSON.parse(fs.readFileSync(path.join(CASES_DIR, 'server', 'sigterm.case.json'), 'utf8'));
  const refused = (edit: (c: Record<string, any>) => void, pointer: string) => {
    const c = structuredClone(base);
    edit(c);
    fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
    const file = writeJson(path.join(dir, 'server', 'sigterm.case.json'), c);
    assert.throws(() => loadCase(file, dir), (e: Error) => e.message.includes(`: ${pointer}: `), pointer);
  };
  refused((c) => (c.child = { stdin: 'ignore' }), '/child');
  refused((c) => (c.call.command = 'fixture'), '/call/command');
  refused((c) => delete c.trigger.signal, '/trigger/signal');
  refused((c) => (c.trigger = { kind: 'abort' }), '/trigger/kind');
  refused((c) => (c.assertions[0] = { clause: 'hygiene', fact: 'server.answered', equals: true }), '/assertions/0/clause');
  refused((c) => (c.assertions[0].fact = 'settled'), '/assertions/0/fact');
});

test('a probe has an adapter or a command, and its command is a file of its pin', () => {
  const dir = tempDir();
  const spec = JSON.parse(fs.readFileSync(path.join(ROOT, 'probes', 'stdio-reference', 'probe.json'), 'utf8'));
  spec.identity.root = path.relative(dir, path.join(ROOT, 'runners', 'fixture'));
  writeJson(path.join(dir, 'probe.json'), { ...spec, command: { file: 'missing.mjs' } });
  assert.throws(() => loadProbeDir(dir), /\/command\/file/);
  fs.writeFileSync(path.join(dir, 'adapter.ts'), '');
  writeJson(path.join(dir, 'probe.json'), { ...spec, adapter: 'adapter.ts' });
  assert.throws(() => loadProbeDir(dir), /an adapter or a command, not both/);
});

test('a launcher stays between the client and the program: a shell that waits, or npx by the bin', () => {
  const copy = tempDir();
  fs.writeFileSync(path.join(copy, 'server.mjs'), '');
  const material = { dir: path.join(copy) } as Material;
  const shell = serverLaunch({ file: 'server.mjs', args: ['--x'] }, { handshake: 'mcp', launcher: 'shell' }, material, '/opt/node/bin/node');
  assert.ok('argv' in shell);
  // `sh -c CMD` alone would exec the program; a command after it keeps the shell.
  assert.equal(shell.argv, ['/bin/sh', '-c', '"$@"; exit $?', 'sh', '/opt/node/bin/node', path.join(copy, 'server.mjs'), '--x']);
  assert.is(shell.env.PATH!.split(path.delimiter)[0], '/opt/node/bin');
  const npx = serverLaunch({ file: 'server.mjs' }, { handshake: 'mcp', launcher: 'npx' }, material, process.execPath);
  assert.ok('argv' in npx);
  assert.equal(npx.argv.slice(1), ['--offline', '--no-install', 'server']);
  assert.match(fs.readFileSync(path.join(npx.cwd, 'node_modules', '.bin', 'server'), 'utf8'), /^#!\/bin\/sh\nexec .*server\.mjs" "\$@"\n$/);
});

test("a package's bins are read as npm reads them: one path named for the package, or names to paths", () => {
  assert.equal(packageBins({ name: '@scope/tool', bin: './dist/cli.js' }), { tool: 'dist/cli.js' });
  assert.equal(packageBins({ name: 'x', bin: { a: 'bin/a.js', b: './b.js' } }), { a: 'bin/a.js', b: 'b.js' });
  assert.is(binName({ name: 'x', bin: { a: 'bin/a.js' } }, './bin/a.js'), 'a');
  assert.is(binName({ name: 'x' }, 'index.js'), null);
});

concurrent(test, 'init --command writes a probe that runs a program, and names the bins when BIN is none of them', async () => {
  const dir = path.join(tempDir(), 'server');
  const file = path.join(ROOT, 'runners', 'fixture', 'stdio-server.mjs');
  const made = await cli('init', dir, '--file', file, '--command', "stdio-server.mjs --mode 'reference' --cap 30000");
  assert.is(made.code, 0, made.stderr);
  const probe = JSON.parse(fs.readFileSync(path.join(dir, 'probe.json'), 'utf8'));
  assert.equal(probe.command, { file: 'stdio-server.mjs', args: ['--mode', 'reference', '--cap', '30000'] });
  assert.not.ok(fs.existsSync(path.join(dir, 'adapter.ts')), 'a program needs no adapter');
  assert.match(made.stdout, /--case 'server\/\*'/);
  const wrong = await cli('init', path.join(tempDir(), 'other'), '--file', file, '--command', 'nope');
  assert.is(wrong.code, 2);
  assert.match(wrong.stderr, /--command nope: expected a bin of the package \(it declares none\) or a pinned file/);
});

finish(test);
