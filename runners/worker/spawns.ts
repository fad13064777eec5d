// Seeing every spawn. Every library here reaches the OS through
// ChildProcess.prototype.spawn; wrapping it (and calling straight through) shows each
// attempt, its pid, and the exit status only the parent can see, such as death by
// SIGKILL. Our 'exit' listener is attached inside spawn, so it runs before any the target
// adds afterwards.

import { ChildProcess } from 'node:child_process';
import { getSystemErrorName } from 'node:util';
import type { SpawnObservation } from '../model/observations.ts';
import { now } from '../protocol/trial-dir.mjs';

// `spawn` is an undocumented method of ChildProcess, so it is absent from the types.
type Spawnable = { spawn(this: ChildProcess, options: { file: string; args?: string[] }): unknown };

/**
 * Records each spawn into `spawns`, telling the case's command (whose file or arguments
 * name `trialDir`) from the target's own helpers; `onFirstExit` runs when the first
 * command's exit is seen.
 */
export function watchSpawns(spawns: SpawnObservation[], trialDir: string, redact: (text: string) => string, onFirstExit: () => void): void {
  const proto = ChildProcess.prototype as unknown as Spawnable;
  const originalSpawn = proto.spawn;
  proto.spawn = function (this: ChildProcess, options: { file: string; args?: string[] }) {
    const command = [options.file, ...(options.args ?? [])].some((a) => typeof a === 'string' && a.includes(trialDir));
    const seen: SpawnObservation = { t: now(), file: redact(options.file), command, pid: null, error: null, exit: null };
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
      if (spawns.find((s) => s.command) === seen) onFirstExit();
    });
    return result as never;
  };
}
