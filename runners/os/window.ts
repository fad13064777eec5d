// The one watcher of the window after settlement (or, for a server, after its trigger),
// whoever watches: the worker while the caller lives (worker/window-sights.ts), the runner in the
// caller's place (engine/after-caller.ts) and the runner beside a server's client
// (engine/kinds/server-watch.ts). It looks at once, then every POLL_MS, and stops when the
// window closes or a look finds nothing left to watch. Polling here is sampling, not
// synchronization: a look reads what is, and no fact is read from when it ran.

/** How often the window is looked at: how late an end can be seen. */
const POLL_MS = 10;

interface Window {
  windowMs: number;
  /** One look: true when nothing is left to watch, so the window may close early. */
  look: () => boolean;
  /** How the next look is scheduled: the worker's timers must not count as the target's. */
  schedule?: (tick: () => void, ms: number) => void;
  /** Set when the run was asked to stop: the window closes at the next look. */
  stopped?: () => boolean;
  done: () => void;
}

export function watchWindow(w: Window): void {
  const until = Date.now() + w.windowMs;
  const schedule = w.schedule ?? ((tick, ms) => setTimeout(tick, ms));
  const tick = () => {
    const quiet = w.look();
    if (quiet || Date.now() >= until || w.stopped?.()) return w.done();
    schedule(tick, POLL_MS);
  };
  tick();
}

/** The same watch, as a promise. */
export const windowWatched = (w: Omit<Window, 'done'>): Promise<void> => new Promise((done) => watchWindow({ ...w, done }));
