// What was true when the call settled, in a sentence or two, from the facts and the
// timeline: "The call rejected 37 ms after the trigger. The child was still running; it
// ended 204 ms later. Its cleanup marker was absent; it appeared 200 ms later." For a
// server case, what was true once its client went away. Pure.

import { isServerTrial, type TrialResult } from '../../model/report.ts';

const ms = (n: number) => `${Math.round(n)} ms`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What was true once a server's client went away, from its facts and the timeline. */
function serverWords(t: TrialResult): string {
  const f = t.facts!;
  const out: string[] = [];
  if (f['server.answered'] === false) out.push('The server never answered initialize.');
  const trigger = (t.timeline ?? []).find((e) => ['stdin-closed', 'parent-killed', 'signal-sent', 'client-close'].includes(e.kind));
  const gone = trigger && (t.timeline ?? []).find((e) => e.kind === 'seen-gone' && e.detail?.pid === t.timeline![0].detail?.pid);
  if (f['server.exited'] === true) out.push(`The server exited${gone ? ` ${ms(gone.ms - trigger.ms)} after its client went away` : ''}${typeof f['server.end'] === 'string' && f['server.end'] !== 'unknown' ? ` (${f['server.end']})` : ''}.`);
  else if (f['server.exited'] === false) out.push('The server was still running when the window closed, and was ended by the harness.');
  const left = f['server.descendantsAfterWindow'];
  if (typeof left === 'number' && left > 0) out.push(`${plural(left, 'process', 'processes')} it started ${left === 1 ? 'was' : 'were'} still running after the window${f['server.reparented'] === true ? ', reparented' : ''}, and ended by the harness.`);
  return out.join(' ');
}

/** What the words speak of: the call's settlement, or a server's client going away. */
export const wordsLabel = (t: TrialResult) => (isServerTrial(t) ? 'Once its client went away' : 'At settlement');

export function plainWords(t: TrialResult): string {
  const f = t.facts;
  if (!f) return '';
  if (isServerTrial(t)) return serverWords(t);
  const settledAt = (t.timeline ?? []).find((e) => ['rejected', 'resolved', 'threw'].includes(e.kind))?.ms ?? null;
  const out: string[] = [];
  const trigger = t.durations?.triggerToSettleMs;
  if (f.settled === 'pending') out.push('The call never settled within its deadline.');
  else out.push(`The call ${f.settled === 'threw' ? 'threw' : f.settled}${trigger != null ? ` ${ms(trigger)} after the trigger` : ''}.`);
  if (f.settled === 'pending') return out.join(' ');
  if (f.spawned === false) out.push('No process was started.');
  if (f['child.reapedAtSettle'] === false && f['child.atSettle'] === 'running') {
    const later = t.durations?.settleToChildEndMs;
    out.push(`The child was still running at that moment${later != null ? `; it ended ${ms(later)} later` : ', and outlived the window'}.`);
  } else if (f['child.reapedAtSettle'] === true) out.push('The child had exited, and the caller had seen it exit.');
  if (f['child.markerAtSettle'] === false) {
    const marker = (t.timeline ?? []).find((e) => e.kind === 'marker');
    out.push(`Its cleanup marker was absent${marker && settledAt !== null ? `; it appeared ${ms(marker.ms - settledAt)} later` : ''}.`);
  }
  const running = f['descendants.runningAtSettle'];
  const after = f['descendants.runningAfterWindow'];
  if (typeof running === 'number' && running > 0) out.push(`${plural(running, 'descendant')} still running${typeof after === 'number' && after > 0 ? `, ${after} still after the window, ended by the harness` : ''}.`);
  const listeners = f['parent.abortListenersAfterSettle'];
  const timers = f['parent.timersAfterSettle'];
  if (typeof listeners === 'number' && listeners > 0) out.push(`It left ${plural(listeners, 'abort listener')} on the caller's signal.`);
  if (typeof timers === 'number' && timers > 0) out.push(`It left ${plural(timers, 'timer')} pending.`);
  return out.join(' ');
}
