// Every kind of trial the engine runs, by the name a case and a report give it.

import type { TrialKind } from '../../model/kinds/kind.ts';
import type { TrialKindModule } from './trial-kind.ts';
import { LIBRARY } from './library-trial.ts';
import { SERVER } from './server-trial.ts';

export const KINDS: Record<TrialKind, TrialKindModule> = { library: LIBRARY, server: SERVER };
