// A library's trial in words: what was true when its call settled. Pure.

import type { TrialResult } from '../../model/report-types.ts';
import { ms, plural, type KindWords } from './words.ts';

/** Who ended a process of `role` that outlived the window: the harness, where it was a
 *  leftover; else it ended on its own only after the watch, when the worker's end closed its pipes. */
function endedBy(t: TrialResult, role: string): string {
  return (t.leftovers ?? []).some((l) => l.role === role) ? 'the harness ended it' : "it ended only after the watch, once the worker's own end closed its pipes";
}

/** What was true when a library's call settled, from its facts and the timeline. */
function libraryWords(t: TrialResult): string {
  const f = t.facts!;
  const settledAt = (t.timeline ?? []).find((e) => ['rejected', 'resolved', 'threw'].includes(e.kind))?.ms ?? null;
  const out: string[] = [];
  const trigger = t.durations?.triggerToSettleMs;
  if (f.settled === 'pending') out.push('The call never settled within its deadline.');
  else if (f.settled === 'crashed') out.push(`The call never settled: an exception nobody could catch ended the calling process${t.evidence?.['error.message'] ? ` (${t.facts!['error.name'] ?? 'error'}: ${t.evidence['error.message']})` : ''}.`);
  else out.push(`The call ${f.settled === 'threw' ? 'threw' : f.settled}${trigger != null ? ` ${ms(trigger)} after the trigger` : ''}.`);
  if (f.settled === 'pending' || f.settled === 'crashed') return out.join(' ');
  if (f.spawned === false) out.push('No process was started.');
  if (f['child.reapedAtSettle'] === false && f['child.atSettle'] === 'running') {
    // How it ended is child.end's to say: a child the harness ended outlived the window,
    // whatever time its exit was recorded at then (the harness's kill, not the target's).
    const later = t.durations?.settleToChildEndMs;
    const input = f['child.end'] === 'exit' && f['child.stdinEnded'] === true ? ', on the end of its input' : '';
    if (f['child.end'] === 'harness-killed') out.push(`The child was still running at that moment, and outlived the window: ${endedBy(t, 'child')}.`);
    else out.push(`The child was still running at that moment${later != null ? `; it ended${input} ${ms(later)} later` : input ? `; it exited later${input}` : ''}.`);
  } else if (f['child.reapedAtSettle'] === true) out.push('The child had exited, and the caller had seen it exit.');
  if (f['child.markerAtSettle'] === false) {
    const marker = (t.timeline ?? []).find((e) => e.kind === 'marker');
    out.push(`Its cleanup marker was absent${marker && settledAt !== null ? `; it appeared ${ms(marker.ms - settledAt)} later` : ''}.`);
  }
  const running = f['descendants.runningAtSettle'];
  const after = f['descendants.runningAfterWindow'];
  if (typeof running === 'number' && running > 0) out.push(`${plural(running, 'descendant')} still running${typeof after === 'number' && after > 0 ? `, ${after} still after the window` : ''}.`);
  const left = t.leftovers ?? [];
  if (left.length) out.push(`The harness had to end ${plural(left.length, 'process', 'processes')} of the trial once it stopped watching.`);
  const listeners = f['parent.abortListenersAfterSettle'];
  const timers = f['parent.timersAfterSettle'];
  if (typeof listeners === 'number' && listeners > 0) out.push(`It left ${plural(listeners, 'abort listener')} on the caller's signal.`);
  if (typeof timers === 'number' && timers > 0) out.push(`It left ${plural(timers, 'timer')} pending.`);
  return out.join(' ');
}

export const LIBRARY_WORDS: KindWords = {
  matrixTitle: 'Which library holds which clause',
  noun: 'library',
  matrixId: 'verdict',
  label: 'At settlement',
  firstLane: 'caller',
  words: libraryWords,
};
