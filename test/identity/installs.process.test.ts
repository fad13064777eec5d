// A work directory to install into appears under its name already naming its installer,
// so that another run's sweep of abandoned installs never removes it under its installer
// (runners/identity/install.ts); one still being made is left to its maker.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { removeAbandonedInstalls, workDir } from '../../runners/identity/install.ts';
import { npmCause } from '../../runners/identity/npm-cause.ts';
import { exitOf, tempDir } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';

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

test("a failed install is quoted by npm's code and its first line of cause, never by the pointer to its log it prints last", () => {
  const notFound = [
    'npm error code E404',
    'npm error 404 Not Found - GET https://registry.npmjs.org/deno - Not found',
    'npm error 404',
    "npm error 404  'deno@9.9.9' is not in this registry.",
    'npm error A complete log of this run can be found in: /home/u/.npm/_logs/x-debug-0.log',
  ].join('\n');
  assert.is(npmCause(notFound), 'code E404: 404 Not Found - GET https://registry.npmjs.org/deno - Not found');
  const offline = ['npm error code ECONNREFUSED', 'npm error syscall connect', 'npm error errno ECONNREFUSED', 'npm error request to https://registry.npmjs.org/bun failed, reason: connect ECONNREFUSED 127.0.0.1:9', 'npm error A complete log of this run can be found in: /x.log'].join('\n');
  assert.is(npmCause(offline), 'code ECONNREFUSED: request to https://registry.npmjs.org/bun failed, reason: connect ECONNREFUSED 127.0.0.1:9');
  assert.is(npmCause('npm error A complete log of this run can be found in: /x.log\n'), 'npm gave no reason');
});

finish(test);
