// The server kind's share of the model: the facts a server's trial lists, the clauses it
// judges and the triggers that end its client (cases/INTERPRETING.md, Server cases).

/** The facts a server case's trial lists, in the order reports list them. */
export const SERVER_FACTS = ['server.answered', 'server.exited', 'server.end', 'server.descendantsAfterWindow', 'server.reparented'] as const;

/** The clauses a server case judges: a program's, not a caller's. */
export const SERVER_CLAUSES = ['answers-handshake', 'exits-with-client', 'leaves-no-descendants'] as const;

/** What shows each server clause (model/clause-definitions.ts): the one fact its words name. */
export const SERVER_CLAUSE_DEFINITION = {
  'answers-handshake': { facts: { 'server.answered': [{ within: [true] }] }, needs: ['server.answered'] },
  'exits-with-client': { facts: { 'server.exited': [{ within: [true] }] }, needs: ['server.exited'] },
  'leaves-no-descendants': { facts: { 'server.descendantsAfterWindow': [{ within: [0] }] }, needs: ['server.descendantsAfterWindow'] },
} as const;

/** What ends a server's client. */
export const SERVER_TRIGGERS = ['stdin-closed', 'parent-killed', 'signal', 'client-close'] as const;
