// The child's facts: its state and what the target had seen of it when the call settled,
// the signals it got and how it ended, what it made of its input and its IPC channel.
// Each read from the child's own log, the runtime's report to the worker, or a sample of
// /proc, never from how long anything took (cases/INTERPRETING.md, Facts). Pure.

import type { CaseSpec } from '../model/case.ts';
import { commandSpawns, compareT } from './read-observations.ts';
import type { Seen, Value } from './trial-seen.ts';

function childMarker(spec: CaseSpec): string | null {
  for (const reaction of Object.values(spec.child.onSignal ?? {})) if (reaction?.marker) return reaction.marker;
  return null;
}

export function childAtSettle({ atSettle, pid }: Seen): Value {
  if (!atSettle) return 'unknown';
  if (pid === null) return 'none';
  return atSettle.processes.find((p) => p.pid === pid)?.state ?? 'unknown';
}

/**
 * Whether the target's process had already seen the child's exit when the call settled.
 * Unlike a /proc snapshot this does not race the child's own death: a target that
 * settles without waiting for the exit cannot have seen it, however fast the child died.
 * Where a shell or a launcher spawned the child, the target cannot see the child's exit
 * itself: what it can see is its own direct child's, and the child must be gone too
 * (logged its exit before settlement, or gone in the settlement sample).
 */
export function reapedAtSettle({ o, pid, behindShell, atSettle, atSettleEvents }: Seen): Value {
  if (pid === null) return null;
  const direct = commandSpawns(o).filter((s) => s.pid !== null);
  if (behindShell && direct.length === 0) return null;
  if (!atSettle) return 'unknown';
  if (!behindShell) return atSettle.exitsSeen.includes(pid);
  const gone =
    atSettle.processes.find((p) => p.pid === pid)?.state === 'exited' ||
    (atSettleEvents !== null && o.fixtures.events.some((e) => e.pid === pid && e.kind === 'exit' && atSettleEvents.has(e)));
  // The last call's: an earlier call of `call.calls` settled before this one started.
  return atSettle.exitsSeen.includes(direct[direct.length - 1].pid!) && gone;
}

export function markerAtSettle({ spec, atSettle }: Seen): Value {
  const marker = childMarker(spec);
  if (marker === null) return null;
  if (!atSettle) return 'unknown';
  return atSettle.markers[marker] ?? 'unknown';
}

export function childSignals({ spec, o, pid, history, capped, leftoverPids, behindShell, afterWindow }: Seen): Value {
  if (pid === null) return [];
  const caught = o.fixtures.events
    .filter((e) => e.pid === pid && e.kind === 'signal')
    .sort((a, b) => compareT(a.t, b.t))
    .map((e) => String(e.signal));
  // A signal the fixture cannot catch (SIGKILL) shows only in the exit status; the
  // cap's own SIGKILL is the harness's, not the target's.
  const exit = history.spawns.find((s) => s.pid === pid)?.exit;
  if (exit?.signal && !caught.includes(exit.signal) && !capped.pids.has(pid)) caught.push(exit.signal);
  // Behind a shell the child's exit status went to the shell: a child that ended
  // without logging its exit, by the target's doing, ended by a signal no one saw.
  const harnesses = leftoverPids.has(pid) || capped.pids.has(pid);
  const loggedExit = o.fixtures.events.some((e) => e.pid === pid && e.kind === 'exit');
  // A signal it logged and then died of (its reaction exits by the signal itself) is its
  // end, already listed; only an end it could not log (SIGKILL) went unseen.
  const fatal = (signal: string) => {
    const reaction = spec.child.onSignal?.[signal as keyof NonNullable<CaseSpec['child']['onSignal']>] ?? { action: 'exit' };
    return reaction.action === 'exit' && reaction.exitCode === undefined;
  };
  const unseenEnd = !loggedExit && !caught.some(fatal) && afterWindow.find((p) => p.pid === pid)?.state === 'exited';
  if (behindShell && !harnesses && unseenEnd) return 'unknown';
  return caught;
}

