// One trial's timeline drawn as SVG: a lane per process (the caller, the child, each
// grandchild), a mark per event on one time axis, and the settlement drawn across every
// lane, so what was true at that instant is seen at a glance. Pure: it returns markup.

import type { TimelineEntry, TrialResult } from '../../model/report.ts';
import { escapeMarkup } from './escape.ts';
import { eventWords } from './markdown.ts';

const SETTLED = new Set(['rejected', 'resolved', 'threw']);
const LANE = 30;
const LEFT = 120;
const WIDTH = 760;
const TOP = 24;

export interface Lane {
  key: string;
  label: string;
  pid: number | null;
}

/**
 * The lanes of a trial: the caller first, then each fixture process in the order it first
 * shows, then any process the target spawned that is no fixture (a shell in between).
 */
export function lanesOf(t: TrialResult): Lane[] {
  const lanes: Lane[] = [{ key: 'caller', label: 'caller', pid: null }];
  for (const e of t.timeline ?? []) {
    const m = /^(.+):(\d+)$/.exec(e.source);
    if (m && !lanes.some((l) => l.key === e.source)) lanes.push({ key: e.source, label: `${m[1]} ${m[2]}`, pid: Number(m[2]) });
  }
  for (const e of t.timeline ?? []) {
    const pid = e.kind === 'spawn' && typeof e.detail?.pid === 'number' ? e.detail.pid : null;
    if (pid !== null && !lanes.some((l) => l.pid === pid)) lanes.push({ key: `spawned:${pid}`, label: `spawned ${pid}`, pid });
  }
  return lanes;
}

/** Where an event belongs: the process it is about (a child's exit seen by the caller is the child's). */
function laneOf(e: TimelineEntry, lanes: Lane[]): number {
  const pid = typeof e.detail?.pid === 'number' ? e.detail.pid : null;
  const about = pid === null ? -1 : lanes.findIndex((l) => l.pid === pid);
  if (e.kind !== 'spawn' && about >= 0) return about;
  const own = lanes.findIndex((l) => l.key === e.source);
  return own >= 0 ? own : 0;
}

const escape = escapeMarkup;

/** The SVG of one trial; its marks come in the order of the trial's timeline. */
export function renderTimeline(t: TrialResult): string {
  const events = t.timeline ?? [];
  const lanes = lanesOf(t);
  const end = Math.max(1, ...events.map((e) => e.ms)) * 1.05;
  const x = (ms: number) => LEFT + ((WIDTH - LEFT - 16) * ms) / end;
  const y = (lane: number) => TOP + lane * LANE + LANE / 2;
  const height = TOP + lanes.length * LANE + 26;
  const parts: string[] = [];
  lanes.forEach((l, i) => {
    parts.push(`<text x="8" y="${y(i) + 4}" class="lane-label">${escape(l.label)}</text>`);
    parts.push(`<line x1="${LEFT}" y1="${y(i)}" x2="${WIDTH - 16}" y2="${y(i)}" class="lane"/>`);
  });
  const settled = events.find((e) => SETTLED.has(e.kind));
  if (settled) {
    parts.push(`<line x1="${x(settled.ms)}" y1="${TOP - 6}" x2="${x(settled.ms)}" y2="${TOP + lanes.length * LANE}" class="settlement"/>`);
    parts.push(`<text x="${x(settled.ms) - 4}" y="${TOP - 10}" text-anchor="end" class="settlement-label">settled: ${settled.kind} at ${settled.ms.toFixed(1)} ms</text>`);
  }
  const watchEnd = events.find((e) => e.kind === 'watch-end');
  if (watchEnd) parts.push(`<line x1="${x(watchEnd.ms)}" y1="${TOP - 6}" x2="${x(watchEnd.ms)}" y2="${TOP + lanes.length * LANE}" class="watch-end"/>`);
  events.forEach((e, i) => {
    const lane = laneOf(e, lanes);
    const words = `${e.ms.toFixed(1)} ms: ${eventWords(e)}`;
    parts.push(`<circle class="mark mark-${escape(e.kind)}" data-index="${i}" data-kind="${escape(e.kind)}" data-ms="${e.ms}" cx="${x(e.ms).toFixed(2)}" cy="${y(lane)}" r="5"><title>${escape(words)}</title></circle>`);
  });
  for (const left of t.leftovers ?? []) {
    const lane = lanes.findIndex((l) => l.pid === left.pid);
    if (lane >= 0) parts.push(`<rect class="harness-kill" x="${WIDTH - 22}" y="${y(lane) - 6}" width="12" height="12"><title>still running after the window: ended by the harness (${escape(left.how)})</title></rect>`);
  }
  parts.push(`<text x="${LEFT}" y="${height - 6}" class="axis">0 ms</text><text x="${WIDTH - 16}" y="${height - 6}" class="axis" text-anchor="end">${(end / 1.05).toFixed(0)} ms</text>`);
  const label = `${t.probe} ${t.case}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" class="timeline" data-trial="${escape(label)}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="timeline of ${escape(label)}">${TIMELINE_STYLE}${parts.join('')}</svg>`;
}

/** Inside the SVG, so a timeline saved alone looks as it does in the page. */
const TIMELINE_STYLE =
  '<style>.lane{stroke:#ccc}.lane-label,.axis,.settlement-label{font:11px sans-serif;fill:#444}' +
  '.settlement{stroke:#c00;stroke-width:2;stroke-dasharray:4 3}.settlement-label{fill:#c00}' +
  '.mark{fill:#36c}.mark-signal{fill:#e90}.mark-exit,.mark-seen-gone,.mark-child-exit{fill:#393}' +
  '.mark-marker{fill:#939}.mark-abort{fill:#c00}.harness-kill{fill:#000}.watch-end{stroke:#888;stroke-dasharray:2 3}</style>';
