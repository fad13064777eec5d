// A package probe can pin its target's dependency tree (init --with-dependencies): each
// dependency is checked by blob id where the target finds it and runs from the verified
// copy, so nothing is reported unpinned; a dependency changed on disk stops the run.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { targetDir } from '../../runners/identity/install.ts';
import { ROOT } from '../../runners/model/paths.ts';
import { cliIn, cliWith, tempDir } from '../support/helpers.ts';
import { eager, finish } from '../support/suite.ts';

const CASES = ['--case', 'core/success', '--case', 'core/cooperative-abort'];
const TREE = ['isexe@2.0.0', 'path-key@3.1.1', 'shebang-command@2.0.0', 'shebang-regex@3.0.0', 'which@2.0.2'];

/** init's adapter calls the export and returns what it returns: cross-spawn returns a
 *  ChildProcess, so the probe settles it as the built-in cross-spawn probe does. */
function settleLikeTheBuiltIn(dir: string): void {
  const helper = path.join(ROOT, 'probes', 'node-spawn', 'settle-on-close.ts').split(path.sep).join('/');
  fs.writeFileSync(
    path.join(dir, 'adapter.ts'),
    `import { settleOnClose, type Spawn } from '${helper}';\nexport const uses = ['default'];\nexport const run = (call: Parameters<typeof settleOnClose>[1], target: { default: Spawn }) => settleOnClose(target.default, call);\n`,
  );
}

const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));

const work = eager(async () => {
  const dir = tempDir('childproof-dependencies-');
  const pinnedInit = await cliIn(dir, 'init', 'pinned', '--package', 'cross-spawn@7.0.6', '--export', 'default', '--with-dependencies');
  const looseInit = await cliIn(dir, 'init', 'loose', '--package', 'cross-spawn@7.0.6', '--export', 'default');
  settleLikeTheBuiltIn(path.join(dir, 'pinned'));
  settleLikeTheBuiltIn(path.join(dir, 'loose'));
  const pinned = await cliIn(dir, 'run', '--probe', 'pinned', ...CASES, '--out', 'pinned.json', '--quiet');
  const loose = await cliIn(dir, 'run', '--probe', 'loose', ...CASES, '--out', 'loose.json', '--quiet');
  // A cache of its own holding the same install, one dependency's file then changed.
  const cache = path.join(dir, 'cache');
  const copy = targetDir('cross-spawn', '7.0.6', path.join(cache, 'targets'));
  fs.cpSync(targetDir('cross-spawn', '7.0.6'), copy, { recursive: true });
  fs.appendFileSync(path.join(copy, 'node_modules', 'which', 'which.js'), '\n// changed\n');
  const tampered = await cliWith(dir, { CHILDPROOF_CACHE: cache }, 'run', '--probe', 'pinned', '--case', 'core/success', '--out', 'tampered.json');
  const manifest = path.join(copy, 'node_modules', 'isexe', 'package.json');
  fs.writeFileSync(manifest, fs.readFileSync(manifest, 'utf8').replace('"version": "2.0.0"', '"version": "2.0.1"'));
  const moved = await cliWith(dir, { CHILDPROOF_CACHE: cache }, 'run', '--probe', 'pinned', '--case', 'core/success', '--out', 'moved.json');
  return { dir, pinnedInit, looseInit, pinned, loose, tampered, moved };
});

test('init --with-dependencies pins each package of the tree; without it, init names them and how to pin them', async () => {
  const { dir, pinnedInit, looseInit } = await work;
  assert.is(pinnedInit.code, 0, pinnedInit.stderr);
  assert.match(pinnedInit.stdout, /its dependency tree is pinned too: 5 package\(s\), \d+ file\(s\)/);
  const deps = read(path.join(dir, 'pinned', 'probe.json')).identity.dependencies;
  assert.equal(deps.map((d: { name: string; version: string }) => `${d.name}@${d.version}`), TREE);
  assert.ok(deps.every((d: { paths: Array<{ blob: string }> }) => d.paths.length > 0 && d.paths.every((p) => /^[0-9a-f]{40}$/.test(p.blob))));
  assert.is(looseInit.code, 0, looseInit.stderr);
  assert.match(looseInit.stdout, /its 5 dependencies run unpinned \(isexe@2\.0\.0, .*which@2\.0\.2\); to pin them too: childproof init loose --package cross-spawn@7\.0\.6 --export default --force --with-dependencies/);
  assert.is(read(path.join(dir, 'loose', 'probe.json')).identity.dependencies, undefined);
});

