// compare tells a fact that does not apply (null) from one that could not be observed.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TrialResult } from '../../runners/model/report-types.ts';
import { trialDifferences } from '../../runners/report/compare-observed.ts';
import { finish } from '../support/suite.ts';

const trial = (code: unknown): TrialResult => ({ probe: 'p', case: 'c', kind: 'library', outcome: 'pass', facts: { 'error.code': code } as TrialResult['facts'] });

test('a null fact and an unknown one are a difference, shown as they are', () => {
  assert.equal(trialDifferences(trial(null), trial('unknown')), [{ fact: 'error.code', a: null, b: 'unknown' }]);
  assert.equal(trialDifferences(trial(-32001), trial(null)), [{ fact: 'error.code', a: -32001, b: null }]);
  assert.equal(trialDifferences(trial(null), trial(null)), []);
});

finish(test);
