// How a worker's trial ends: at the call's settlement (sampled at once, synchronously),
// after the window that follows it, at the harness's own deadline, or when an exception
// nobody catches ends the calling process. Each ends by writing what was seen (finish).

import { fileURLToPath } from 'node:url';
import type { Settlement } from '../model/observations.ts';
import { eventCounts, now } from '../protocol/trial-dir.mjs';
import { adapterLocation } from './adapter-frame.ts';
import { describeError, firstLine, stackOf } from './describe-rejection.ts';
import { sampleAtSettle, sampleProcesses } from './sample.ts';
import { childIsReady, childWasSignalled } from './trigger.ts';
import { watchFixtures } from './window-sights.ts';
import { adapterFailed, finish, pending, type WorkerTrial } from './worker-trial.ts';

/** The call settled: everything sampled before anything else runs, then the window watched. */
export function onSettled(w: WorkerTrial, kind: Exclude<Settlement['kind'], 'pending'>, error: unknown): void {
  if (!pending(w)) return;
  const { observed, caseSpec } = w;
  // Settled before any export of the target ran: whatever happened was the adapter's.
  if (!observed.entered) adapterFailed(w, 'call', kind === 'resolved' ? null : error, kind === 'resolved' ? 'run() settled without calling into the target' : undefined);
  const t = now();
  w.timers!.disable();
  const reason = w.signalUse ? w.signalUse.quietly(() => w.controller?.signal.reason) : w.controller?.signal.reason;
  observed.settlement = { kind, t, error: kind === 'resolved' ? null : describeError(error, reason, observed.trigger.fired, w.redact) };
  observed.atSettle = sampleAtSettle(w.dir, caseSpec.child, observed.spawns, w.signal, w.timers!.live());
  observed.rss.atSettle = process.memoryUsage().rss;
  // A caller that exits on settlement, or crashed, leaves the watching to the runner.
  if (caseSpec.caller === 'exits-on-settle' || kind === 'crashed') {
    observed.afterWindow = observed.atSettle.processes;
    finish(w);
  }
  watchAfterSettle(w);
}

/** After settlement: the one watch of the window (os/window.ts), on the worker's own timers. */
function watchAfterSettle(w: WorkerTrial): void {
  watchFixtures({
    dir: w.dir,
    spawns: w.observed.spawns,
    windowMs: w.caseSpec.windowMs,
    ends: w.observed.ends,
    reaping: true,
    schedule: (tick, ms) => w.timers!.harnessTimer(tick, ms),
    done: (afterWindow, watchEnd, eventsAtWatchEnd) => {
      Object.assign(w.observed, { afterWindow, watchEnd, eventsAtWatchEnd });
      finish(w);
    },
  });
}

/**
 * The harness's deadline: the target never settling is a fact (settled: pending), by each
 * call's own deadline (refreshed as each call starts); a fixture that started but never
 * became ready is a harness problem, and the trial an error.
 */
export function armDeadline(w: WorkerTrial): void {
  const { observed, caseSpec, spec, dir } = w;
  const trigger = caseSpec.trigger;
  w.deadline = w.timers!.harnessTimer(() => {
    const started = observed.spawns.some((s) => s.pid !== null);
    if (started && caseSpec.call.command === 'fixture' && !childIsReady(dir)) {
      observed.problems.push(`the fixture was spawned but never reported readiness within ${spec.deadlineMs} ms`);
    }
    // The event the abort waited for happened and the harness missed it: the call was never
    // asked to stop, so its never settling says nothing of the target.
    const after = trigger.after ?? 'ready';
    const missed = after === 'ready' ? childIsReady(dir) : after === 'signal' ? childWasSignalled(dir) : false;
    if (trigger.kind === 'abort' && !observed.trigger.fired && missed) {
      observed.problems.push(`the child's ${after === 'ready' ? 'readiness' : 'first signal'} was written but the worker never saw it, so the abort never fired`);
    }
    if (!observed.entered && observed.problems.length === 0) adapterFailed(w, 'call', null, `run() did not settle within ${spec.deadlineMs} ms and never called into the target`);
    observed.afterWindow = sampleProcesses(dir, observed.spawns);
    observed.watchEnd = now();
    observed.eventsAtWatchEnd = eventCounts(dir);
    finish(w);
  }, spec.deadlineMs);
}

/**
 * An exception nobody catches ends the calling process, as it would the target's user's.
 * What was seen until then is written, with the party whose code threw, before it ends:
 * before settlement and not the adapter's, it is how the call ended (`crashed`).
 */
export function reportCrashes(w: WorkerTrial): void {
  const { spec, observed } = w;
  process.on('uncaughtExceptionMonitor', (err) => {
    const inTarget = spec.target.kind === 'material' && (stackOf(err) ?? '').includes(fileURLToPath(spec.target.materialUrl));
    const where = adapterLocation(err, spec.adapterPath, spec.adapterSource, spec.adapterBase);
    if (pending(w) && !where && observed.entered) onSettled(w, 'crashed', err);
    const whose = inTarget ? ", thrown in the target's code" : where ? `, thrown in the adapter (at ${where})` : '';
    observed.problems.push(`an uncaught exception ended the calling process${whose}: ${firstLine(err, w.redact)}`);
    finish(w);
  });
}
