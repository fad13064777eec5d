// What a watch of spawns hands back for each attempt it sees, whichever API started it
// (ChildProcess, spawnSync's binding, Bun.spawn, Deno.Command): one shape, so the watches
// of each runtime's own API need nothing else of the watch of Node's.

import type { SpawnObservation } from '../model/observations.ts';
import type { SeenOptions } from './record-reach.ts';

/** One spawn seen: where to write what became of it. */
interface SpawnRecord {
  seen: SpawnObservation;
  failed(err: unknown): void;
  /** Bun and Deno check a call's arguments inside the same call that starts the process:
   *  a call they refuse with an error of their own (no errno code: a bad option, a signal
   *  already aborted) never asked the OS for a process, as a call Node refuses never
   *  reaches ChildProcess.prototype.spawn. It is taken back; an errno error stays. */
  threw(err: unknown): void;
  exited(code: number | null, signal: string | null): void;
}

/** Starts a record of an attempt to run `file` with `args`, and the options it was given
 *  where they can be read, with whose API they were given to (each names them its own way). */
export type BeginSpawn = (file: string, args: readonly unknown[], seenOptions?: SeenOptions) => SpawnRecord;
