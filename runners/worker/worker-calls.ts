// The worker's calls into the target: the adapter and the target loaded (a failure of
// either is the adapter's, never a fact of the target), then each call started through
// the adapter, the earlier ones awaited in turn, the last one's settlement observed.

import { now } from '../protocol/trial-dir.mjs';
import { buildCall } from './call.ts';
import { describeError } from './describe-rejection.ts';
import { lacking, missingExports, watchEntry } from './entry-watch.ts';
import { loadAdapter, loadTarget } from './load-target.ts';
import { trackTimers } from './timers.ts';
import { abortWhen } from './trigger.ts';
import { onSettled } from './worker-settle.ts';
import { abort, adapterFailed, pending, type WorkerTrial } from './worker-trial.ts';

interface Callable {
  adapter: Awaited<ReturnType<typeof loadAdapter>>;
  target: unknown;
}

/** The adapter, then the target with each export watched for the call entering it; the
 *  target's timers are counted from then on. */
export async function loadCallable(w: WorkerTrial): Promise<Callable> {
  let adapter: Callable['adapter'];
  try {
    adapter = await loadAdapter(w.spec.adapterPath);
    w.adapterLoaded = true;
  } catch (err) {
    adapterFailed(w, 'load-adapter', err);
  }
  let target: unknown;
  try {
    const loaded = await loadTarget(w.spec.target);
    const missing = missingExports(adapter.uses, loaded);
    if (missing.length) adapterFailed(w, 'uses', null, lacking(missing, Object.keys(loaded as object)));
    target = watchEntry(loaded, w.spec.target.kind === 'material' && typeof w.spec.target.entryUrls !== 'string', (name) => {
      w.observed.entered ??= { export: name, t: now() };
    });
  } catch (err) {
    adapterFailed(w, 'load-target', err);
  }
  w.timers = trackTimers(() => pending(w));
  return { adapter, target };
}

/** Starts one call through the adapter: its promise, or what it threw. An adapter that
 *  returns no promise failed, and the trial ends here. */
function startCall(w: WorkerTrial, c: Callable, nth: number): Promise<unknown> | { threw: unknown } {
  let promise: unknown;
  // A timeout's trigger is the call that hands it over: the target's own timer starts there.
  if (w.caseSpec.trigger.kind === 'timeout' && nth === (w.caseSpec.call.calls ?? 1)) w.observed.trigger.t = now();
  w.deadline?.refresh();
  try {
    promise = c.adapter.run(buildCall(w.spec, w.signal, nth), c.target);
  } catch (err) {
    return { threw: err };
  }
  if (typeof (promise as { then?: unknown } | null)?.then !== 'function') adapterFailed(w, 'call', null, `run() returned ${promise === null ? 'null' : typeof promise}, not a promise`);
  return promise as Promise<unknown>;
}

/** The calls before the last, one after another on the same signal: each must settle
 *  before the next starts, as a daemon's calls on its shutdown signal do. */
async function earlierCalls(w: WorkerTrial, c: Callable, calls: number): Promise<void> {
  w.observed.earlierCalls = [];
  for (let nth = 1; nth < calls; nth++) {
    const started = startCall(w, c, nth);
    let kind: 'resolved' | 'rejected' | 'threw' = 'resolved';
    let error: unknown = null;
    if ('threw' in started) [kind, error] = ['threw', started.threw];
    else await started.then(() => undefined, (err) => ([kind, error] = ['rejected', err]));
    if (!w.observed.entered) adapterFailed(w, 'call', kind === 'resolved' ? null : error, kind === 'resolved' ? 'run() settled without calling into the target' : undefined);
    w.observed.earlierCalls.push({ kind, t: now(), error: kind === 'resolved' ? null : describeError(error, undefined, false, w.redact) });
  }
}

/** Every call of the case, the last one watched to its settlement and aborted as the case's trigger says. */
export async function makeCalls(w: WorkerTrial, c: Callable): Promise<void> {
  const { trigger } = w.caseSpec;
  const calls = w.caseSpec.call.calls ?? 1;
  const timers = w.timers!;
  w.observed.rss.atCall = process.memoryUsage().rss;
  timers.enable();
  if (calls > 1) await earlierCalls(w, c, calls);
  const started = startCall(w, c, calls);
  if ('threw' in started) return onSettled(w, 'threw', started.threw);
  started.then(
    () => onSettled(w, 'resolved', null),
    (err) => onSettled(w, 'rejected', err),
  );
  const after = trigger.after ?? 'ready';
  if (trigger.kind === 'abort' && after !== 'exit') {
    timers.disable();
    abortWhen(after, w.dir, () => !pending(w), () => abort(w));
    if (pending(w)) timers.enable();
  }
}
