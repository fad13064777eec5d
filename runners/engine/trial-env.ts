// The environment a trial's own processes start with (its worker, and through it the
// target and the fixtures; a server trial's client, and through it the server): the
// runner's, with the trial's mark (os/marks.ts), less what only slows each of their starts.

import { MARK_VARIABLE } from '../os/marks.ts';

/**
 * NODE_EXTRA_CA_CERTS makes every Node process read and parse the certificates it names
 * as it starts, whether it opens a TLS connection or not: with a system bundle that is
 * most of a bare start's CPU. A trial's facts rest on no TLS connection, and the starts of
 * its fixture and grandchildren race the target's own timeout (judge/precondition.ts).
 * bench/ratios.ts measures a bare start in this environment too.
 */
const START_COSTS = ['NODE_EXTRA_CA_CERTS'];

/** `env` less what only slows a Node start that opens no TLS connection: for any process
 *  that reaches no registry (the test suite's fixtures and non-installing commands too). */
export function withoutStartCosts(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const rest = { ...env };
  for (const name of START_COSTS) delete rest[name];
  return rest;
}

export function trialEnv(mark: string): NodeJS.ProcessEnv {
  return withoutStartCosts({ ...process.env, [MARK_VARIABLE]: mark });
}
