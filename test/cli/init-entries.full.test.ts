// A package whose helper is not its main export: it lives in another entry of its
// `exports` map, inside an exported object, as a bundler writes it (getters on an object,
// which no reading of the source or its types sees). init finds it there when asked for
// it by name, or is told with --entry and --export a.b, and the probe it writes runs.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cliIn, tempDir } from '../support/helpers.ts';
import { concurrent, finish } from '../support/suite.ts';

// Bundled as esbuild bundles: the object's members are getters, defined at run time.
const CORE = `"use strict";
const childProcess = require("node:child_process");
var __defProp = Object.defineProperty;
var __export = (target, all) => { for (var name in all) __defProp(target, name, { get: all[name], enumerable: true }); };
function spawnAsync(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = childProcess.spawn(cmd, args, { ...options, stdio: "ignore" });
    child.on("error", (err) => { if (child.pid === undefined) reject(err); });
    child.on("close", (code, signal) => (code === 0 ? resolve({ code }) : reject(Object.assign(new Error("exit " + (code ?? signal)), { code, signal }))));
  });
}
var utils_exports = {};
__export(utils_exports, { spawnAsync: () => spawnAsync });
module.exports = { utils: utils_exports };
`;

function project(): string {
  const root = tempDir('childproof-entries-');
  const pkg = path.join(root, 'node_modules', 'bundled-lib');
  fs.mkdirSync(path.join(pkg, 'lib'), { recursive: true });
  fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'bundled-lib', version: '1.0.0', exports: { '.': './index.js', './lib/core': './lib/core.js', './package.json': './package.json' } }));
  fs.writeFileSync(path.join(pkg, 'index.js'), 'module.exports = { version: "1.0.0" };\n');
  fs.writeFileSync(path.join(pkg, 'lib', 'core.js'), CORE);
  return root;
}

async function runsPlainCall(root: string, probe: string): Promise<void> {
  const run = await cliIn(root, 'run', '--probe', probe, '--case', 'control/plain-call', '--out', `${probe}.json`, '--quiet');
  assert.is(run.code, 0, run.stdout + run.stderr);
  assert.is(JSON.parse(fs.readFileSync(path.join(root, `${probe}.json`), 'utf8')).trials[0].outcome, 'pass');
}

const probeOf = (root: string, dir: string) => JSON.parse(fs.readFileSync(path.join(root, dir, 'probe.json'), 'utf8'));

concurrent(test, '--entry names an exports subpath and --export a member path inside an exported object: the probe calls utils.spawnAsync there', async () => {
  const root = project();
  const init = await cliIn(root, 'init', 'told', '--package', 'bundled-lib', '--entry', 'lib/core', '--export', 'utils.spawnAsync');
  assert.is(init.code, 0, init.stderr);
  const probe = probeOf(root, 'told');
  assert.equal([probe.identity.entry, probe.identity.subpath], ['lib/core.js', 'lib/core']);
  assert.match(fs.readFileSync(path.join(root, 'told', 'adapter.ts'), 'utf8'), /uses: \['utils\.spawnAsync'\][\s\S]*target\.utils\.spawnAsync\(/);
  assert.ok(probe.supports.includes('signal'), `the signal reached the spawn: ${probe.supports}`);
  await runsPlainCall(root, 'told');
  // The next release keeps the subpath and moves its file: pinned anew, the entry follows the subpath.
  const pkg = path.join(root, 'node_modules', 'bundled-lib');
  fs.mkdirSync(path.join(pkg, 'dist'));
  fs.renameSync(path.join(pkg, 'lib', 'core.js'), path.join(pkg, 'dist', 'core.js'));
  fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'bundled-lib', version: '1.1.0', exports: { '.': './index.js', './lib/core': './dist/core.js' } }));
  const update = await cliIn(root, 'pin', '--update', 'told');
  assert.is(update.code, 0, update.stdout + update.stderr);
  assert.equal([probeOf(root, 'told').identity.entry, probeOf(root, 'told').identity.version], ['dist/core.js', '1.1.0']);
  await runsPlainCall(root, 'told');
});

