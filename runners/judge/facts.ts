// From what a trial saw to named facts: a pure function of its saved observations, so
// facts can be recomputed offline. Nothing here reads a clock; where the observations
// cannot tell, the fact is `unknown`. cases/INTERPRETING.md states each rule.

import type { CaseSpec, FactValue } from '../model/case.ts';
import type { Facts } from '../model/report-types.ts';
import { HELPER_ROLE, type Observations, type WorkerObservations } from '../model/observations.ts';
import { childPid, commandSpawns, compareT, watched } from './read-observations.ts';
import { isAbortError, timeoutFact } from './error-facts.ts';
import { cappedProcesses, eventsWithin } from './fixture-events.ts';

export { blindFacts, hiddenByShell } from './hidden-facts.ts';

type Value = FactValue | 'unknown';

function childMarker(spec: CaseSpec): string | null {
  for (const reaction of Object.values(spec.child.onSignal ?? {})) if (reaction?.marker) return reaction.marker;
  return null;
}

/** Whether the worker's calibrated way of looking saw what it was shown; observations made
 *  before calibration ran on Node, where every way sees. */
function sees(w: WorkerObservations, what: 'abortListeners' | 'timers'): boolean {
  return w.introspection?.[what].observed ?? true;
}

export function deriveFacts(spec: CaseSpec, o: Observations): Facts {
  const history = o.worker;
  const { afterWindow, callerExit } = watched(o);
  const capped = cappedProcesses(o);
  const t = history.settlement.t;
  // A cap before the settlement: by the events written by then, or, in a report made
  // before they were counted, by the clock.
  const atSettleEvents = eventsWithin(o, history.atSettle?.events);
  const cappedFirst = atSettleEvents
    ? o.fixtures.events.some((e) => e.kind === 'cap' && atSettleEvents.has(e))
    : t !== null && capped.first !== null && compareT(t, capped.first) >= 0;
  const settled = cappedFirst ? 'pending' : history.settlement.kind;
  const error = history.settlement.error;
  // What was sampled when a call returned after the cap shows the harness's doing.
  const atSettle = cappedFirst ? null : history.atSettle;
  const pid = childPid(o);
  const leftoverPids = new Set(o.runner.leftovers.map((l) => l.pid));
  // A child the target's process did not spawn itself: a shell or a launcher did.
  const behindShell = pid !== null && !history.spawns.some((s) => s.pid === pid);
  const watchedEvents = eventsWithin(o, o.runner.afterCaller ? o.runner.afterCaller.eventsAtWatchEnd : history.eventsAtWatchEnd);

  const errorFact = (pick: (e: NonNullable<typeof error>) => FactValue): Value => {
    if (settled === 'pending') return 'unknown';
    return error ? pick(error) : null;
  };

  const childAtSettle = (): Value => {
    if (!atSettle) return 'unknown';
    if (pid === null) return 'none';
    return atSettle.processes.find((p) => p.pid === pid)?.state ?? 'unknown';
  };

  // Whether the target's process had already seen the child's exit when the call settled.
  // Unlike a /proc snapshot this does not race the child's own death: a target that
  // settles without waiting for the exit cannot have seen it, however fast the child died.
  // Where a shell or a launcher spawned the child, the target cannot see the child's exit
  // itself: what it can see is its own direct child's, and the child must be gone too
  // (logged its exit before settlement, or gone in the settlement sample).
  const reapedAtSettle = (): Value => {
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
  };

  const markerAtSettle = (): Value => {
    const marker = childMarker(spec);
    if (marker === null) return null;
    if (!atSettle) return 'unknown';
    return atSettle.markers[marker] ?? 'unknown';
  };

  const childSignals = (): Value => {
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
  };

  const childEnd = (): Value => {
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
  };

  // Whether the exit the target's runtime reported is the one the child made: the exit
  // code it logged (the fixture logs every exit by code), or, where it logged none, an
  // end by a signal. Told by the runtime's own report to the worker, not the target's.
  const exitReported = (): Value => {
    const spawn = pid === null ? undefined : history.spawns.find((s) => s.pid === pid);
    // Only the fixture says what exit it made: a command that never became it (a shell
    // that could not run it) logged nothing to hold the runtime's report against.
    if (!spawn || !o.fixtures.records.some((r) => r.pid === pid) || childEnd() === 'harness-killed') return null;
    if (!spawn.exit) return 'unknown';
    const logged = o.fixtures.events.find((e) => e.pid === pid && e.kind === 'exit');
    if (logged) return spawn.exit.signal === null && spawn.exit.code === logged.code;
    return spawn.exit.signal !== null;
  };

  // Whether the caller closed the child's stdin (or never held it open) while the trial
  // was watched: the child logs the end of its input (fixture.mjs, behaviour.stdin), and
  // only a child that reads it can tell. Past the watch, the worker's own exit closes it.
  const stdinEnded = (): Value => {
    if (pid === null || (spec.child.stdin !== 'exit-on-eof' && spec.child.stdin !== 'mcp-handshake')) return null;
    const mine = o.fixtures.events.filter((e) => e.pid === pid);
    if (mine.length === 0 || !watchedEvents) return 'unknown';
    return mine.some((e) => e.kind === 'stdin-eof' && watchedEvents.has(e));
  };

  // The child's end of its IPC channel at settlement, as the child logged it: open once it
  // logged ipc-open, closed by its ipc-disconnect or its exit, or by the target's having
  // seen it exit; a child the settlement sample shows gone has no channel either.
  const ipcOpenAtSettle = (): Value => {
    if (pid === null || spec.child.ipc !== 'keep') return null;
    if (!atSettle || !atSettleEvents) return 'unknown';
    const before = (kind: string) => o.fixtures.events.some((e) => e.pid === pid && e.kind === kind && atSettleEvents.has(e));
    if (!before('ipc-open')) return false;
    if (before('ipc-disconnect') || before('exit') || atSettle.exitsSeen.includes(pid)) return false;
    return atSettle.processes.find((p) => p.pid === pid)?.state === 'running';
  };

  // The child's descendants: every process of the trial but the child and the target's
  // helpers. One the cap ended was running until the harness ended it, whenever the sample.
  const descendantsRunning = (samples: WorkerObservations['afterWindow'] | undefined): Value => {
    if (!samples) return 'unknown';
    return samples.filter((p) => p.pid !== pid && p.role !== HELPER_ROLE && (p.state === 'running' || capped.pids.has(p.pid))).length;
  };

  // Only a case whose caller exits on settlement asks; the runner sampled the moment it saw
  // the caller gone, so a process running then has outlived the code that started it.
  const outlivedCaller = (): { child: Value; descendants: Value } => {
    if (spec.caller !== 'exits-on-settle') return { child: null, descendants: null };
    if (!callerExit) return { child: 'unknown', descendants: 'unknown' };
    const running = callerExit.processes.filter((p) => p.state === 'running');
    return { child: running.some((p) => p.pid === pid), descendants: running.filter((p) => p.pid !== pid && p.role !== HELPER_ROLE).length };
  };
  const outlived = outlivedCaller();

  return {
    settled,
    'error.name': errorFact((e) => e.name),
    'error.code': errorFact((e) => e.code),
    'error.signal': errorFact((e) => e.signal),
    'error.exitCode': errorFact((e) => e.exitCode),
    'error.reasonAt': errorFact((e) => e.reasonAt),
    'error.isAbort': errorFact(isAbortError),
    'error.isTimeout': errorFact(timeoutFact),
    'spawn.attempts': commandSpawns(o).length,
    spawned: commandSpawns(o).some((s) => s.pid !== null) || o.fixtures.records.length > 0,
    'child.atSettle': childAtSettle(),
    'child.reapedAtSettle': reapedAtSettle(),
    'child.markerAtSettle': markerAtSettle(),
    'child.signals': childSignals(),
    'child.end': childEnd(),
    'descendants.runningAtSettle': descendantsRunning(atSettle?.processes),
    'descendants.runningAfterWindow': descendantsRunning(afterWindow),
    'helpers.spawns': history.spawns.length - commandSpawns(o).length,
    'child.outlivedCaller': outlived.child,
    'descendants.outlivedCaller': outlived.descendants,
    'parent.abortListenersAfterSettle': atSettle && sees(history, 'abortListeners') ? atSettle.abortListeners : 'unknown',
    'parent.timersAfterSettle': atSettle && sees(history, 'timers') ? atSettle.timers : 'unknown',
    'child.stdinEnded': stdinEnded(),
    'child.ipcOpenAtSettle': ipcOpenAtSettle(),
    'child.exitReported': exitReported(),
    // Every process the runner had to end once the worker was gone (INTERPRETING.md,
    // Running a trial, step 7), whoever started it: the command's, a helper's, a daemon's.
    'runner.leftovers': o.runner.leftovers.length,
  };
}

