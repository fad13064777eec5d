// Whether a known divergence's sentence explains it, or only says again what the verdict
// says: `bless` writes a verdict's own sentence where no one has written why, and that is
// shown as "no explanation yet", never after "known:". Pure.

import type { Verdict } from '../model/report-types.ts';

/** The words shown where a known divergence has no explanation of its own. */
export const NO_EXPLANATION = 'no explanation yet';

/** The verdict's explanation, or null where it has none beyond the verdict's own words. */
export function explanationOf(v: Verdict): string | null {
  const k = v.knownDivergence;
  return k && k !== v.why ? k : null;
}
