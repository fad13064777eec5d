// What a server trial saw, as the report keeps it: the client's log and the runner's watch
// (model/observations.ts, ServerSight), and the program's last words where it ended early.

import type { LoadedCase, ServerSetup } from '../../model/case.ts';
import type { ServerSight } from '../../model/observations.ts';
import { readRegularFile } from '../../protocol/safe-read.mjs';
import type { ClientEvent } from './server-client.ts';

/** A program's last words: the line naming its error where there is one (a stack's
 *  first line, not its closing brace), else its last three lines. */
export function tail(file: string, hide: Array<[string, string]>): string {
  let text = readRegularFile(file, 1 << 20) ?? '';
  // No path of this machine goes into a report: the run's directory and Node are named.
  for (const [path, name] of hide) text = text.split(path).join(name);
  const lines = text.trim().split('\n').map((l) => l.trim()).filter(Boolean);
  return lines.find((l) => /^\w*Error\b/.test(l)) ?? lines.slice(-3).join(' | ');
}

/**
 * A server's client runs below no subreaper: a server that watches its parent (for init,
 * or for a pid that is gone) would see a reaper instead when its client goes, and the
 * trial would no longer be the one the case describes. Its cgroup and its mark find what
 * it leaves; what leaves both is not found, and the trial says so.
 */
export const SERVER_CONTAINMENT = { reaper: 'none', why: "a server trial's client runs below no subreaper, so that a server sees its parent go as it would without childproof" } as const;

/** The client's log and the runner's watch, as the report keeps them. */
export function serverSight(
  events: ClientEvent[],
  trigger: LoadedCase['spec']['trigger'],
  triggerT: string | null,
  tree: ServerSight['tree'],
  by: ServerSight['by'],
  watchEnd: string,
  handshake: ServerSetup['handshake'],
  stderr: string,
): ServerSight {
  const find = (kind: string) => events.find((e) => e.kind === kind);
  const startedE = find('started');
  const spawnError = find('spawn-error');
  const exit = find('exit');
  const sent = find('handshake-sent');
  const ready = find('ready');
  const problems: string[] = [];
  // Gone before its trigger: whatever followed says nothing about its leaving.
  if (exit && triggerT !== null && BigInt(exit.t) < BigInt(triggerT)) {
    problems.push(`the program ended before its trigger (${exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`})${stderr ? `: ${stderr}` : ''}`);
  }
  // SIGKILL cannot be caught, so no program sends it to itself to leave cleanly; no case's
  // trigger sends it (a signal trigger is one the program may answer); and the harness
  // kills what is left only once the client, which would see the exit, is gone
  // (server.ts, end). A program the client saw killed by it was ended by something outside
  // the trial (its own lifetime cap, the kernel), and how it ended says nothing of it.
  else if (exit && exit.signal === 'SIGKILL') {
    problems.push(`the program was killed by SIGKILL, which neither the case's trigger nor the harness sent: something outside the trial ended it (its own lifetime cap, the kernel), not its answer to the trigger${stderr ? `: ${stderr}` : ''}`);
  }
  return {
    started: { t: startedE?.t ?? spawnError?.t ?? watchEnd, pid: startedE?.pid ?? null, error: spawnError?.error ?? null },
    handshake: handshake !== 'none' && sent ? { sent: sent.t, answered: ready?.answered ? ready.t : null, kind: handshake } : null,
    trigger: { kind: trigger.kind as ServerSight['trigger']['kind'], t: triggerT, ...(trigger.signal ? { signal: trigger.signal } : {}) },
    exit: exit ? { t: exit.t, code: exit.code ?? null, signal: exit.signal ?? null } : null,
    by,
    tree,
    watchEnd,
    problems,
  };
}
