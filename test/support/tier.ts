// Two tiers: `make test`, the inner loop, runs every file but the *.full.test.ts ones and
// the fuzzers at a smaller size; `make test-all` (what CI runs) runs everything, the
// fuzzers at full size. The README says which tier covers what.

export const FULL_TIER = process.env.CHILDPROOF_TEST_TIER === 'all';

/** `full` in the full tier, `fast` in the inner loop. */
export const bySize = (fast: number, full: number): number => (FULL_TIER ? full : fast);
