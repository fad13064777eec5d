// A work directory to install into appears under its name already naming its installer,
// so that another run's sweep of abandoned installs never removes it under its installer
// (runners/identity/install.ts); one still being made is left to its maker.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { removeAbandonedInstalls, workDir } from '../runners/identity/install.ts';
import { exitOf, tempDir } from './support/helpers.ts';
import { finish } from './support/suite.ts';

test('a work directory appears as an install already naming its installer, and a sweep leaves it', () => {
  const root = tempDir('childproof-installs-');
  const work = workDir(root);
  assert.ok(path.basename(work).startsWith('.installing-'));
  assert.is(JSON.parse(fs.readFileSync(path.join(work, '.childproof-installer.json'), 'utf8')).pid, process.pid);
  assert.equal(fs.readdirSync(root), [path.basename(work)], 'nothing of its making is left beside it');
  assert.equal(removeAbandonedInstalls(root), []);
  assert.ok(fs.existsSync(work));
});

test('a directory still being made is left to its maker; one whose maker is proven dead is removed', async () => {
  const root = tempDir('childproof-installs-');
  const gone = spawn(process.execPath, ['-e', '0']);
  await exitOf(gone);
  fs.mkdirSync(path.join(root, '.preparing-new'));
  fs.mkdirSync(path.join(root, '.preparing-dead'));
  fs.writeFileSync(path.join(root, '.preparing-dead', '.childproof-installer.json'), JSON.stringify({ pid: gone.pid, startTime: null }));
  assert.equal(removeAbandonedInstalls(root), ['removed .preparing-dead from the target cache: an install its installer did not live to finish']);
  assert.equal(fs.readdirSync(root), ['.preparing-new']);
});

finish(test);
