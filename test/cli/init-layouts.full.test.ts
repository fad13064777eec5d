// Projects as they are laid out: an entry in a subdirectory importing a file beside it
// with the `.js` specifier TypeScript asks for, extensionless imports and a tsconfig
// `paths` alias, files in two folders. init pins every file the entry reaches, from the
// folder that holds them all, and the copy runs as the project would.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cliIn, tempDir } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';

const STACK = /\n\s+at /;

// A helper that runs a command with Node's spawn, settling on 'close'.
const SPAWNS = `import { spawn } from 'node:child_process';
export function run(cmd: string, args: string[], opts: { signal?: AbortSignal; timeout?: number } = {}): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { signal: opts.signal, timeout: opts.timeout, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(code) : reject(Object.assign(new Error('exit ' + code), { code }))));
  });
}
`;

function project(files: Record<string, string>): string {
  const root = tempDir('childproof-layout-');
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

const pinned = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'probe.json'), 'utf8')).identity as { root: string; entry: string; paths: Array<{ path: string }> };

async function runsSuccess(root: string): Promise<void> {
  const run = await cliIn(root, 'run', '--probe', 'probe', '--case', 'core/success', '--out', 'report.json', '--quiet');
  assert.is(run.code, 0, run.stdout + run.stderr);
  const [trial] = JSON.parse(fs.readFileSync(path.join(root, 'report.json'), 'utf8')).trials;
  assert.equal([trial.outcome, trial.facts.spawned], ['pass', true]);
}

test('an entry in src/core that imports ../utils/child-process.js, a TypeScript file, is pinned with it and runs', async () => {
  const root = project({
    'src/utils/child-process.ts': SPAWNS,
    'src/core/exec.ts': "import { run } from '../utils/child-process.js';\nexport async function execCommand(command: string, args: string[], options: { signal?: AbortSignal; timeout?: number } = {}) {\n  return run(command, args, options);\n}\n",
  });
  const init = await cliIn(root, 'init', 'probe', '--file', 'src/core/exec.ts');
  assert.is(init.code, 0, init.stderr);
  assert.not.match(init.stderr, STACK);
  const id = pinned(path.join(root, 'probe'));
  assert.equal([id.root, id.entry, id.paths.map((p) => p.path)], ['../src', 'core/exec.ts', ['core/exec.ts', 'utils/child-process.ts']]);
  assert.is((await cliIn(root, 'verify', '--probe', 'probe')).code, 0);
  await runsSuccess(root);
});

test("an extensionless import and a tsconfig paths alias resolve as TypeScript resolves them, and the tsconfig is pinned with the files", async () => {
  const root = project({
    'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@lib/*': ['src/lib/*'] } } }),
    'src/lib/spawns.ts': SPAWNS,
    'src/helpers.ts': "export const argsOf = (a: string[]) => [...a];\n",
    'src/main.ts': "import { run } from '@lib/spawns';\nimport { argsOf } from './helpers';\nexport function start(command: string, args: string[], options: { signal?: AbortSignal; timeout?: number } = {}) {\n  return run(command, argsOf(args), options);\n}\n",
  });
  const init = await cliIn(root, 'init', 'probe', '--file', 'src/main.ts');
  assert.is(init.code, 0, init.stderr);
  const id = pinned(path.join(root, 'probe'));
  assert.equal([id.root, id.paths.map((p) => p.path).sort()], ['..', ['src/helpers.ts', 'src/lib/spawns.ts', 'src/main.ts', 'tsconfig.json']]);
  await runsSuccess(root);
});

test('an import that names no file is one line naming the importer, the specifier and what was tried, exit 2, and init leaves nothing behind', async () => {
  const root = project({ 'src/core/exec.ts': "import { run } from '../utils/missing.js';\nexport const go = (c: string, a: string[]) => run(c, a);\n" });
  const init = await cliIn(root, 'init', 'probe', '--file', 'src/core/exec.ts');
  assert.is(init.code, 2);
  assert.not.match(init.stderr, STACK);
  assert.match(init.stderr, /src\/core\/exec\.ts:1: import "\.\.\/utils\/missing\.js" names no file \(tried \.\.\/utils\/missing\.js, .*\.\.\/utils\/missing\.ts/);
  assert.is(init.stderr.trim().split('\n').length, 1, init.stderr);
  assert.not.ok(fs.existsSync(path.join(root, 'probe')), 'no directory is left');
});

test('--file A B takes both files, from the folder that holds them, without --root', async () => {
  const root = project({
    'lib/spawns.ts': SPAWNS,
    'src/cli/exec.ts': "import { run } from '../../lib/spawns.ts';\nexport const exec = (c: string, a: string[], o: { signal?: AbortSignal } = {}) => run(c, a, o);\n",
    'src/extra.ts': 'export const unused = 1;\n',
  });
  const init = await cliIn(root, 'init', 'probe', '--file', 'src/cli/exec.ts', 'src/extra.ts');
  assert.is(init.code, 0, init.stderr);
  const id = pinned(path.join(root, 'probe'));
  assert.equal([id.root, id.entry, id.paths.map((p) => p.path)], ['..', 'src/cli/exec.ts', ['src/cli/exec.ts', 'src/extra.ts', 'lib/spawns.ts']]);
  // Anything else after the directory, without a --file, is an argument too many.
  const stray = await cliIn(root, 'init', 'other', 'src/extra.ts');
  assert.is(stray.code, 2);
  assert.match(stray.stderr, /init: unexpected argument "src\/extra\.ts" \(files to pin follow --file: --file A B\)/);
});

finish(test);