export function childEnd({ o, pid, history, capped, leftoverPids, watchedEvents, afterWindow }: Seen): Value {
  if (pid === null) return 'none';
  if (leftoverPids.has(pid) || capped.pids.has(pid)) return 'harness-killed';
  // An exit logged after the watch ended was the harness's doing: the worker's own end
  // closed the child's pipes (a child that stops at the end of its stdin), racing the
  // runner's sweep for leftovers, which would otherwise have killed it.
  const exited = o.fixtures.events.find((e) => e.pid === pid && e.kind === 'exit');
  if (exited && watchedEvents && !watchedEvents.has(exited)) return 'harness-killed';
  if (exited) return 'exit';
  const exit = history.spawns.find((s) => s.pid === pid)?.exit;
  if (exit) return exit.signal ? 'killed' : 'exit';
  const last = afterWindow.find((p) => p.pid === pid);
  // A fixture that logged anything had its handlers in place, and logs every exit it
  // makes: gone without that, a signal it could not catch ended it. A child that logged
  // nothing is not known to be the fixture (a shell that never ran it, say): its end
  // was not observed.
  const logged = o.fixtures.events.some((e) => e.pid === pid);
  return last?.state === 'exited' && logged ? 'killed' : 'unknown';
}

/**
 * Whether the exit the target's runtime reported is the one the child made: the exit
 * code it logged (the fixture logs every exit by code), or, where it logged none, an end
 * by a signal. Told by the runtime's own report to the worker, not the target's.
 */
export function exitReported(s: Seen): Value {
  const { o, pid, history } = s;
  const spawn = pid === null ? undefined : history.spawns.find((x) => x.pid === pid);
  // Only the fixture says what exit it made: a command that never became it (a shell
  // that could not run it) logged nothing to hold the runtime's report against.
  if (!spawn || !o.fixtures.records.some((r) => r.pid === pid) || childEnd(s) === 'harness-killed') return null;
  if (!spawn.exit) return 'unknown';
  const logged = o.fixtures.events.find((e) => e.pid === pid && e.kind === 'exit');
  if (logged) return spawn.exit.signal === null && spawn.exit.code === logged.code;
  return spawn.exit.signal !== null;
}

/**
 * Whether the caller closed the child's stdin (or never held it open) while the trial was
 * watched: the child logs the end of its input (fixture.mjs, behaviour.stdin), and only a
 * child that reads it can tell. Past the watch, the worker's own exit closes it.
 */
export function stdinEnded({ spec, o, pid, watchedEvents }: Seen): Value {
  if (pid === null || (spec.child.stdin !== 'exit-on-eof' && spec.child.stdin !== 'mcp-handshake')) return null;
  const mine = o.fixtures.events.filter((e) => e.pid === pid);
  if (mine.length === 0 || !watchedEvents) return 'unknown';
  return mine.some((e) => e.kind === 'stdin-eof' && watchedEvents.has(e));
}

/**
 * The child's end of its IPC channel at settlement, as the child logged it: open once it
 * logged ipc-open, closed by its ipc-disconnect or its exit, or by the target's having
 * seen it exit; a child the settlement sample shows gone has no channel either.
 */
export function ipcOpenAtSettle({ spec, o, pid, atSettle, atSettleEvents }: Seen): Value {
  if (pid === null || spec.child.ipc !== 'keep') return null;
  if (!atSettle || !atSettleEvents) return 'unknown';
  const before = (kind: string) => o.fixtures.events.some((e) => e.pid === pid && e.kind === kind && atSettleEvents.has(e));
  if (!before('ipc-open')) return false;
  if (before('ipc-disconnect') || before('exit') || atSettle.exitsSeen.includes(pid)) return false;
  return atSettle.processes.find((p) => p.pid === pid)?.state === 'running';
}
