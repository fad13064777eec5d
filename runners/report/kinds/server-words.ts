// A server's trial in words: what was true once its client went away. Pure.

import type { TrialResult } from '../../model/report-types.ts';
import { ms, plural, type KindWords } from './words.ts';

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

export const SERVER_WORDS: KindWords = {
  matrixTitle: 'Which server exits when its client goes away',
  noun: 'server',
  matrixId: 'verdict-servers',
  label: 'Once its client went away',
  // The program's parent, where a call's is its caller.
  firstLane: 'client',
  words: serverWords,
};
