// A server case's facts, from what its client and the runner saw (model/observations.ts,
// ServerSight). Each fact is read from a process's presence in /proc or the client's own
// account of its child's exit, never from how long anything took. Pure.

import type { CaseSpec } from '../../model/case.ts';
import type { ServerSight } from '../../model/observations.ts';
import type { Facts } from '../../model/report-types.ts';

/** The started process as the watch saw it; undefined when it was never seen. */
const startedProcess = (s: ServerSight) => s.tree.find((p) => p.pid === s.started.pid);

export function deriveServerFacts(spec: CaseSpec, s: ServerSight): Facts {
  const started = startedProcess(s);
  const left = s.tree.filter((p) => p.gone === null);
  // The exit status goes to the parent alone: a killed client takes it with it.
  const end = s.exit ? (s.exit.signal ? `killed by ${s.exit.signal}` : `exited ${s.exit.code}`) : started?.gone ? 'unknown' : null;
  return {
    'server.answered': spec.server?.handshake === 'none' ? null : s.handshake?.answered != null,
    'server.exited': started ? started.gone !== null : 'unknown',
    'server.end': end,
    // Without a cgroup or a mark (off Linux), only the started process can be told apart.
    'server.descendantsAfterWindow': s.by === 'pid' ? 'unknown' : left.filter((p) => p.pid !== s.started.pid).length,
    'server.reparented': left.length === 0 ? null : left.some((p) => p.ppidAtEnd !== null && p.ppidAtEnd !== p.ppid),
  };
}

/** Why the trial says nothing of the server: it never ran, or was gone before its trigger. */
export function serverUnmet(s: ServerSight): string | null {
  if (s.started.pid === null) return `the program could not be started: ${s.started.error ?? 'no pid'}`;
  if (s.problems.length) return s.problems.join('; ');
  return null;
}
