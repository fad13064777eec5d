// The target cache holds only what was asked for and installed whole: a version that is
// not published is the user's typo (exit 2, the nearest published versions named) and
// leaves nothing behind; an install a dead run left half done is removed; two runs that
// install the same runtime release at once both get it whole.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cliWith, exitOf, tempDir } from '../support/helpers.ts';
import { askForRuntime } from '../support/runtimes.ts';
import { STACK } from '../support/pinned.ts';
import { finish } from '../support/suite.ts';

test('a version that is not published is exit 2 naming the nearest published ones, and leaves nothing in the cache', async () => {
  const cache = tempDir();
  const r = await cliWith(os.tmpdir(), { CHILDPROOF_CACHE: cache }, 'run', '--probe', 'tinyexec@9999.0.0', '--case', 'core/invalid-timeout-negative');
  assert.is(r.code, 2, r.stderr);
  assert.match(r.stderr, /tinyexec@9999\.0\.0 is not published; the nearest published versions: \d/);
  assert.not.match(r.stderr, STACK);
  assert.equal(fs.existsSync(path.join(cache, 'targets')) ? fs.readdirSync(path.join(cache, 'targets')) : [], []);
});

test('clean removes installs a dead run left half done in the target cache, and leaves a live one', async () => {
  const cache = tempDir();
  const targets = path.join(cache, 'targets');
  const gone = spawn(process.execPath, ['-e', '0']);
  await exitOf(gone);
  for (const [name, installer] of [['.installing-dead', { pid: gone.pid, startTime: null }], ['.installing-live', { pid: process.pid, startTime: null }], ['.installing-old', null]] as const) {
    fs.mkdirSync(path.join(targets, name), { recursive: true });
    if (installer) fs.writeFileSync(path.join(targets, name, '.childproof-installer.json'), JSON.stringify(installer));
  }
  const r = await cliWith(os.tmpdir(), { CHILDPROOF_CACHE: cache }, 'clean');
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /removed \.installing-dead from the target cache/);
  assert.equal(fs.readdirSync(targets), ['.installing-live']);
});

test('two runs installing the same runtime release at once both get it whole, and leave no work directory', async () => {
  const cache = tempDir();
  // Each installs into a directory of its own and renames it into place: neither executes
  // a binary the other's npm is still writing (ETXTBSY), nor finds half a tree.
  const [a, b] = await Promise.all([askForRuntime('bun@1.4.5', { CHILDPROOF_CACHE: cache }), askForRuntime('bun@1.4.5', { CHILDPROOF_CACHE: cache })]);
  assert.is(a.code, 0, a.stderr);
  assert.is(b.code, 0, b.stderr);
  assert.is(a.stdout, b.stdout);
  assert.ok(a.stdout.trim().startsWith(path.join(cache, 'runtimes', 'bun', '1.4.5')), a.stdout);
  assert.equal(fs.readdirSync(path.join(cache, 'runtimes', 'bun')), ['1.4.5']);
});

test('clean removes a runtime install a dead run left half done', async () => {
  const cache = tempDir();
  const gone = spawn(process.execPath, ['-e', '0']);
  await exitOf(gone);
  const work = path.join(cache, 'runtimes', 'deno', '.installing-dead');
  fs.mkdirSync(work, { recursive: true });
  fs.writeFileSync(path.join(work, '.childproof-installer.json'), JSON.stringify({ pid: gone.pid, startTime: null }));
  const r = await cliWith(os.tmpdir(), { CHILDPROOF_CACHE: cache }, 'clean');
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /removed \.installing-dead from the cache of deno's releases/);
  assert.equal(fs.readdirSync(path.join(cache, 'runtimes', 'deno')), []);
});

finish(test);
