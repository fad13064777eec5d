// The one path from a server case's observations to what the report says of it: the
// server case's counterpart of library-judge.ts, on the same verdicts and outcomes. Pure.

import type { CaseSpec } from '../../model/case.ts';
import type { ServerObservations, ServerSight } from '../../model/observations.ts';
import type { KnownDivergence } from '../../model/probe.ts';
import type { Judgement, TimelineEntry } from '../../model/report-types.ts';
import { classify, explain } from '../outcome.ts';
import { compareT, msSince } from '../read-observations.ts';
import { deriveServerFacts, serverUnmet } from './server-facts.ts';
import { holdAssertions } from '../verdicts.ts';

export type ServerJudged = Pick<Judgement, 'outcome' | 'reason' | 'leftovers' | 'timeline'> & Partial<Pick<Judgement, 'facts' | 'verdicts'>>;

/** The client's and the runner's sightings on one clock, in ms from the program's start. */
function serverTimeline(s: ServerSight): TimelineEntry[] {
  const rows: Array<{ t: string; source: string; kind: string; detail?: Record<string, unknown> }> = [];
  rows.push({ t: s.started.t, source: 'client', kind: 'spawn', detail: { pid: s.started.pid, error: s.started.error } });
  const line = s.handshake?.kind === 'line';
  if (s.handshake) rows.push({ t: s.handshake.sent, source: 'client', kind: line ? 'awaiting-line' : 'handshake-sent' });
  if (s.handshake?.answered) rows.push({ t: s.handshake.answered, source: 'client', kind: line ? 'first-line' : 'answered' });
  // The client sends a signal; `signal` on a timeline is one received.
  const kind = s.trigger.kind === 'signal' ? 'signal-sent' : s.trigger.kind;
  if (s.trigger.t) rows.push({ t: s.trigger.t, source: s.trigger.kind === 'parent-killed' ? 'runner' : 'client', kind, ...(s.trigger.signal ? { detail: { signal: s.trigger.signal } } : {}) });
  if (s.exit) rows.push({ t: s.exit.t, source: 'client', kind: 'child-exit', detail: { pid: s.started.pid, code: s.exit.code, signal: s.exit.signal } });
  for (const p of s.tree) {
    const role = p.pid === s.started.pid ? 'server' : 'server-descendant';
    const detail = { pid: p.pid, ...(p.name ? { name: p.name } : {}) };
    // A process still running when the watch ended gets its lane too, where the harness's kill shows.
    rows.push({ t: p.gone ?? s.watchEnd, source: `${role}:${p.pid}`, kind: p.gone ? 'seen-gone' : 'still-running', detail });
  }
  rows.push({ t: s.watchEnd, source: 'runner', kind: 'watch-end' });
  rows.sort((a, b) => compareT(a.t, b.t));
  return rows.map(({ t, ...r }) => ({ ms: msSince(s.started.t, t), ...r }));
}

/** A server trial's timeline, as its judgement draws it. */
export const serverTrialTimeline = (o: ServerObservations): TimelineEntry[] => serverTimeline(o.server);

/** A server's trial reached its target when the program itself started and was running at its trigger. */
export const serverReached = (o: ServerObservations): boolean => o.server.started.pid !== null && o.server.problems.length === 0;

export function judgeServerTrial(spec: CaseSpec, o: ServerObservations, known: KnownDivergence[], on?: string): ServerJudged {
  const s = o.server;
  const base = { leftovers: o.runner.leftovers, timeline: serverTimeline(s) };
  const unmet = serverUnmet(s);
  // A program that never ran or died before its trigger says nothing about leaving.
  if (unmet) return { outcome: 'error', reason: unmet, ...base };
  const mine = known.filter((k) => k.case === spec.id);
  const facts = deriveServerFacts(spec, s);
  const blind = s.by === 'pid' ? { 'server.descendantsAfterWindow': 'no cgroup or mark could be read here, so only the started process was seen' } : {};
  const verdicts = holdAssertions(spec.assertions, facts, blind);
  const { outcome, reason } = classify(verdicts, mine, on);
  return { outcome, ...(reason ? { reason } : {}), facts, verdicts: explain(verdicts, mine), ...base };
}
