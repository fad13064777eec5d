// The npm package: packed from this checkout, installed into an empty project on this
// Node, it brings only what childproof needs (no engine warnings), and its command runs
// the built-in probes there, a package probe's target installed on demand.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, tempDir } from './support/helpers.ts';
import { eager, finish } from './support/suite.ts';

const sh = async (cwd: string, file: string, ...args: string[]) => {
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, { cwd, env: { ...process.env, NO_COLOR: '1', CI: '1' } });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
};

const work = eager(async () => {
  const dir = tempDir('childproof-package-');
  const packed = await sh(ROOT, 'npm', 'pack', '--pack-destination', dir, '--loglevel=error');
  const tarball = path.join(dir, packed.out.trim().split('\n').at(-1)!);
  const project = path.join(dir, 'project');
  fs.mkdirSync(project);
  fs.writeFileSync(path.join(project, 'package.json'), '{ "private": true }\n');
  const install = await sh(project, 'npm', 'install', tarball, '--no-audit', '--no-fund');
  const reference = await sh(project, 'npx', 'childproof', 'run', '--probe', 'reference', '--case', 'core/cooperative-abort');
  const nanoSpawn = await sh(project, 'npx', 'childproof', 'run', '--probe', 'nano-spawn', '--case', 'core/cooperative-abort');
  const list = await sh(project, 'npx', 'childproof', 'list');
  return { tarball, project, install, reference, nanoSpawn, list };
});

test('the package holds childproof and its own dependencies only, and installs with no engine warning', async () => {
  const { tarball, project, install } = await work;
  assert.is(install.code, 0, install.out);
  assert.not.match(install.out, /EBADENGINE/);
  assert.ok(fs.statSync(tarball).size < 1024 * 1024, 'no results, tests or caches in it');
  const installed = fs.readdirSync(path.join(project, 'node_modules'));
  for (const probed of ['execa', 'tinyexec', 'nano-spawn', 'cross-spawn', 'zx', '@modelcontextprotocol', '@ai-sdk']) assert.not.ok(installed.includes(probed), probed);
});

test('npx childproof runs the reference and nano-spawn (installed on demand), and lists every built-in probe and case', async () => {
  const { reference, nanoSpawn, list } = await work;
  assert.is(reference.code, 0, reference.out);
  assert.match(reference.out, /1 trials: 1 pass\. All as expected\./);
  assert.is(nanoSpawn.code, 0, nanoSpawn.out);
  assert.match(nanoSpawn.out, /1 trials: 1 known-fail\. All as expected\./);
  // Nothing of the run was linked outside its own directory (as once into the temporary directory).
  const { project } = await work;
  const strays = fs.readdirSync(os.tmpdir()).filter((e) => fs.lstatSync(path.join(os.tmpdir(), e)).isSymbolicLink() && fs.readlinkSync(path.join(os.tmpdir(), e)).startsWith(project));
  assert.equal(strays, []);
  const probes = fs.readdirSync(path.join(ROOT, 'probes')).filter((p) => fs.existsSync(path.join(ROOT, 'probes', p, 'probe.json')));
  for (const p of probes) assert.match(list.out, new RegExp(`^  ${p}\\s`, 'm'), p);
  assert.match(list.out, /core\/cooperative-abort/);
});

finish(test);
