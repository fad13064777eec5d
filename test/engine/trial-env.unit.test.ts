// The environment a trial's processes start with: the runner's, marked, without what only
// slows each Node start.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { trialEnv } from '../../runners/engine/trial-env.ts';
import { MARK_VARIABLE } from '../../runners/os/marks.ts';
import { finish } from '../support/suite.ts';

test("a trial's processes start with the runner's environment and the trial's mark, without the CA bundle Node would parse at each start", () => {
  const saved = { ca: process.env.NODE_EXTRA_CA_CERTS, other: process.env.CHILDPROOF_TEST_KEPT };
  process.env.NODE_EXTRA_CA_CERTS = '/etc/ssl/certs/ca-certificates.crt';
  process.env.CHILDPROOF_TEST_KEPT = 'kept';
  try {
    const env = trialEnv('run/t1-r0-a1');
    assert.is(env[MARK_VARIABLE], 'run/t1-r0-a1');
    assert.is(env.CHILDPROOF_TEST_KEPT, 'kept');
    assert.is(env.PATH, process.env.PATH);
    assert.not.ok('NODE_EXTRA_CA_CERTS' in env);
    assert.is(process.env.NODE_EXTRA_CA_CERTS, '/etc/ssl/certs/ca-certificates.crt', "the runner's own is left as it was");
  } finally {
    for (const [name, value] of [['NODE_EXTRA_CA_CERTS', saved.ca], ['CHILDPROOF_TEST_KEPT', saved.other]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
});

finish(test);
