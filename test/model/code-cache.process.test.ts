// V8's code cache for the scripts a command compiles at every start
// (runners/model/code-cache.mjs): kept as a process exits, named by the text's digest so
// that a text changed in place (even to one of the same length, all V8 itself checks)
// never runs from the old text's cache, made again where V8 refuses it, and never kept
// where its caller says it is not worth a file.

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { $ } from 'zx';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bounded } from '../support/bounded.ts';
import { inSlot, ROOT, tempDir } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';

const CODE_CACHE = pathToFileURL(path.join(ROOT, 'runners', 'model', 'code-cache.mjs')).href;

/** A process that runs `source` (a function expression) through the cache in `dir`, and prints what the function returns. */
function runner(dir: string): string {
  const file = path.join(dir, 'run.mjs');
  fs.writeFileSync(
    file,
    `import fs from 'node:fs';\nimport { runCached } from ${JSON.stringify(CODE_CACHE)};\n` +
      `const [source, cacheDir, keep] = process.argv.slice(2);\n` +
      `process.stdout.write(String(runCached(fs.readFileSync(source, 'utf8'), 'file:///script.js', cacheDir, 'part', () => keep === 'keep')()));\n`,
  );
  return file;
}

async function run(dir: string, source: string, keep = 'keep'): Promise<string> {
  const file = path.join(dir, 'script.js');
  fs.writeFileSync(file, source);
  const out = await inSlot(() => bounded('a script through the code cache', $({ quiet: true, cwd: dir })`${process.execPath} ${runner(dir)} ${file} ${path.join(dir, 'cache')} ${keep}`));
  return out.stdout;
}

const caches = (dir: string) => (fs.existsSync(path.join(dir, 'cache')) ? fs.readdirSync(path.join(dir, 'cache')) : []);

test('a script run through the cache keeps one file for its text as the process exits, and runs the same from it', async () => {
  const dir = tempDir('childproof-code-cache-');
  fs.mkdirSync(path.join(dir, 'cache'));
  assert.is(await run(dir, '(function () { return "first"; })'), 'first');
  assert.is(caches(dir).length, 1, caches(dir).join(', '));
  assert.match(caches(dir)[0], /^code-cache-[0-9a-f]{20}-part-v8-/);
  assert.not.ok(caches(dir)[0].endsWith('.tmp'), 'written whole');
  assert.is(await run(dir, '(function () { return "first"; })'), 'first');
  assert.is(caches(dir).length, 1, 'the cache taken, not made again beside it');
});

test('a text changed in place to one of the same length runs as itself, with a cache of its own', async () => {
  const dir = tempDir('childproof-code-cache-');
  fs.mkdirSync(path.join(dir, 'cache'));
  assert.is(await run(dir, '(function () { return "aaaa"; })'), 'aaaa');
  assert.is(await run(dir, '(function () { return "bbbb"; })'), 'bbbb');
  assert.is(caches(dir).length, 2);
});

test('a cache V8 refuses is made again, and one not worth keeping, or that cannot be written, costs only the compile', async () => {
  const dir = tempDir('childproof-code-cache-');
  fs.mkdirSync(path.join(dir, 'cache'));
  await run(dir, '(function () { return 1 + 1; })');
  const [name] = caches(dir);
  fs.writeFileSync(path.join(dir, 'cache', name), 'not a code cache');
  assert.is(await run(dir, '(function () { return 1 + 1; })'), '2');
  assert.is.not(fs.readFileSync(path.join(dir, 'cache', name), 'utf8'), 'not a code cache', 'made again');
  assert.is(await run(dir, '(function () { return 3; })', 'skip'), '3');
  assert.is(caches(dir).length, 1, 'nothing kept for a part not worth it');
  fs.rmSync(path.join(dir, 'cache'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'cache'), '');
  assert.is(await run(dir, '(function () { return 4; })'), '4');
});

finish(test);
