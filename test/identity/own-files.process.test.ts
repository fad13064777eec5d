// What a report records of the files a run is made of besides its targets (an
// attestation's configuration): childproof's runners and schemas, by the blob ids git
// itself gives them, and each probe's own files, a variant's base included.

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { probeFiles, toolFiles } from '../../runners/identity/own-files.ts';
import { loadProbes } from '../../runners/model/load-probes.ts';
import { ROOT } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';

test("childproof's own files are every file of runners/ and schemas/, each by the blob id git gives it", () => {
  const tracked = execFileSync('find', ['runners', 'schemas', '-type', 'f'], { cwd: ROOT, encoding: 'utf8' }).trim().split('\n');
  const own = new Map(toolFiles().map((f) => [f.path, f]));
  const ids = execFileSync('git', ['hash-object', '--', ...tracked], { cwd: ROOT, encoding: 'utf8' }).trim().split('\n');
  assert.is(own.size, tracked.length);
  tracked.forEach((file, i) => {
    assert.ok(own.has(file), `${file} is recorded`);
    assert.is(own.get(file)!.blob, ids[i], file);
    assert.match(own.get(file)!.sha256, /^[0-9a-f]{64}$/);
  });
});

test("a variant's own files are its probe.json and divergences, with its base's probe.json and adapter", () => {
  const [mutant] = loadProbes(['mutant-clean-exit-is-success']);
  const names = probeFiles(mutant).map((f) => f.path);
  assert.ok(names.includes('probes/mutants/clean-exit-is-success/probe.json'), names.join(', '));
  assert.ok(names.includes('probes/reference/probe.json'), names.join(', '));
  assert.ok(names.some((n) => n.startsWith('probes/reference/') && /adapter\.(ts|mjs)$/.test(n)), names.join(', '));
  assert.ok(names.every((n) => !path.isAbsolute(n)), 'paths are from the checkout root');
});

finish(test);
