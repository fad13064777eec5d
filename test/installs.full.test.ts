// The target cache holds only what was asked for and installed whole: a version that is
// not published is the user's typo (exit 2, the nearest published versions named) and
// leaves nothing behind; an install a dead run left half done is removed.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cliWith, exitOf, tempDir } from './support/helpers.ts';
import { STACK } from './support/pinned.ts';
import { finish } from './support/suite.ts';

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

finish(test);
