// Each kind of trial's words, by the kind a report records (model/kinds/kind.ts).

import type { TrialKind } from '../../model/kinds/kind.ts';
import { LIBRARY_WORDS } from './library-words.ts';
import { SERVER_WORDS } from './server-words.ts';
import type { KindWords } from './words.ts';

export const KIND_WORDS: Record<TrialKind, KindWords> = { library: LIBRARY_WORDS, server: SERVER_WORDS };
