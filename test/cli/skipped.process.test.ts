// A run that tests nothing is not a pass: when every trial was skipped, or a probe the
// user brought had every trial skipped, the run exits 1 and says why, once per probe;
// --allow-skipped accepts it. Built-in probes skipped in a default run only get the line.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Report, TrialResult } from '../../runners/model/report-types.ts';
import { untested } from '../../runners/report/skipped.ts';
import { cliIn, ROOT, tempDir, writeJson } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';

/** The terminal view wraps its lines to the width; the words are what count. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** The reference's code behind a probe that supports no option: it can express no case that needs one. */
function bareProbe(): string {
  const dir = tempDir();
  const reference = JSON.parse(fs.readFileSync(path.join(ROOT, 'probes', 'reference', 'probe.json'), 'utf8'));
  writeJson(path.join(dir, 'mine', 'probe.json'), { ...reference, name: 'mine', supports: [], identity: { ...reference.identity, root: path.resolve(ROOT, 'probes', 'reference', reference.identity.root) } });
  fs.copyFileSync(path.join(ROOT, 'probes', 'reference', reference.adapter), path.join(dir, 'mine', reference.adapter));
  return dir;
}

test('a run whose every trial was skipped exits 1 and says why; --allow-skipped accepts it', async () => {
  const dir = bareProbe();
  const r = await cliIn(dir, 'run', '--probe', 'mine', '--case', 'core/cooperative-abort');
  assert.is(r.code, 1, r.stderr);
  assert.match(flat(r.stdout), /mine: tested nothing, all 1 trials skipped: unsupported: mine does not support signal/);
  assert.match(flat(r.stdout), /1 trials: 1 unsupported\. Nothing was tested\./);
  assert.match(r.stderr, /nothing was tested where it was asked for: every trial was skipped; --allow-skipped accepts that/);
  assert.is((await cliIn(dir, 'run', '--probe', 'mine', '--case', 'core/cooperative-abort', '--allow-skipped', '--quiet')).code, 0);
});

test('a probe the user brought that had every trial skipped fails the run, though another probe ran', async () => {
  const dir = bareProbe();
  const r = await cliIn(dir, 'run', '--probe', 'mine', '--probe', 'reference', '--case', 'core/cooperative-abort', '--quiet');
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /mine had every trial skipped/);
  assert.match(flat(r.stdout), /mine: tested nothing, all 1 trials skipped: unsupported: mine does not support signal/);
});

test("a run in parts, one per runtime, is judged whole: a part that could test nothing fails it only when no part tested, or a brought probe's every trial was skipped", () => {
  const part = (...trials: Array<[string, TrialResult['outcome']]>) =>
    ({ probes: [...new Set(trials.map(([p]) => p))].map((name) => ({ name })), trials: trials.map(([probe, outcome]) => ({ probe, case: 'core/success', kind: 'library', outcome, ...(outcome === 'unsupported' ? { reason: `${probe} does not support timeout` } : {}) })) }) as unknown as Report;
  const host = part(['node-spawn', 'pass'], ['execa', 'known-fail']);
  const deno = part(['deno-command', 'unsupported']);
  assert.is(untested([host, deno], new Set()), null, "the Deno part's one skipped trial is no failure of the run");
  assert.is(untested([deno, part(['bun-spawn', 'unsupported'])], new Set()), 'every trial was skipped');
  assert.is(untested([host, deno], new Set(['deno-command'])), 'deno-command had every trial skipped', 'a probe the user brought is held to it, whichever part it ran in');
});

finish(test);
