// What a command makes of the shipped probes and cases is kept beside the build it runs
// from (runners/model/kept-loads.ts): used again while every file it was made from is as
// it was, made again once one is changed, added or removed; never kept from a load that
// failed; and, run from the sources or from a build since removed, not kept at all.
// Kept, it is what a fresh load gives.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { filesSignature, keptLoad } from '../../runners/model/kept-loads.ts';
import { loadAllCases } from '../../runners/model/load-cases.ts';
import { shippedProbes } from '../../runners/model/load-probes.ts';
import { CASES_DIR, PROBES_DIR } from '../../runners/model/paths.ts';
import { tempDir } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';

/** A load that counts how often it ran and says what it read. */
function counted(dir: string) {
  const made = { times: 0 };
  const load = () => {
    made.times++;
    return fs.readdirSync(dir).sort().map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
  };
  return { made, load };
}

test('a load is made once while its files stay as they are, and again after one changes, is added or goes', () => {
  const [build, files] = [tempDir('childproof-kept-'), tempDir('childproof-kept-')];
  fs.writeFileSync(path.join(files, 'a.json'), 'one');
  const { made, load } = counted(files);
  const again = () => keptLoad('things', filesSignature([files]), load, build);
  assert.equal(again(), ['one']);
  assert.equal(again(), ['one']);
  assert.is(made.times, 1, 'the second came from what was kept');
  fs.writeFileSync(path.join(files, 'a.json'), 'two');
  assert.equal(again(), ['two'], 'a file changed is read again');
  fs.writeFileSync(path.join(files, 'b.json'), 'three');
  assert.equal(again(), ['two', 'three'], 'a file added is read');
  fs.rmSync(path.join(files, 'b.json'));
  assert.equal(again(), ['two'], 'a file gone is gone');
  assert.is(made.times, 4);
});

test('a load that fails is not kept, and run from the sources nothing is kept', () => {
  const [build, files] = [tempDir('childproof-kept-'), tempDir('childproof-kept-')];
  let fail = true;
  const load = () => {
    if (fail) throw new Error('refused');
    return 'loaded';
  };
  assert.throws(() => keptLoad('things', filesSignature([files]), load, build), /refused/);
  assert.equal(fs.readdirSync(build), []);
  fail = false;
  assert.is(keptLoad('things', filesSignature([files]), load, build), 'loaded');
  const { made, load: count } = counted(files);
  keptLoad('things', filesSignature([files]), count, null);
  keptLoad('things', filesSignature([files]), count, null);
  assert.is(made.times, 2, 'no build, nothing kept');
});

test('a build removed under a command keeps nothing and is not made again', () => {
  const [gone, files] = [path.join(tempDir('childproof-kept-'), 'removed-build'), tempDir('childproof-kept-')];
  const { made, load } = counted(files);
  keptLoad('things', filesSignature([files]), load, gone);
  keptLoad('things', filesSignature([files]), load, gone);
  assert.is(made.times, 2, 'made each time');
  assert.not.ok(fs.existsSync(gone), 'its folder is not made again');
});

test('the shipped probes and cases, kept and read back, are what a fresh load gives', () => {
  const build = tempDir('childproof-kept-');
  const loads: Array<[string, string, () => unknown]> = [['probes', PROBES_DIR, shippedProbes], ['cases', CASES_DIR, () => loadAllCases()]];
  for (const [name, dir, load] of loads) {
    keptLoad(name, filesSignature([dir]), load, build);
    const kept = keptLoad(name, filesSignature([dir]), () => assert.unreachable('read from what was kept'), build);
    assert.equal(kept, load(), name);
  }
});

finish(test);