concurrent(test, 'asked only for spawnAsync, init finds it in another entry of the exports map, inside an object, and says where', async () => {
  const root = project();
  const init = await cliIn(root, 'init', 'found', '--package', 'bundled-lib', '--export', 'spawnAsync');
  assert.is(init.code, 0, init.stderr);
  assert.match(init.stderr, /index\.js has no spawnAsync; \.\/lib\/core has it: pinned with lib\/core\.js as its entry \(--entry lib\/core\)/);
  assert.equal([probeOf(root, 'found').identity.entry, probeOf(root, 'found').identity.subpath], ['lib/core.js', 'lib/core']);
  assert.match(fs.readFileSync(path.join(root, 'found', 'adapter.ts'), 'utf8'), /typeof import\('bundled-lib\/lib\/core'\)[\s\S]*target\.utils\.spawnAsync\(/);
  await runsPlainCall(root, 'found');
});

concurrent(test, 'an --entry the package does not have, or one without --package, is one line naming what there is, exit 2, nothing left', async () => {
  const root = project();
  const bad = await cliIn(root, 'init', 'bad', '--package', 'bundled-lib', '--entry', 'lib/nothing', '--export', 'x');
  assert.is(bad.code, 2);
  assert.is(bad.stderr.trim(), 'childproof: --entry lib/nothing: bundled-lib exports no such subpath and has no such file: its exports name ./lib/core');
  assert.not.ok(fs.existsSync(path.join(root, 'bad')));
  fs.writeFileSync(path.join(root, 'x.mjs'), 'export function x(file, args) {}\n');
  const stray = await cliIn(root, 'init', 'stray', '--file', 'x.mjs', '--entry', 'lib/core');
  assert.is(stray.code, 2);
  assert.match(stray.stderr, /--entry names a subpath of a package: it goes with --package/);
});

/** A package that decides what it exports as it loads, as child-process-promise does: `api[name] = fn` in a loop. */
function builtAtLoad(root: string, fn: string): void {
  const pkg = path.join(root, 'node_modules', 'chosen-at-load');
  fs.mkdirSync(path.join(pkg, 'lib'), { recursive: true });
  fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'chosen-at-load', version: '2.0.0', main: 'index.js' }));
  fs.writeFileSync(path.join(pkg, 'index.js'), "'use strict';\nif (process.versions.node) {\n  module.exports = require('./lib');\n}\n");
  const fns = { run: fn, describe: 'function (value) { return String(value); }' };
  fs.writeFileSync(path.join(pkg, 'lib', 'index.js'), `'use strict';\nconst { spawn } = require('node:child_process');\nconst fns = { ${Object.entries(fns).map(([k, v]) => `${k}: ${v}`).join(', ')} };\nconst api = {};\nfor (const name of Object.keys(fns)) api[name] = fns[name];\nmodule.exports = api;\n`);
}

concurrent(test, 'a module whose exports no reading sees is loaded, nothing called, and its functions called as their own source names their parameters', async () => {
  const root = tempDir('childproof-entries-');
  builtAtLoad(root, `function (command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { signal: options && options.signal, stdio: 'ignore' });
    child.on('error', (err) => { if (child.pid === undefined) reject(err); });
    child.on('close', (code) => (code === 0 ? resolve(code) : reject(new Error('exit ' + code))));
  });
}`);
  const init = await cliIn(root, 'init', 'p', '--package', 'chosen-at-load');
  assert.is(init.code, 0, init.stderr);
  assert.match(init.stderr, /no types and no export read from its source; loaded, it has default\.run\(command, args, options\): calling it as its parameters are named/);
  assert.match(init.stdout, /signal +kept: reached the target/);
});

concurrent(test, 'loaded functions whose parameters say nothing of a command get a skeleton that lists them, and init says which to name', async () => {
  const root = tempDir('childproof-entries-');
  builtAtLoad(root, 'function () {}');
  const init = await cliIn(root, 'init', 'p', '--package', 'chosen-at-load');
  assert.is(init.code, 2, init.stderr);
  assert.match(init.stderr, /what it declares \(--export NAME and --call METHOD choose one\):\n {2}default\.run\(\)\n {2}default\.describe\(value\)/);
  assert.match(init.stderr, /finish the call at p\/adapter\.ts:\d+/);
  // Named, it is still no call that runs a command: a skeleton again, never a green that tested nothing.
  const again = await cliIn(root, 'init', 'p', '--package', 'chosen-at-load', '--export', 'default.run', '--force');
  assert.is(again.code, 2, again.stderr);
  assert.match(fs.readFileSync(path.join(root, 'p', 'adapter.ts'), 'utf8'), /\/\/ TODO\(childproof\):/);
});

finish(test);
