// Seeing every spawn. Every library here reaches the OS through
// ChildProcess.prototype.spawn; wrapping it (and calling straight through) shows each
// attempt, its pid, and the exit status only the parent can see, such as death by
// SIGKILL. Our 'exit' listener is attached inside spawn, so it runs before any the target
// adds afterwards.

import { ChildProcess } from 'node:child_process';
import { getSystemErrorName } from 'node:util';
import type { SpawnObservation } from '../model/observations.ts';
import { now } from './clock.ts';

// `spawn` is an undocumented method of ChildProcess, so it is absent from the types.
type Spawnable = { spawn(this: ChildProcess, options: { file: string }): unknown };

/** Records each spawn into `spawns`; `onFirstExit` runs when the first child's exit is seen. */
export function watchSpawns(spawns: SpawnObservation[], onFirstExit: () => void): void {
  const proto = ChildProcess.prototype as unknown as Spawnable;
  const originalSpawn = proto.spawn;
  proto.spawn = function (this: ChildProcess, options: { file: string }) {
    const seen: SpawnObservation = { t: now(), file: options.file, pid: null, error: null, exit: null };
    spawns.push(seen);
    let result: unknown;
    try {
      result = originalSpawn.call(this, options);
    } catch (err) {
      seen.error = (err as NodeJS.ErrnoException).code ?? String(err);
      throw err;
    }
    if (typeof result === 'number' && result < 0) seen.error = getSystemErrorName(result);
    seen.pid = this.pid ?? null;
    this.once('exit', (code: number | null, signal: string | null) => {
      seen.exit = { t: now(), code, signal };
      if (spawns[0] === seen) onFirstExit();
    });
    return result as never;
  };
}
