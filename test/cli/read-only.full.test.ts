// childproof writes on its own account only into its cache (model/paths.ts): a checkout
// mounted read-only runs a built-in probe and a package probe, with CHILDPROOF_CACHE
// naming a cache that starts empty, and the cache then holds the builds and the target.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cacheDir } from '../../runners/model/paths.ts';
import { BIN, ROOT, tempDir } from '../support/helpers.ts';
import { eager, finish } from '../support/suite.ts';

const run = promisify(execFile);

/**
 * The checkout bound read-only over itself in a mount namespace of the command's own:
 * as root, or in a user namespace of its own otherwise. The shell first shows the mount
 * holds (a file cannot be created in the checkout), then runs childproof from it.
 */
async function inReadOnlyCheckout(cwd: string, env: Record<string, string>, args: string[]) {
  const script = [
    'mount --bind "$ROOT" "$ROOT" && mount -o remount,bind,ro "$ROOT" || exit 90',
    'if touch "$ROOT/.read-only-check" 2>/dev/null; then rm -f "$ROOT/.read-only-check"; exit 91; fi',
    'exec "$NODE" "$BIN" "$@"',
  ].join('\n');
  const userns = process.getuid?.() === 0 ? [] : ['--user', '--map-root-user'];
  return run('unshare', [...userns, '--mount', 'sh', '-c', script, 'sh', ...args], {
    cwd,
    env: { ...process.env, ...env, ROOT, NODE: process.execPath, BIN },
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({ code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }),
  );
}

const work = eager(async () => {
  const dir = tempDir('childproof-read-only-');
  const cache = path.join(dir, 'cache');
  const out = path.join(dir, 'report.json');
  const r = await inReadOnlyCheckout(dir, { CHILDPROOF_CACHE: cache }, ['run', '--probe', 'node-execfile', '--probe', 'nano-spawn', '--case', 'core/success', '--case', 'core/cooperative-abort', '--out', out, '--quiet']);
  return { r, cache, out };
});

test('a read-only checkout runs a built-in and a package probe with CHILDPROOF_CACHE set', async () => {
  const { r, out } = await work;
  assert.is.not(r.code, 90, `the checkout could not be mounted read-only: ${r.stderr}`);
  assert.is.not(r.code, 91, 'the checkout was still writable: the test would prove nothing');
  assert.is(r.code, 0, r.stdout + r.stderr);
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  const outcomes = report.trials.map((t: { probe: string; case: string; outcome: string }) => `${t.probe} ${t.case} ${t.outcome}`);
  assert.equal(outcomes, [
    'nano-spawn core/cooperative-abort known-fail',
    'nano-spawn core/success pass',
    'node-execfile core/cooperative-abort known-fail',
    'node-execfile core/success pass',
  ]);
});

test('the builds and the installed target went into the cache named, which started empty', async () => {
  const { cache } = await work;
  const harness = fs.readdirSync(path.join(cache, 'harness'));
  assert.ok(harness.some((f) => f.startsWith('childproof-worker-')), harness.join(', '));
  assert.ok(harness.some((f) => f.startsWith('childproof-supervisor-')), harness.join(', '));
  assert.ok(fs.readdirSync(path.join(cache, 'targets')).some((d) => d.startsWith('nano-spawn')));
});

test('the cache is CHILDPROOF_CACHE, else under XDG_CACHE_HOME when absolute, else under the home directory', () => {
  assert.is(cacheDir({ CHILDPROOF_CACHE: '/c', XDG_CACHE_HOME: '/x' }), '/c');
  assert.is(cacheDir({ XDG_CACHE_HOME: '/x' }), '/x/childproof');
  assert.is(cacheDir({ CHILDPROOF_CACHE: '', XDG_CACHE_HOME: 'relative', HOME: '/h' }).endsWith(`${path.sep}.cache${path.sep}childproof`), true);
  assert.is(cacheDir({ XDG_CACHE_HOME: 'relative' }).includes('relative'), false);
});

test('a cache that cannot be made is exit 2 naming it and the variable that moves it, before any work', async () => {
  const dir = tempDir('childproof-read-only-');
  const blocked = path.join(dir, 'a-file');
  fs.writeFileSync(blocked, '');
  const env = { ...process.env, CHILDPROOF_CACHE: path.join(blocked, 'cache') };
  const r = await run(process.execPath, [BIN, 'run', '--probe', 'node-execfile', '--case', 'core/success'], { cwd: dir, env }).catch((e) => e);
  assert.is(r.code, 2);
  assert.match(r.stderr, /^childproof: the cache .*a-file\/cache \(from CHILDPROOF_CACHE\): cannot be made a directory \(a file is in the way\); set CHILDPROOF_CACHE/);
  assert.not.match(r.stderr, /\n\s+at /);
});

finish(test);
