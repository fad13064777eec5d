// Package probes' targets are installed on demand into childproof's own cache, one
// directory per package@version, and recorded with their resolved tree; offline with a
// cold cache, the probe is unavailable with the command that fetches it.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lockedTree, targetDir } from '../../runners/identity/install.ts';
import { PACKAGE_JSON, TARGETS_DIR } from '../../runners/model/paths.ts';
import { cliIn, cliWith, tempDir } from '../support/helpers.ts';
import { eager, finish } from '../support/suite.ts';

const PROBED = ['execa', 'execa10', 'tinyexec', 'nano-spawn', 'zx', 'cross-spawn', '@modelcontextprotocol/sdk', '@ai-sdk/mcp'];

const work = eager(async () => {
  const dir = tempDir('childproof-targets-');
  const warm = await cliIn(dir, 'run', '--probe', 'nano-spawn', '--case', 'core/cooperative-abort', '--out', 'warm.json', '--quiet');
  // A cache of its own, and npm told to use only its own, empty, cache: a machine offline.
  const env = { CHILDPROOF_CACHE: path.join(dir, 'cold'), npm_config_offline: 'true', npm_config_cache: path.join(dir, 'npm-cache') };
  const offline = { npm_config_offline: 'true', npm_config_cache: path.join(dir, 'npm-cache') };
  const warmOffline = await cliWith(dir, offline, 'run', '--probe', 'nano-spawn', '--case', 'core/cooperative-abort', '--out', 'warm-offline.json', '--quiet');
  const cold = await cliWith(dir, env, 'run', '--probe', 'nano-spawn', '--case', 'core/cooperative-abort', '--out', 'cold.json', '--quiet');
  const both = await cliIn(dir, 'run', '--probe', 'nano-spawn@1.0.3', '--probe', 'nano-spawn', '--case', 'core/cooperative-abort', '--out', 'both.json', '--quiet');
  return { dir, warm, warmOffline, cold, both };
});

test("childproof's own dependencies name none of the libraries it probes", () => {
  const { dependencies } = JSON.parse(fs.readFileSync(PACKAGE_JSON, 'utf8'));
  assert.equal(Object.keys(dependencies).filter((d) => PROBED.includes(d)), []);
});

test('a package target is installed into the cache and the report records its resolved tree', async () => {
  const { dir, warm } = await work;
  assert.is(warm.code, 0, warm.stderr);
  const report = JSON.parse(fs.readFileSync(path.join(dir, 'warm.json'), 'utf8'));
  const verified = report.probes.find((p: { name: string }) => p.name === 'nano-spawn').verified;
  assert.equal(verified.package, { name: 'nano-spawn', version: '2.1.0' });
  assert.equal(verified.tree, lockedTree(path.join(targetDir('nano-spawn', '2.1.0', TARGETS_DIR), 'package-lock.json')));
  assert.ok(verified.tree.some((t: { name: string; integrity?: string }) => t.name === 'nano-spawn' && t.integrity?.startsWith('sha512-')));
});

test('--probe NAME@VERSION runs the probe against another published version, pinned as installed, beside the pinned one', async () => {
  const { dir, both } = await work;
  assert.is(both.code, 0, both.stdout + both.stderr);
  const report = JSON.parse(fs.readFileSync(path.join(dir, 'both.json'), 'utf8'));
  const heads = report.probes.map((p: { name: string; identity: { version: string; paths: unknown[] }; verified: { files: unknown[] } }) => [p.name, p.identity.version, p.identity.paths.length > 0, p.verified.files.length === p.identity.paths.length]);
  assert.equal(heads, [['nano-spawn@1.0.3', '1.0.3', true, true], ['nano-spawn', '2.1.0', true, true]]);
  assert.equal(report.trials.map((t: { probe: string; outcome: string }) => [t.probe, t.outcome]), [['nano-spawn', 'known-fail'], ['nano-spawn@1.0.3', 'known-fail']]);
});

test('offline with a warm cache, nothing changes', async () => {
  const { dir, warmOffline } = await work;
  assert.is(warmOffline.code, 0, warmOffline.stderr);
  const read = (f: string) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
  assert.equal(read('warm-offline.json').probes[0].verified.tree, read('warm.json').probes[0].verified.tree);
  assert.is(read('warm-offline.json').trials[0].outcome, 'known-fail');
});

test('offline with a cold cache, the probe is unavailable and says the command that fetches it', async () => {
  const { dir, cold } = await work;
  // Nothing was tested: not a pass, and it says so.
  assert.is(cold.code, 1, cold.stderr);
  assert.match(cold.stderr, /nothing was tested where it was asked for/);
  const [trial] = JSON.parse(fs.readFileSync(path.join(dir, 'cold.json'), 'utf8')).trials;
  assert.is(trial.outcome, 'unavailable');
  assert.match(trial.reason, /nano-spawn@2\.1\.0 is not in the cache and could not be installed .*: run childproof verify --probe nano-spawn where the registry can be reached/);
});

finish(test);
