// How many trials run at once. A trial costs CPU while it starts (its worker, the target's
// import, the fixture) and then mostly waits on purpose (a grace, a window), so the number
// *starting* at once is bounded by the cores, and the number alive by memory.

import os from 'node:os';

export interface Limits {
  /** Trials between their worker's spawn and their fixture's readiness (or their end). */
  starting: number;
  /** Trials alive at once, starting or waiting. */
  running: number;
}

/**
 * What one live trial may hold: its worker, a fixture, a grandchild or two, with room.
 * Measured over the default suite, from the machine's available memory against the trials
 * alive: 20 MB a trial on average, 38 MB at the most. Most of a suite's trials live on
 * while they wait (a grace, a window), so an estimate far above that bounds the run by
 * memory it never uses: at 160 MB, a 24 GB machine let 73 live, most of them waiting, and
 * its cores stood a third idle for some 3 s, until one ended.
 */
const TRIAL_MEMORY_BYTES = 64 * 1024 * 1024;
/** Beyond this many live trials, a run is bound by process limits before memory. */
const MOST_RUNNING = 96;

export function defaultLimits(freeBytes = os.freemem(), cores = os.availableParallelism()): Limits {
  const byMemory = Math.floor(freeBytes / 2 / TRIAL_MEMORY_BYTES);
  return { starting: cores, running: Math.max(cores, Math.min(MOST_RUNNING, byMemory)) };
}

/** `--jobs N`: at most N alive, and never more starting than there are cores. */
export function jobLimits(jobs: number, cores = os.availableParallelism()): Limits {
  return { starting: Math.min(jobs, cores), running: jobs };
}

/**
 * The machine is one: runs in the same process (a test suite's, a benchmark's) share one
 * pool, so two runs at once start no more trials together than one would. A run's own
 * limits can only lower what it takes from the pool (or, with --jobs, raise its ceiling).
 */
const pool = { starting: 0, running: 0, alone: 0, limits: defaultLimits(), pumps: new Set<() => void>() };

function wake(): void {
  for (const pump of [...pool.pumps]) pump();
}

/** Lets a task start again, once it has started (see `schedule`). */
export type StartAlone = () => Promise<void>;

/**
 * Runs `task` on every item in order, within `limits`. A task calls `started()` once its
 * starting is over (more than once is harmless); a task that ends counts as started.
 * `stopped()` is asked before each start: once it says so, nothing more starts.
 *
 * A task that must start again because the machine was too busy the first time (a trial
 * whose target's timeout fired before its child was ready, judge/precondition.ts) calls
 * `startAlone()`: from then on no other task of the pool starts, and it resolves once
 * every start under way has finished, its task starting again; `started()` ends that.
 * Starting again at once, beside the same starts, would meet the same machine.
 */
export async function schedule<T>(
  items: T[],
  limits: Limits,
  task: (item: T, index: number, started: () => void, startAlone: StartAlone) => Promise<void>,
  stopped: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  let starting = 0;
  let running = 0;
  const room = () =>
    pool.alone === 0 &&
    starting < limits.starting &&
    running < limits.running &&
    pool.starting < Math.max(pool.limits.starting, limits.starting) &&
    pool.running < Math.max(pool.limits.running, limits.running);
  return new Promise<void>((resolve, reject) => {
    const pump = () => {
      while (next < items.length && !stopped() && room()) {
        const index = next++;
        starting++;
        running++;
        pool.starting++;
        pool.running++;
        let isStarting = true;
        let isAlone = false;
        const started = () => {
          if (!isStarting) return;
          isStarting = false;
          starting--;
          pool.starting--;
          if (isAlone) pool.alone--;
          isAlone = false;
          wake();
        };
        const startAlone = () => {
          started();
          isAlone = true;
          pool.alone++;
          return new Promise<void>((resolve) => {
            const go = () => {
              if (pool.starting > 0) return;
              pool.pumps.delete(go);
              isStarting = true;
              starting++;
              pool.starting++;
              resolve();
            };
            pool.pumps.add(go);
            go();
          });
        };
        const ended = () => {
          started();
          running--;
          pool.running--;
          wake();
        };
        task(items[index], index, started, startAlone).then(ended, (err) => {
          // Rejected before the slot is given back: giving it back can end the schedule,
          // whose promise, resolved first, would drop the error and the trial with it.
          reject(err);
          ended();
        });
      }
      if (running === 0 && (next >= items.length || stopped())) {
        pool.pumps.delete(pump);
        resolve();
      }
    };
    pool.pumps.add(pump);
    pump();
  });
}
