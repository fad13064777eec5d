// Which timers the target leaves behind. Only timers created while the call runs and not
// by the harness count. A Timeout is marked _destroyed once cleared or fired, which is
// visible synchronously (async_hooks' destroy callback is not).

import { createHook } from 'node:async_hooks';

export interface TimerTracker {
  /** Counting on while the call runs; off for the harness's own work. */
  enable(): void;
  disable(): void;
  /** A timer of the harness's own, never counted as the target's. */
  harnessTimer(fn: () => void, ms: number): NodeJS.Timeout;
  /** Target timers neither cleared nor fired. */
  live(): number;
  /** The delay each target timer was made with, in the order made. */
  delays(): number[];
}

export function trackTimers(stillRunning: () => boolean): TimerTracker {
  const harness = new Set<unknown>();
  const target: Array<{ _destroyed?: boolean; _idleTimeout?: number }> = [];
  // Read when made: a cleared timer's delay reads -1 afterwards.
  const made: number[] = [];
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type !== 'Timeout' || harness.has(resource)) return;
      const timer = resource as { _destroyed?: boolean; _idleTimeout?: number };
      target.push(timer);
      if (typeof timer._idleTimeout === 'number') made.push(timer._idleTimeout);
    },
  });
  return {
    enable: () => hook.enable(),
    disable: () => hook.disable(),
    harnessTimer(fn, ms) {
      hook.disable();
      const t = setTimeout(fn, ms);
      harness.add(t);
      if (stillRunning()) hook.enable();
      return t;
    },
    live: () => target.filter((t) => !t._destroyed).length,
    delays: () => [...made],
  };
}
