// A sweep says how it called its library, so that "breaks in every version" is read
// against the options it ran with, not against a sibling probe's.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sweepOptionsLabel, sweepOptionsSentence } from '../../runners/report/sweep-options.ts';
import { RESULTS_DIR } from '../../runners/model/paths.ts';
import { finish } from '../support/suite.ts';

test('a sweep whose every version had the same options says them once', () => {
  const same = [{ version: '10.0.0', options: { killDescendants: true } }, { version: '10.1.0', options: { killDescendants: true } }];
  assert.is(sweepOptionsSentence(same), 'Every version was called with killDescendants: true.');
  assert.is(sweepOptionsLabel(same), 'with killDescendants: true');
});

test('a sweep whose probe adds no options says so, in versions or releases', () => {
  assert.is(sweepOptionsSentence([{ version: '1.0.0' }, { version: '1.1.0', options: {} }], 'release'), "Every release was called with each case's options only, none of the probe's own.");
  assert.is(sweepOptionsLabel([{ version: '1.0.0' }]), 'no options of its own');
});

test('options that change between versions are said run by run, oldest first', () => {
  const mixed = [{ version: '5.0.0', options: { signalOption: 'signal' } }, { version: '8.0.0', options: { signalOption: 'signal' } }, { version: '9.0.0' }, { version: '9.1.0', options: { a: 1 } }];
  assert.is(sweepOptionsSentence(mixed), "Called with signalOption: \"signal\" in 5.0.0–8.0.0; with each case's options only, none of the probe's own in 9.0.0; with a: 1 in 9.1.0.");
  assert.is(sweepOptionsLabel(mixed), 'options vary by version');
});

test('every published sweep says in its intro how it called its library, as its sweep.json records', () => {
  const dirs = fs.readdirSync(path.join(RESULTS_DIR, 'sweeps'));
  assert.ok(dirs.length > 3, dirs.join(', '));
  for (const name of dirs) {
    const summary = JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, 'sweeps', name, 'sweep.json'), 'utf8')) as { versions?: Array<{ version: string; options?: Record<string, unknown> }>; releases?: Array<{ release: string; options?: Record<string, unknown> }> };
    const list = summary.versions ?? summary.releases!.map((r) => ({ version: r.release, options: r.options }));
    const readme = fs.readFileSync(path.join(RESULTS_DIR, 'sweeps', name, 'README.md'), 'utf8');
    assert.ok(readme.includes(sweepOptionsSentence(list, summary.versions ? 'version' : 'release')), name);
  }
  const execa = fs.readFileSync(path.join(RESULTS_DIR, 'sweeps', 'execa', 'README.md'), 'utf8');
  assert.match(execa, /none of the probe's own in 9\.0\.2–10\.2\.1/, 'execa is swept without killDescendants');
});

finish(test);
