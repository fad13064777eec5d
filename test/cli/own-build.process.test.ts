// Each checkout runs its own files. The command line's build in the cache holds the
// absolute paths of the checkout that built it (bin/cli-build.mjs), so it is keyed by that
// checkout's place as well as its bytes: a second checkout of the same sources, sharing
// the cache, builds its own, and reads its own probes, or an auditor's tamper check of it
// would pass on the first one's files. The build keeps V8's code cache beside it, one for
// each verb a command ran, and a checkout's new build removes its earlier one.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { $ } from 'zx';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cliBuild } from '../../bin/cli-build.mjs';
import { bounded } from '../support/bounded.ts';
import { cliIn, inSlot, ROOT, tempDir } from '../support/helpers.ts';
import { RESULTS_DIR } from '../../runners/model/paths.ts';
import { madeHere } from '../support/published.ts';
import { concurrent, finish } from '../support/suite.ts';

concurrent(test, 'a second checkout of the same bytes, sharing the cache, runs its own files: a pinned byte changed there is found, exit 3', async () => {
  const scratch = tempDir('childproof-checkouts-');
  // This checkout's command line, built into the cache first, as its own commands leave it.
  const here = await cliIn(scratch, 'run', '--probe', 'reference', '--case', 'core/success', '--quiet');
  assert.is(here.code, 0, here.stderr);
  // Another checkout of the same sources, its node_modules the same, one pinned byte changed.
  const other = path.join(scratch, 'other');
  for (const d of ['bin', 'runners', 'cases', 'probes', 'schemas']) fs.cpSync(path.join(ROOT, d), path.join(other, d), { recursive: true });
  for (const f of ['package.json', 'package-lock.json']) fs.copyFileSync(path.join(ROOT, f), path.join(other, f));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(other, 'node_modules'));
  fs.appendFileSync(path.join(other, 'probes', 'reference', 'stoppable-exec.ts'), '// one byte more\n');
  const there = await inSlot(() => bounded('the other checkout\'s run', $({ nothrow: true, quiet: true, cwd: scratch })`${process.execPath} ${path.join(other, 'bin', 'childproof.mjs')} run --probe reference --case core/success --quiet`));
  assert.is(there.exitCode, 3, there.stdout + there.stderr);
  const pinned = JSON.parse(fs.readFileSync(path.join(ROOT, 'probes', 'reference', 'probe.json'), 'utf8')).identity.paths[0].blob.slice(0, 12);
  assert.match(there.stderr, `probe reference: stoppable-exec.ts (directory): expected blob ${pinned}`);
  // And this checkout, with the cache the other one built into too, still runs its own.
  const again = await cliIn(scratch, 'run', '--probe', 'reference', '--case', 'core/success', '--quiet');
  assert.is(again.code, 0, again.stderr);
  // An auditor's tamper check: a statement of the published reference holds in this checkout,
  // and in the other one, whose pinned byte changed, it exits 3, naming the file.
  const statement = path.join(scratch, 'statement.json');
  const published = madeHere(path.join(RESULTS_DIR, 'reference', fs.readdirSync(path.join(RESULTS_DIR, 'reference')).find((f) => f.endsWith('.json'))!), scratch);
  assert.is((await cliIn(scratch, 'attest', published, '--out', statement)).code, 0);
  const holds = await cliIn(scratch, 'verify', '--statement', statement);
  assert.is(holds.code, 0, holds.stdout + holds.stderr);
  const tampered = await inSlot(() => bounded("the other checkout's verify", $({ nothrow: true, quiet: true, cwd: scratch })`${process.execPath} ${path.join(other, 'bin', 'childproof.mjs')} verify --statement ${statement}`));
  assert.is(tampered.exitCode, 3, tampered.stdout + tampered.stderr);
  assert.match(tampered.stderr, /stoppable-exec\.ts/);
  // A source of the other checkout edited: its next command builds anew (the key it kept for
  // its files is read no more) and removes its earlier build, and this checkout's build, in
  // the same cache, stays. The edit keeps the file's size: its time of change tells it.
  const ours = path.dirname((await cliBuild())!);
  const harness = path.dirname(ours);
  const buildsOf = (checkout: string) => fs.readdirSync(harness).filter((d) => d.startsWith('childproof-cli-') && fs.existsSync(path.join(harness, d, 'checkout')) && fs.readFileSync(path.join(harness, d, 'checkout'), 'utf8') === checkout);
  const before = buildsOf(other);
  assert.is(before.length, 1, before.join(', '));
  const edited = path.join(other, 'runners', 'model', 'version.ts');
  fs.writeFileSync(edited, fs.readFileSync(edited, 'utf8').replace("import fs from 'node:fs';", 'import fs from "node:fs";'));
  const listed = await inSlot(() => bounded("the other checkout's list", $({ nothrow: true, quiet: true, cwd: scratch })`${process.execPath} ${path.join(other, 'bin', 'childproof.mjs')} list`));
  assert.is(listed.exitCode, 0, listed.stderr);
  const after = buildsOf(other);
  assert.is(after.length, 1, after.join(', '));
  assert.is.not(after[0], before[0], 'built anew, the earlier build removed');
  assert.ok(fs.existsSync(path.join(ours, 'main.js')), "this checkout's build stays");
  // The other checkout goes with the scratch directory; its build need not stay in the suite's cache.
  for (const d of after) fs.rmSync(path.join(harness, d), { recursive: true, force: true });
  fs.rmSync(path.join(harness, `childproof-cli-key-${createHash('sha256').update(other).digest('hex').slice(0, 16)}.json`), { force: true });
});

concurrent(test, "the command line's build keeps a code cache for each verb it runs, and none for a word that is no verb", async () => {
  const scratch = tempDir('childproof-checkouts-');
  const entry = await cliBuild();
  assert.ok(entry, 'the command line was built');
  const cachesOf = (part: string) => fs.readdirSync(path.dirname(entry)).filter((f) => f.includes(`-${part}-v8-`));
  assert.is((await cliIn(scratch, 'clean')).code, 0);
  assert.is(cachesOf('clean').length, 1, fs.readdirSync(path.dirname(entry)).join(', '));
  const unknown = await cliIn(scratch, 'cleen');
  assert.is(unknown.code, 2, unknown.stderr);
  assert.equal(cachesOf('cleen'), []);
  // A first word that could name no verb runs under the name `other`, and keeps nothing either.
  assert.is((await cliIn(scratch, '--version')).code, 0);
  assert.equal(cachesOf('other'), []);
});

finish(test);
