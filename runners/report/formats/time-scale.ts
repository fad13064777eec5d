// A time axis that shows where things happened: the times of a trial's events fall into
// clusters, each drawn linearly with ticks of its own, and the long quiet gaps between
// them (a ten-second window after a call that settled in 40 ms) are cut out, each drawn
// as one narrow break. Monotonic, so marks keep the order of their events. Pure.

interface Segment {
  from: number;
  to: number;
  x0: number;
  x1: number;
}

interface TimeScale {
  x: (ms: number) => number;
  segments: Segment[];
  /** Where a gap was cut: the x of each break mark. */
  breaks: number[];
  ticks: Array<{ x: number; label: string }>;
}

/** A gap wider than this share of the trial, and than MIN_GAP ms, is cut. */
const GAP_SHARE = 0.15;
const MIN_GAP = 40;
const BREAK = 22;
const MIN_SEGMENT = 48;
const TICK_ROOM = 56;

/** Milliseconds up to ten seconds, so neighbouring ticks never read alike; seconds beyond. */
export function msLabel(ms: number, step = 100): string {
  if (ms >= 10_000) return `${(ms / 1000).toFixed(step >= 1000 ? 0 : step >= 100 ? 1 : 2)} s`;
  return `${Number(ms.toFixed(ms < 10 && ms % 1 ? 1 : 0))} ms`;
}

/** A step of 1, 2 or 5 times a power of ten giving about `count` ticks over `span`. */
function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
}

/**
 * The scale for event times `times` (ms from the trial's start) over [left, right] px.
 * Before `focus` (the trigger, or the child's readiness) is the setup, spawning and
 * starting: it keeps one narrow segment, so the width goes to what follows.
 */
export function timeScale(times: number[], left: number, right: number, focus = 0): TimeScale {
  const sorted = [...new Set([0, ...times])].sort((a, b) => a - b);
  const setup = sorted.filter((t) => t < focus);
  const rest = sorted.filter((t) => t >= focus);
  const span = Math.max(1, (sorted.at(-1) ?? 0) - (rest[0] ?? 0));
  const clusters: Array<[number, number]> = setup.length ? [[0, setup.at(-1)!]] : [];
  for (const t of rest) {
    const last = clusters.at(-1);
    if (!last || (last === clusters[0] && setup.length) || t - last[1] > Math.max(MIN_GAP, span * GAP_SHARE)) clusters.push([t, t]);
    else last[1] = t;
  }
  // Each cluster gets a least width, the rest shared by how long it lasted; the setup none.
  const room = right - left - BREAK * (clusters.length - 1);
  const shares = clusters.map(([a, b], i) => (i === 0 && setup.length ? 0 : b - a));
  const lasting = shares.reduce((sum, d) => sum + d, 0);
  const spare = Math.max(0, room - MIN_SEGMENT * clusters.length);
  const segments: Segment[] = [];
  let x = left;
  for (const [i, [from, to]] of clusters.entries()) {
    const width = lasting > 0 ? MIN_SEGMENT + (spare * shares[i]) / lasting : room / clusters.length;
    segments.push({ from, to, x0: x, x1: x + width });
    x += width + BREAK;
  }
  const at = (ms: number): number => {
    const s = segments.find((g) => ms <= g.to) ?? segments.at(-1)!;
    if (ms < s.from) return s.x0 - BREAK / 2;
    // A cluster of one instant sits in the middle of its room.
    return s.to === s.from ? (s.x0 + s.x1) / 2 : s.x0 + ((s.x1 - s.x0) * (ms - s.from)) / (s.to - s.from);
  };
  const ticks: Array<{ x: number; label: string; first: boolean }> = [];
  for (const s of segments) {
    if (s.to === s.from) {
      ticks.push({ x: at(s.from), label: msLabel(s.from), first: true });
      continue;
    }
    const step = niceStep(s.to - s.from, Math.max(1, Math.floor((s.x1 - s.x0) / 90)));
    for (let t = Math.ceil(s.from / step) * step; t <= s.to + 1e-9; t += step) ticks.push({ x: at(t), label: msLabel(t, step), first: t - s.from < step });
  }
  // Labels closer than a label's width would overwrite each other: a segment's first tick
  // wins over another's inner one, else the earlier stays.
  const spaced: typeof ticks = [];
  for (const t of ticks) {
    const last = spaced.at(-1);
    if (!last || t.x - last.x >= TICK_ROOM) spaced.push(t);
    else if (t.first && !last.first) spaced[spaced.length - 1] = t;
  }
  return { x: at, segments, breaks: segments.slice(1).map((s) => s.x0 - BREAK / 2), ticks: spaced.map(({ x, label }) => ({ x, label })) };
}
