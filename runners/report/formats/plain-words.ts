// What was true when the call settled, in a sentence or two, from the facts and the
// timeline: "The call rejected 37 ms after the trigger. The child was still running; it
// ended 204 ms later. Its cleanup marker was absent; it appeared 200 ms later." For a
// server case, what was true once its client went away. Each kind's words are its own
// (report/kinds/). Pure.

import type { TrialResult } from '../../model/report-types.ts';
import { KIND_WORDS } from '../kinds/kind-words.ts';

/** What the words speak of: the call's settlement, or a server's client going away. */
export const wordsLabel = (t: TrialResult) => KIND_WORDS[t.kind].label;

export const plainWords = (t: TrialResult): string => (t.facts ? KIND_WORDS[t.kind].words(t) : '');