test('a probe with its tree pinned runs it from the verified copy: no module unpinned, each dependency listed in the report', async () => {
  const { dir, pinned } = await work;
  assert.is(pinned.code, 1, pinned.stdout + pinned.stderr);
  const report = read(path.join(dir, 'pinned.json'));
  assert.equal(report.probes[0].verified.unverifiedModules, []);
  assert.equal(report.probes[0].verified.dependencies.map((d: { name: string; version: string }) => `${d.name}@${d.version}`), TREE);
  assert.equal(report.trials.map((t: { case: string; outcome: string }) => `${t.case} ${t.outcome}`), ['core/cooperative-abort fail', 'core/success pass']);
});

test('the same probe without the tree pinned reports the dependencies it loaded, and agrees on every fact', async () => {
  const { dir, loose } = await work;
  assert.is(loose.code, 1, loose.stdout + loose.stderr);
  const report = read(path.join(dir, 'loose.json'));
  assert.ok(report.probes[0].verified.unverifiedModules.includes('node_modules/which/which.js'), report.probes[0].verified.unverifiedModules.join(', '));
  const facts = (r: { trials: Array<{ facts?: Record<string, unknown> }> }) => r.trials.map((t) => t.facts?.['child.reapedAtSettle']);
  assert.equal(facts(report), facts(read(path.join(dir, 'pinned.json'))));
});

test("a dependency's file changed where the target finds it is exit 3, naming the file and the package", async () => {
  const { tampered } = await work;
  assert.is(tampered.code, 3, tampered.stdout + tampered.stderr);
  assert.match(tampered.stderr, /probe pinned: which\.js \(which@2\.0\.2 at node_modules\/which\): expected blob [0-9a-f]{40}, found [0-9a-f]{40}/);
});

test('a dependency found at another version than pinned is exit 3, naming both versions', async () => {
  const { moved } = await work;
  assert.is(moved.code, 3, moved.stdout + moved.stderr);
  assert.match(moved.stderr, /probe pinned: dependency isexe at node_modules\/isexe: expected version 2\.0\.0, found 2\.0\.1/);
});

test('pin --update pins the tree again and names each dependency that changed', async () => {
  const { dir } = await work;
  const copy = path.join(dir, 'repinned');
  fs.cpSync(path.join(dir, 'pinned'), copy, { recursive: true });
  const file = path.join(copy, 'probe.json');
  const spec = read(file);
  spec.identity.dependencies.find((d: { name: string }) => d.name === 'which').paths[0].blob = '0'.repeat(40);
  spec.identity.dependencies.push({ name: 'gone-pkg', version: '1.0.0', paths: [{ path: 'a.js', blob: '1'.repeat(40) }] });
  fs.writeFileSync(file, JSON.stringify(spec, null, 2));
  const r = await cliIn(dir, 'pin', '--update', 'repinned');
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /dependency which@2\.0\.2: \S+: 000000000000 -> [0-9a-f]{12}\n/);
  assert.match(r.stdout, /dependency gone-pkg@1\.0\.0: gone\n/);
  assert.equal(read(file).identity.dependencies, read(path.join(dir, 'pinned', 'probe.json')).identity.dependencies);
});

test('--with-dependencies goes with --package only', async () => {
  const dir = tempDir('childproof-dependencies-');
  fs.writeFileSync(path.join(dir, 'a.js'), 'export default () => {}\n');
  const r = await cliIn(dir, 'init', 'p', '--file', 'a.js', '--with-dependencies');
  assert.is(r.code, 2);
  assert.match(r.stderr, /--with-dependencies pins a package's dependency tree: it goes with --package/);
});

finish(test);
