// What bless says it changed: each signature added, removed or changed, and how many kept.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { blessChangeLines, blessChanges, changeCounts } from '../../runners/report/bless-changes.ts';
import type { KnownDivergence } from '../../runners/model/probe.ts';
import { finish } from '../support/suite.ts';

const k = (over: Partial<KnownDivergence>): KnownDivergence => ({ case: 'core/a', fact: 'child.end', value: 'killed', why: 'w', ...over }) as KnownDivergence;

test('a signature is added, removed, changed or kept, one line each and a count of each', () => {
  const before = [k({}), k({ case: 'core/b' }), k({ case: 'core/c', value: false, fact: 'child.reapedAtSettle' }), k({ case: 'core/d', runtime: 'bun@1.4.5' })];
  const after = [k({}), k({ case: 'core/c', value: true, fact: 'child.reapedAtSettle', racy: true }), k({ case: 'core/d', runtime: 'bun@1.4.5' }), k({ case: 'core/e', fact: 'settled', value: 'pending', runtime: 'deno' })];
  const c = blessChanges(before, after);
  assert.is(changeCounts(c), '1 added, 1 removed, 1 changed, 2 kept');
  assert.equal(blessChangeLines(c), [
    '  added: core/e settled = "pending" on deno',
    '  removed: core/b child.end = "killed"',
    '  changed: core/c child.reapedAtSettle: value false -> true, now racy',
  ]);
  // The same signature on another runtime is another signature.
  assert.is(blessChanges([k({ runtime: 'bun' })], [k({})]).added.length, 1);
});

finish(test);
