// One trial's timeline drawn as SVG: a lane per process named by its role (the caller,
// the child, each grandchild), a keyed mark per event on a time axis that cuts the long
// quiet gaps out (time-scale.ts), the settlement and the end of the watch drawn across
// every lane and labelled, a legend of what each mark means, and an opaque background so
// a timeline saved alone reads on any page. Pure: it returns markup.

import type { TimelineEntry, TrialResult } from '../../model/report-types.ts';
import { KIND_WORDS } from '../kinds/kind-words.ts';
import { escapeMarkup } from './escape.ts';
import { eventWords } from './event-words.ts';
import { msLabel, timeScale } from './time-scale.ts';

const SETTLED = new Set(['rejected', 'resolved', 'threw']);
const LANE = 36;
const LEFT = 118;
const WIDTH = 640;
const RIGHT = WIDTH - 40;
const TOP = 40;
/** Marks closer than this on one lane are stacked, not drawn on top of each other. */
const CROWDED = 9;

interface Lane {
  key: string;
  label: string;
  pid: number | null;
}

/** A fixture's role as a reader says it: child.g0 is the first grandchild. */
export function roleWords(role: string): string {
  const call = /^call-(\d+)$/.exec(role);
  if (call) return `call ${Number(call[1]) + 1}'s child`;
  const depth = role.split('.').length - 1;
  const last = /\.g(\d+)$/.exec(role);
  if (role === 'server-descendant') return "server's descendant";
  if (role === 'child' || !last) return role;
  const n = Number(last[1]) + 1;
  return depth === 1 ? `grandchild ${n}` : `descendant ${role.replace(/^child\./, '').replace(/g(\d+)/g, (_, d) => String(Number(d) + 1))}`;
}

/**
 * The lanes of a trial: the caller first, then each fixture process in the order it first
 * shows, then any process the target spawned that is no fixture (a shell in between).
 */
