// How make test deals its files to processes side by side, and adds up what they said
// (test/support/deal.ts): the dealing balanced, every file dealt once, and a process that
// never printed its summary counted as a failure, never as nothing.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addUp, deal, patternFor, summaryOf, summaryText, tierFiles } from '../support/deal.ts';

test('the inner tier leaves out the full files, and the full tier has every test file', () => {
  const all = ['a.test.ts', 'b.full.test.ts', 'support/helpers.ts', 'trials/c.test.ts', 'weights.json'];
  assert.equal(tierFiles(all, false), ['a.test.ts', 'trials/c.test.ts']);
  assert.equal(tierFiles(all, true), ['a.test.ts', 'b.full.test.ts', 'trials/c.test.ts']);
});

test('files are dealt once each, heaviest first to the lightest hand, so the hands weigh about the same', () => {
  const weights = { a: 10, b: 9, c: 4, d: 3, e: 2, f: 1 };
  const hands = deal(Object.keys(weights), weights, 2);
  assert.equal(hands.flat().sort(), ['a', 'b', 'c', 'd', 'e', 'f']);
  const sums = hands.map((h) => h.reduce((s, f) => s + weights[f as keyof typeof weights], 0));
  assert.equal(sums.sort(), [14, 15]);
});

test('a file with no weight recorded weighs the median, and there are never more hands than files', () => {
  assert.equal(deal(['new', 'old'], { old: 5, other: 1, third: 9 }, 2), [['new'], ['old']]);
  assert.equal(deal(['one'], {}, 4), [['one']]);
});

test("a hand's pattern matches its files and nothing else", () => {
  const re = new RegExp(patternFor(['a.test.ts', 'trials/b.test.ts']));
  assert.ok(re.test('a.test.ts') && re.test('trials/b.test.ts'));
  assert.not.ok(re.test('xa.test.ts') || re.test('a.test.tsx') || re.test('aXtest.ts') || re.test('trials/b.full.test.ts'));
});

test("uvu's summary is read through its colours, and a process without one counts as one failure", () => {
  const out = 'x.test.ts\n• •\n\n  Total:     \x1b[32m2\x1b[39m\n  Passed:    2\n  Skipped:   0\n  Duration:  5ms\n';
  assert.equal(summaryOf(out), { total: 2, passed: 2, skipped: 0 });
  assert.is(summaryOf('Error: Cannot find module\n    at x\n'), null);
  const sum = addUp([{ total: 5, passed: 4, skipped: 1 }, null, { total: 3, passed: 3, skipped: 0 }]);
  assert.equal(sum, { total: 9, passed: 7, skipped: 1 });
  assert.equal(summaryOf(summaryText(sum, 12)), sum, 'the added-up summary reads as uvu would have written it');
});

test.run();
