// The suite's one bound against a hang: every wait in a test ends, naming what it waited for,
// and a bound never speaks of what did happen (suite/bounded.process.test.ts).

/** How long any single wait in a test may take before it fails, naming what it waited for.
 *  A guard against a hang, not a measurement: nothing asserts on how long a wait took. */
export const WAIT_LIMIT_MS = 60_000;
/** The same guard for a command that installs packages from the registry on an empty
 *  cache (a fresh clone's first `verify`): what it waits on is the network, many times. */
export const INSTALL_LIMIT_MS = 240_000;

/** How many turns of this process's loop a bound is counted in (see `bounded`). */
const BOUND_TICKS = 60;

/**
 * Races `promise` against the wait limit; on the limit it rejects saying what it waited for.
 *
 * The limit is counted in ticks of this process's own loop, a sixtieth of it each: a
 * stretch in which the process was held (a synchronous install, a long parse of another
 * suite at import) counts as one tick, however long it was. A clock would count it whole,
 * and call a command a hang that had not even been started yet (zx starts its child on the
 * loop's next turn) when the process that waits for it was the one held.
 */
export function bounded<T>(what: string, promise: Promise<T>, cancel: () => void = () => {}, limitMs = WAIT_LIMIT_MS): Promise<T> {
  let ticker: NodeJS.Timeout;
  let settled = false;
  const watched = promise.finally(() => (settled = true));
  const limit = new Promise<never>((_, reject) => {
    let ticks = 0;
    ticker = setInterval(() => {
      if (++ticks < BOUND_TICKS) return;
      clearInterval(ticker);
      // Timers are heard before the I/O of the same turn: an exit that arrived while the
      // process was held is heard first, so the bound speaks only of what had not happened.
      setImmediate(() => {
        if (settled) return;
        cancel();
        reject(new Error(`waited ${limitMs / 1000} s for ${what}: the bound against a hang ran out (a hang, or a machine loaded far past it), not an outcome`));
      });
    }, limitMs / BOUND_TICKS);
  });
  return Promise.race([watched, limit]).finally(() => clearInterval(ticker));
}
