// Runs one planned trial as its kind runs it (engine/kinds/): a library's in a fresh worker
// process, a server's beside the client that starts its program; either way in a
// directory of its own, its observations judged as `childproof judge` judges them offline.

import type { TrialResult } from '../model/report-types.ts';
import { KINDS } from './kinds/kinds.ts';
import { trialBase, type PlannedTrial } from './planned-trial.ts';
import type { StartAlone } from './scheduler.ts';
import type { TrialContext } from './trial-context.ts';

/** `started` is called once the trial's starting is over (see scheduler.ts). A trial whose
 *  precondition failed (judge/precondition.ts) runs again, as often as its kind allows,
 *  each time starting alone: it met a machine busier than the case allows, and its own
 *  pool's other starts are the part of that the run can hold off. */
export async function runTrial(t: PlannedTrial, ctx: TrialContext, started: () => void = () => {}, repeat = 0, startAlone: StartAlone = async () => {}): Promise<TrialResult> {
  const base = trialBase(t);
  if (t.unsupported) return { ...base, outcome: 'unsupported', reason: t.unsupported };
  if (t.unavailable) return { ...base, outcome: 'unavailable', reason: t.unavailable };
  const kind = KINDS[t.case.kind];
  for (let attempt = 1; ; attempt++) {
    const { trial, unmet } = await kind.attempt(t, ctx, `t${t.index}-r${repeat}-a${attempt}`, started, attempt);
    const result = attempt > 1 ? { ...trial, attempts: attempt } : trial;
    if (!unmet || attempt === kind.attempts || ctx.stopped) return result;
    await startAlone();
    // A stop while it waited ended every live trial; one started after it would not be.
    if (ctx.stopped) return result;
  }
}
