// The contract's clauses: each part of it a careful caller keeps (or, for a server, its
// client), in the order every report and page lists them, each in the words they show.

import { clauseKind, type TrialKind } from './kinds/kind.ts';
import { SERVER_CLAUSES } from './kinds/server-vocabulary.ts';

/** Every contract clause, in the order reports and findings list them (case schema $defs/clause). */
export const CLAUSES = [
  'settles',
  'settles-after-exit',
  'reason-preserved',
  'escalates',
  'signals-as-asked',
  'validates-before-spawn',
  'no-orphans',
  'leaves-nothing-running',
  'hygiene',
  ...SERVER_CLAUSES,
] as const;

/** The clauses a kind of trial judges, in the order of CLAUSES. */
export const clausesOf = (kind: TrialKind): Clause[] => CLAUSES.filter((c) => clauseKind(c) === kind);

export type Clause = (typeof CLAUSES)[number];

/** Each clause in one line, as a reader meets it (cases/INTERPRETING.md, Clauses). */
export const CLAUSE_MEANING: Record<Clause, string> = {
  settles: 'the call settles (resolves, rejects or throws) within the case\'s deadline: a call that never settles breaks it',
  'settles-after-exit': 'the call settles only after the child has exited, its cleanup done, and the caller has seen it go',
  'reason-preserved': 'the call settles as what happened: an abort rejects as an abort that carries the caller\'s reason, a timeout as a timeout, a failed start with its cause, and a child that finishes untouched resolves',
  escalates: 'a child that ignores the first signal is still ended, by a stronger one, before the call settles',
  'signals-as-asked': 'the call signals its child only as the caller asked: with the kill signal the caller named, and not at all for a timeout of 0, which sets none',
  'validates-before-spawn': 'an invalid timeout, signal or option is refused before any process starts',
  'no-orphans': 'nothing the child started is left running once the call has settled',
  'leaves-nothing-running': 'nothing of the call is left running once the trial stops watching: the harness has no process of it to end',
  hygiene: 'no abort listener or timer of the call is left behind after it settles',
  'answers-handshake': 'a server answers its protocol\'s handshake (MCP initialize) once started',
  'exits-with-client': 'a server exits once its client goes away: its stdin closed, its client killed, or a signal sent',
  'leaves-no-descendants': 'nothing a server started is left running once its client has gone',
};
