// Whether a trial observed the target at all. Pure.

import type { CaseSpec } from '../model/case.ts';
import type { Observations } from '../model/observations.ts';
import { childPid, compareT } from './read-observations.ts';

/**
 * A trial means something only if the child was ready before the target acted on it. The
 * harness waits for readiness before an abort, but a timeout runs on the target's own
 * clock: on a loaded machine it can fire before the fixture has even started. Such a
 * trial observed the machine, not the target.
 */
export function unmetPrecondition(spec: CaseSpec, o: Observations): string | null {
  const onTimeout = spec.trigger.kind === 'timeout' || (spec.trigger.kind === 'abort' && spec.trigger.after === 'signal');
  if (spec.call.command !== 'fixture' || !onTimeout || spec.call.timeoutMs === undefined) return null;
  const pid = childPid(o);
  const first = (kind: string) =>
    o.fixtures.events.filter((e) => e.pid === pid && e.kind === kind).sort((a, b) => compareT(a.t, b.t))[0];
  const ready = first('ready');
  const signal = first('signal');
  const killedEarly = o.worker.spawns.find((s) => s.pid === pid)?.exit?.signal;
  if (ready && (!signal || compareT(ready.t, signal.t) < 0)) return null;
  if (!ready && !signal && !killedEarly) return null;
  return `the ${spec.call.timeoutMs} ms timeout fired before the child was ready (the machine is busier than the case allows)`;
}
