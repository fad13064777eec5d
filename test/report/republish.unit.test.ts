// A republication that changes nothing adds nothing: publish keeps the published file,
// byte for byte, when the new report says the same (outcomes and facts, trial for trial),
// whatever its times, pids and durations; one fact moved, and it writes.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Report } from '../../runners/model/report-types.ts';
import { shippedRacy } from '../../runners/report/compare-observed.ts';
import { readReport } from '../../runners/report/report-file.ts';
import { saysTheSame } from '../../runners/report/republish.ts';
import { cli, tempDir } from '../support/helpers.ts';
import { publishedReports } from '../support/published.ts';
import { finish } from '../support/suite.ts';

const [{ file, report: base }] = publishedReports().filter((p) => p.file.startsWith('reference/') && p.file.includes('node-v20'));

/** The same run again, as another run would record it: another time, other durations. */
function rerun(r: Report): Report {
  return { ...r, createdAt: '2031-01-01T00:00:00.000Z', trials: r.trials.map((t) => (t.durations ? { ...t, durations: { ...t.durations, triggerToSettleMs: (t.durations.triggerToSettleMs ?? 0) + 1 } } : t)) };
}

/** The run with one fact of one trial moved: `runner.leftovers`, which no probe records as racy. */
function moved(r: Report): Report {
  const at = r.trials.findIndex((t) => typeof t.facts?.['runner.leftovers'] === 'number');
  const trials = r.trials.map((t, i) => (i === at ? { ...t, facts: { ...t.facts!, 'runner.leftovers': (t.facts!['runner.leftovers'] as number) + 1 } } : t));
  return { ...r, trials };
}

test('a rerun that saw the same says the same; one fact moved, or a trial fewer, does not', () => {
  const racy = shippedRacy();
  assert.ok(saysTheSame(base, rerun(base), racy));
  assert.not.ok(saysTheSame(base, moved(base), racy));
  assert.not.ok(saysTheSame(base, { ...base, trials: base.trials.slice(1) }, racy));
  assert.not.ok(saysTheSame(base, { ...base, semantics: base.semantics + 1 }, racy));
});

test('publish keeps the published bytes for a report that says the same, and writes one that does not', async () => {
  const dir = tempDir();
  const results = path.join(dir, 'results');
  const write = (name: string, r: Report) => {
    fs.writeFileSync(path.join(dir, name), JSON.stringify(r));
    return path.join(dir, name);
  };
  const first = await cli('publish', write('first.json', base), '--dir', results);
  assert.is(first.code, 0, first.stderr);
  const published = path.join(results, file);
  const bytes = fs.readFileSync(published, 'utf8');
  const again = await cli('publish', write('again.json', rerun(base)), '--dir', results);
  assert.is(again.code, 0, again.stderr);
  assert.match(again.stdout, /^kept .*: it says what the new run says \(\d+ trials, the same outcomes and facts\)$/m);
  assert.is(fs.readFileSync(published, 'utf8'), bytes, 'not a byte of the published report moved');
  const changed = await cli('publish', write('changed.json', moved(base)), '--dir', results);
  assert.match(changed.stdout, /^wrote /m);
  assert.is.not(fs.readFileSync(published, 'utf8'), bytes);
});

test('with --previous, a report that says the same takes the earlier publication\'s bytes', async () => {
  const dir = tempDir();
  const earlier = path.join(dir, 'earlier');
  const results = path.join(dir, 'results');
  fs.writeFileSync(path.join(dir, 'first.json'), JSON.stringify(base));
  assert.is((await cli('publish', path.join(dir, 'first.json'), '--dir', earlier)).code, 0);
  fs.writeFileSync(path.join(dir, 'again.json'), JSON.stringify(rerun(base)));
  const r = await cli('publish', path.join(dir, 'again.json'), '--dir', results, '--previous', earlier);
  assert.is(r.code, 0, r.stderr);
  assert.is(fs.readFileSync(path.join(results, file), 'utf8'), fs.readFileSync(path.join(earlier, file), 'utf8'));
  // The kept bytes name parts, which came along into the new publication's store.
  assert.equal(readReport(path.join(results, file)).trials, readReport(path.join(earlier, file)).trials);
  const bad = await cli('publish', path.join(dir, 'again.json'), '--dir', results, '--previous', path.join(dir, 'nowhere'));
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /--previous .*nowhere: expected the directory of an earlier publication/);
});

finish(test);
