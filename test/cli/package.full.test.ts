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
import { ROOT, tempDir } from '../support/helpers.ts';
import { eager, finish } from '../support/suite.ts';

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
  const reference = await sh(project, 'npx', 'childproof', 'run', '--probe', 'reference', '--case', 'core/cooperative-abort', '--out', 'report.json');
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

test("its JUnit validates against the schema where it is installed, Surefire's included with its notice, and npm publish --dry-run warns of nothing in it", async () => {
  const { project } = await work;
  const rendered = await sh(project, 'npx', 'childproof', 'render', 'report.json', '--format', 'junit', '--out', 'junit.xml');
  assert.is(rendered.code, 0, rendered.out);
  const schemas = path.join(project, 'node_modules', 'childproof', 'schemas');
  const lint = await sh(project, 'xmllint', '--noout', '--schema', path.join(schemas, 'junit.xsd'), 'junit.xml');
  assert.is(lint.code, 0, lint.out);
  for (const f of ['surefire-test-report.xsd', 'NOTICE-surefire.txt', 'LICENSE-Apache-2.0.txt']) assert.ok(fs.existsSync(path.join(schemas, f)), f);
  // The registry's login is this machine's matter; anything else npm warns of is the package's.
  const dry = await sh(ROOT, 'npm', 'publish', '--dry-run');
  assert.is(dry.code, 0, dry.out);
  assert.equal(dry.out.split('\n').filter((l) => /npm warn/i.test(l) && !/requires you to be logged in/.test(l)), []);
});

test('npx childproof runs the reference and nano-spawn (installed on demand), and lists every built-in probe and case', async () => {
  const { reference, nanoSpawn, list } = await work;
  assert.is(reference.code, 0, reference.out);
  assert.match(reference.out, /1 trials: 1 pass\. All as expected\./);
  assert.is(nanoSpawn.code, 0, nanoSpawn.out);
  assert.match(nanoSpawn.out, /1 trials: 1 known-fail\. All as expected \(1 known-fail: divergences the probes record, not passes\)\./);
  // Nothing of the run was linked outside its own directory (as once into the temporary directory).
  const { project } = await work;
  const strays = fs.readdirSync(os.tmpdir()).filter((e) => fs.lstatSync(path.join(os.tmpdir(), e)).isSymbolicLink() && fs.readlinkSync(path.join(os.tmpdir(), e)).startsWith(project));
  assert.equal(strays, []);
  const probes = fs.readdirSync(path.join(ROOT, 'probes')).filter((p) => fs.existsSync(path.join(ROOT, 'probes', p, 'probe.json')));
  for (const p of probes) assert.match(list.out, new RegExp(`^  ${p}\\s`, 'm'), p);
  assert.match(list.out, /core\/cooperative-abort/);
});

// The README's "Your own code" steps, each line as written, in the project that installed
// the package: a helper that settles before its child has gone is pinned, run and blessed;
// fixed, it is pinned again, and the next run says which clauses now hold, that nothing
// else changed, and the bless that accepts it.
const EARLY = `import { spawn } from 'node:child_process';
export function run(file: string, args: string[], options: { signal?: AbortSignal; timeout?: number } = {}): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { signal: options.signal, timeout: options.timeout, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code, signal) => (code === 0 ? resolve(code) : reject(Object.assign(new Error('exit ' + (code ?? signal)), { code, signal }))));
  });
}
`;
// The fix: an abort's error waits for the close, and a child that ignores SIGTERM is killed a second later.
const FIXED = `import { spawn } from 'node:child_process';
export function run(file: string, args: string[], options: { signal?: AbortSignal; timeout?: number } = {}): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { signal: options.signal, timeout: options.timeout, stdio: 'ignore' });
    let failure: Error | null = null;
    let escalation: NodeJS.Timeout | undefined;
    child.on('error', (err) => {
      if (child.pid === undefined) return reject(err);
      failure = err;
      escalation = setTimeout(() => child.kill('SIGKILL'), 1000);
    });
    child.on('close', (code, signal) => {
      clearTimeout(escalation);
      if (failure) reject(failure);
      else if (code === 0) resolve(code);
      else reject(Object.assign(new Error('exit ' + (code ?? signal)), { code, signal }));
    });
  });
}
`;

/** The README's "Your own code" block, one command per line, its comments dropped. */
function readmeSteps(): string[][] {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const block = /## Your own code\n\n```sh\n([\s\S]*?)```/.exec(readme)![1];
  return block.split('\n').map((l) => l.replace(/\s+#.*$/, '').trim()).filter(Boolean).map((l) => l.split(/\s+/));
}

test("the README's own-code steps run as written, and after a fix the run shows it as fixed and how to accept it", async () => {
  const { project } = await work;
  const [init, run, bless, repin] = readmeSteps();
  assert.equal([init[2], run[2], bless[2], repin[2]], ['init', 'run', 'bless', 'pin']);
  const step = (words: string[]) => sh(project, words[0], ...words.slice(1));
  fs.mkdirSync(path.join(project, 'src'));
  fs.writeFileSync(path.join(project, 'src', 'exec.ts'), EARLY);
  const made = await step(init);
  assert.is(made.code, 0, made.out);
  assert.is((await step(run)).code, 1, 'its known divergences are not known yet');
  assert.is((await step(bless)).code, 0);
  const blessed = await step(run);
  assert.is(blessed.code, 0, blessed.out);
  assert.match(blessed.out, /All as expected/);

  fs.writeFileSync(path.join(project, 'src', 'exec.ts'), FIXED);
  const pinned = await step(repin);
  assert.is(pinned.code, 0, pinned.out);
  const fixed = await step(run);
  assert.is(fixed.code, 1, fixed.out);
  // The table wraps its lines to the terminal's width: read as one text.
  const said = fixed.out.replace(/\n\s*/g, ' ');
  assert.match(said, /core\/cooperative-abort: unexpected-pass: settles-after-exit now holds: child\.reapedAtSettle was known to be false and is now true/);
  assert.not.match(fixed.out, /: (fail|unknown|flaky|error): /, 'nothing suggests a regression');
  assert.match(said, /childproof: \d+ unexpected-pass: it does better than its known divergences, and nothing else is not as expected; if the change is meant, accept it: childproof bless report\.json --probe childproof/);
  assert.is((await step(bless)).code, 0);
  assert.is((await step(run)).code, 0, 'accepted, the fix is what is known');
});

finish(test);