export function lanesOf(t: TrialResult): Lane[] {
  const lanes: Lane[] = [{ key: 'caller', label: KIND_WORDS[t.kind].firstLane, pid: null }];
  for (const e of t.timeline ?? []) {
    const m = /^(.+):(\d+)$/.exec(e.source);
    if (m && !lanes.some((l) => l.key === e.source)) lanes.push({ key: e.source, label: roleWords(m[1]), pid: Number(m[2]) });
  }
  for (const e of t.timeline ?? []) {
    const pid = e.kind === 'spawn' && typeof e.detail?.pid === 'number' ? e.detail.pid : null;
    if (pid !== null && !lanes.some((l) => l.pid === pid)) lanes.push({ key: `spawned:${pid}`, label: 'spawned process', pid });
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

/** What each kind of mark means, in the legend's order; a kind not here is "other". */
const KEY: Array<{ kinds: string[]; words: string; shape: 'circle' | 'diamond' | 'triangle' | 'square' }> = [
  { kinds: ['abort'], words: 'trigger (abort)', shape: 'triangle' },
  { kinds: ['timeout-start'], words: "trigger (the call, and its timeout, start)", shape: 'triangle' },
  { kinds: ['stdin-closed', 'parent-killed', 'signal-sent', 'client-close'], words: 'trigger (the client goes away)', shape: 'triangle' },
  { kinds: ['signal'], words: 'signal received', shape: 'diamond' },
  { kinds: ['exit', 'child-exit', 'seen-gone'], words: 'exit, or seen gone', shape: 'circle' },
  { kinds: ['marker'], words: 'cleanup marker', shape: 'square' },
  { kinds: ['stdin-eof'], words: 'stdin ended', shape: 'square' },
  { kinds: ['spawn', 'spawned', 'start', 'ready'], words: 'spawn, start, ready', shape: 'circle' },
];
const keyOf = (kind: string) => KEY.findIndex((k) => k.kinds.includes(kind));
/** A coordinate to a tenth of a unit: finer than any screen draws, and a page holds thousands. */
const c = (n: number) => String(Math.round(n * 10) / 10);

function shape(kind: string, x: number, y: number, extra: string): string {
  const k = KEY[keyOf(kind)]?.shape ?? 'circle';
  const cls = `class="mark mark-${escapeMarkup(kind)}${keyOf(kind) < 0 ? ' mark-other' : ''}"`;
  const at = `cx="${c(x)}" cy="${y}"`;
  if (k === 'diamond') return `<circle ${cls} ${at} r="0" ${extra}/><path class="mark-shape mark-signal" d="M${c(x)} ${y - 7}l6 7l-6 7l-6-7z"/>`;
  if (k === 'triangle') return `<circle ${cls} ${at} r="0" ${extra}/><path class="mark-shape mark-abort" d="M${c(x)} ${y - 7}l7 12h-14z"/>`;
  if (k === 'square') return `<circle ${cls} ${at} r="0" ${extra}/><rect class="mark-shape mark-${kind === 'marker' ? 'marker' : 'stdin'}" x="${c(x - 5)}" y="${y - 5}" width="10" height="10"/>`;
  return `<circle ${cls} ${at} r="5" ${extra}/>`;
}

function legend(kinds: Set<string>, y: number, hasKill: boolean): { svg: string; height: number } {
  const items: Array<{ draw: (x: number, y: number) => string; words: string }> = KEY.filter((k) => k.kinds.some((x) => kinds.has(x))).map((k) => ({
    draw: (x, yy) => shape(k.kinds.find((x2) => kinds.has(x2))!, x + 6, yy, '').replace(/class="mark /, 'class="key '),
    words: k.words,
  }));
  const other = [...kinds].find((k) => keyOf(k) < 0 && !SETTLED.has(k) && k !== 'watch-end');
  if (other) items.push({ draw: (x, yy) => `<circle class="key mark-other" cx="${x + 6}" cy="${yy}" r="5"/>`, words: 'other event (its words on hover)' });
  if ([...kinds].some((k) => SETTLED.has(k))) items.push({ draw: (x, yy) => `<line class="settlement" x1="${x}" y1="${yy - 7}" x2="${x}" y2="${yy + 7}"/>`, words: 'call settled' });
  if (kinds.has('watch-end')) items.push({ draw: (x, yy) => `<line class="watch-end" x1="${x}" y1="${yy - 7}" x2="${x}" y2="${yy + 7}"/>`, words: 'end of watch' });
  if (hasKill) items.push({ draw: (x, yy) => `<path class="harness-kill" d="M${x} ${yy - 5}l10 10m0-10l-10 10"/>`, words: 'killed by the harness' });
  const parts: string[] = [];
  let [x, row] = [8, 0];
  for (const item of items) {
    const width = 22 + item.words.length * 7.4;
    if (x + width > WIDTH - 8) [x, row] = [8, row + 1];
    const yy = y + row * 20;
    parts.push(item.draw(x, yy), `<text class="legend" x="${x + 18}" y="${yy + 4}">${escapeMarkup(item.words)}</text>`);
    x += width + 10;
  }
  return { svg: `<g class="legend">${parts.join('')}</g>`, height: (row + 1) * 20 };
}

/**
 * The SVG of one trial; its marks come in the order of the trial's timeline. Standalone,
 * it carries its own style; in the page, the page's style sheet holds TIMELINE_CSS once.
 */
export function renderTimeline(t: TrialResult, standalone = true): string {
  const events = t.timeline ?? [];
  const lanes = lanesOf(t);
  // The width goes to what follows the trigger, or the child's readiness for a timeout.
  const triggers = KEY.filter((k) => k.shape === 'triangle').flatMap((k) => k.kinds);
  const focus = events.find((e) => triggers.includes(e.kind) || (e.kind === 'ready' && /^child:/.test(e.source)))?.ms ?? 0;
  const scale = timeScale(events.map((e) => e.ms), LEFT + 8, RIGHT, focus);
  const y = (lane: number) => TOP + lane * LANE + LANE / 2;
  const bottom = TOP + lanes.length * LANE;
  const parts: string[] = [];
  lanes.forEach((l, i) => {
    parts.push(`<text x="8" y="${y(i) - 2}" class="lane-label">${escapeMarkup(l.label)}</text>`);
    if (l.pid !== null) parts.push(`<text x="8" y="${y(i) + 12}" class="pid">pid ${l.pid}</text>`);
    parts.push(`<line x1="${LEFT}" y1="${y(i)}" x2="${RIGHT}" y2="${y(i)}" class="lane"/>`);
  });
  for (const b of scale.breaks) parts.push(`<path class="axis-break" d="M${c(b - 4)} ${bottom + 2}l4 -8m2 8l4 -8"/><rect class="gap" x="${c(b - 6)}" y="${TOP}" width="12" height="${bottom - TOP}"/>`);
  for (const tick of scale.ticks) parts.push(`<line class="tick" x1="${c(tick.x)}" y1="${bottom}" x2="${c(tick.x)}" y2="${bottom + 5}"/><text class="axis" x="${c(tick.x)}" y="${bottom + 18}" text-anchor="middle">${tick.label}</text>`);
  const settled = events.find((e) => SETTLED.has(e.kind));
  if (settled) {
    const sx = Number(c(scale.x(settled.ms)));
    parts.push(`<line x1="${sx}" y1="${TOP - 14}" x2="${sx}" y2="${bottom}" class="settlement"/>`);
    parts.push(`<text x="${sx}" y="${TOP - 18}" text-anchor="${sx > WIDTH / 2 ? 'end' : 'start'}" class="settlement-label">${settled.kind === 'threw' ? 'threw' : settled.kind} at ${msLabel(settled.ms)}</text>`);
  }
  const watchEnd = events.find((e) => e.kind === 'watch-end');
  if (watchEnd) {
    const wx = Number(c(scale.x(watchEnd.ms)));
    parts.push(`<line x1="${wx}" y1="${TOP - 4}" x2="${wx}" y2="${bottom}" class="watch-end"/>`);
  }
  const lastX = new Map<number, { x: number; shift: number }>();
  events.forEach((e) => {
    if (SETTLED.has(e.kind) || e.kind === 'watch-end') return;
    const lane = laneOf(e, lanes);
    const x = scale.x(e.ms);
    // A mark too close to the one before it on its lane is drawn above or below the lane.
    const before = lastX.get(lane);
    const shift = before && x - before.x < CROWDED ? (before.shift === 0 ? -9 : before.shift === -9 ? 9 : 0) : 0;
    lastX.set(lane, { x, shift });
    const words = `${msLabel(e.ms)}: ${eventWords(e)}`;
    parts.push(`<g><title>${escapeMarkup(words)}</title>${shape(e.kind, x, y(lane) + shift, `data-kind="${escapeMarkup(e.kind)}"`)}</g>`);
  });
  for (const left of t.leftovers ?? []) {
    const lane = lanes.findIndex((l) => l.pid === left.pid);
    if (lane >= 0) parts.push(`<path class="harness-kill" d="M${RIGHT + 8} ${y(lane) - 6}l12 12m0-12l-12 12"><title>still running after the window: ended by the harness (${escapeMarkup(left.how)})</title></path>`);
  }
  const kinds = new Set(events.map((e) => e.kind));
  const key = legend(kinds, bottom + 42, (t.leftovers ?? []).length > 0);
  const height = bottom + 36 + key.height;
  const label = `${t.probe} ${t.case}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="timeline" data-trial="${escapeMarkup(label)}" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="timeline of ${escapeMarkup(label)}">` +
    `${standalone ? `<style>${TIMELINE_CSS}</style>` : ''}<rect class="paper" width="${WIDTH}" height="${height}"/>${parts.join('')}${key.svg}</svg>`
  );
}

/** Dark text on white, so a timeline saved alone reads on a dark page too. */
export const TIMELINE_CSS =
  '.paper{fill:#fff}.lane{stroke:#ccc}.tick{stroke:#666}.gap{fill:#f3f3f3}.axis-break{stroke:#666;fill:none}' +
  'text{font-family:system-ui,sans-serif;fill:#222}.lane-label{font-size:13px;font-weight:600}.pid{font-size:12px;fill:#555}' +
  '.axis,.legend,.watch-label{font-size:12px}.settlement-label{font-size:12px;font-weight:600;fill:#b00}' +
  '.settlement{stroke:#b00;stroke-width:2;stroke-dasharray:4 3}.watch-end{stroke:#666;stroke-width:1.5;stroke-dasharray:2 3}' +
  '.key,.mark{fill:#36c}.mark-exit,.mark-seen-gone,.mark-child-exit{fill:#2a8a2a}.mark-shape.mark-signal{fill:#d80}' +
  '.mark-shape.mark-marker{fill:#939}.mark-shape.mark-stdin{fill:#088}.mark-other{fill:#999}.mark-shape.mark-abort{fill:#b00}.harness-kill{stroke:#000;stroke-width:2.5}';
