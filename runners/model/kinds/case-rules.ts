// What the schema cannot say of a case's kind: a server case, and only a server case, has
// a `server` block, starts the probe's own program, is ended by a server's trigger and
// judges a server's clauses by a server's facts; it has no fixture, call options, required
// features or caller (cases/INTERPRETING.md, Server cases).

import type { CaseSpec } from '../case.ts';
import { InputError } from '../errors.ts';
import { caseKind, clauseKind, factKind, triggerKind } from './kind.ts';
import { SERVER_CLAUSES, SERVER_TRIGGERS } from './server-vocabulary.ts';

export function checkKind(spec: CaseSpec, file: string): void {
  const server = caseKind(spec) === 'server';
  if ((spec.server !== undefined) !== server) {
    throw server
      ? InputError.at(file, '/server', 'expected a server block: a case of kind "server" says how its program is started')
      : InputError.at(file, '/kind', 'expected "server": only a server case has a server block');
  }
  if (server !== (spec.call.command === 'target')) {
    throw InputError.at(file, '/call/command', server ? 'expected "target": a server case starts the probe\'s own program' : 'expected "fixture", "missing" or "not-executable": "target" is for a server case');
  }
  if (server !== (triggerKind(spec.trigger.kind) === 'server')) {
    throw InputError.at(file, '/trigger/kind', server ? `expected ${SERVER_TRIGGERS.join(', ')} for a server case` : `expected none, abort, pre-aborted or timeout; ${spec.trigger.kind} is a server case's trigger`);
  }
  if ((spec.trigger.kind === 'signal') !== (spec.trigger.signal !== undefined)) {
    throw InputError.at(file, '/trigger/signal', spec.trigger.kind === 'signal' ? 'expected the signal the client sends' : 'expected no signal: only a signal trigger sends one');
  }
  spec.assertions.forEach((a, i) => {
    if ((clauseKind(a.clause) === 'server') !== server) throw InputError.at(file, `/assertions/${i}/clause`, server ? `expected a server's clause (${SERVER_CLAUSES.join(', ')})` : `expected a caller's clause; ${a.clause} is a server's`);
    if ((factKind(a.fact) === 'server') !== server) throw InputError.at(file, `/assertions/${i}/fact`, server ? 'expected a server.* fact' : `expected a caller's fact; ${a.fact} is a server's`);
  });
  if (!server) return;
  if (Object.keys(spec.child).length) throw InputError.at(file, '/child', 'expected {}: a server case\'s child is the probe\'s program, not a fixture');
  const extra = Object.keys(spec.call).filter((k) => k !== 'command');
  if (extra.length) throw InputError.at(file, `/call/${extra[0]}`, 'expected no call options in a server case');
  if (spec.requires.length) throw InputError.at(file, '/requires', 'expected []: a server case needs a probe with a command, nothing else');
  if (spec.caller) throw InputError.at(file, '/caller', 'expected no caller in a server case: the harness is the client');
  if (spec.trigger.kind === 'client-close' && spec.server!.handshake !== 'mcp') {
    throw InputError.at(file, '/server/handshake', 'expected "mcp": the MCP SDK\'s client makes the MCP handshake itself');
  }
}
