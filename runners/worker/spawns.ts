// Seeing every spawn. Every library here reaches the OS through
// ChildProcess.prototype.spawn; wrapping it (and calling straight through) shows each
// attempt, its pid, and the exit status only the parent can see, such as death by
// SIGKILL. Our 'exit' listener is attached inside spawn, so it runs before any the target
// adds afterwards. Bun's and Deno's own APIs (Bun.spawn, Deno.Command) are watched the
// same way where the runtime has them (runtime-spawns.ts).

import { ChildProcess } from 'node:child_process';
import * as util from 'node:util';
import type { SpawnObservation } from '../model/observations.ts';
import { now } from '../protocol/trial-dir.mjs';
import { watchBunSpawn, watchDenoCommand } from './runtime-spawns.ts';

// `spawn` is an undocumented method of ChildProcess, so it is absent from the types.
type Spawnable = { spawn(this: ChildProcess, options: { file: string; args?: string[] }): unknown };

/** One spawn seen: where to write what became of it. */
export interface SpawnRecord {
  seen: SpawnObservation;
  failed(err: unknown): void;
  /** Bun and Deno check a call's arguments inside the same call that starts the process:
   *  a call they refuse with an error of their own (no errno code: a bad option, a signal
   *  already aborted) never asked the OS for a process, as a call Node refuses never
   *  reaches ChildProcess.prototype.spawn. It is taken back; an errno error stays. */
  threw(err: unknown): void;
  exited(code: number | null, signal: string | null): void;
}

/** Starts a record of an attempt to run `file` with `args`. */
export type BeginSpawn = (file: string, args: readonly unknown[]) => SpawnRecord;

/**
 * Records each spawn into `spawns`, telling the case's command (whose file or arguments
 * name `trialDir`) from the target's own helpers; `onFirstExit` runs when the first
 * command's exit is seen. `unseen` is told of a start the watch cannot follow.
 */
export function watchSpawns(spawns: SpawnObservation[], trialDir: string, redact: (text: string) => string, onFirstExit: () => void, unseen: (what: string) => void): void {
  const begin: BeginSpawn = (file, args) => {
    const command = [file, ...args].some((a) => typeof a === 'string' && a.includes(trialDir));
    const seen: SpawnObservation = { t: now(), file: redact(file), command, pid: null, error: null, exit: null };
    spawns.push(seen);
    const failed = (err: unknown) => {
      seen.error = (err as NodeJS.ErrnoException)?.code ?? String(err);
    };
    return {
      seen,
      failed,
      threw: (err) => {
        const code = (err as NodeJS.ErrnoException)?.code;
        if (typeof code === 'string' && /^E[A-Z0-9]+$/.test(code)) failed(err);
        else spawns.splice(spawns.indexOf(seen), 1);
      },
      exited: (code, signal) => {
        seen.exit = { t: now(), code, signal };
        if (spawns.find((s) => s.command) === seen) onFirstExit();
      },
    };
  };
  // On Bun, node:child_process starts its processes through Bun.spawn: one attempt, one record.
  let insideNodeSpawn = 0;
  const proto = ChildProcess.prototype as unknown as Spawnable;
  const originalSpawn = proto.spawn;
  proto.spawn = function (this: ChildProcess, options: { file: string; args?: string[] }) {
    const record = begin(options.file, options.args ?? []);
    let result: unknown;
    insideNodeSpawn++;
    try {
      result = originalSpawn.call(this, options);
    } catch (err) {
      record.failed(err);
      throw err;
    } finally {
      insideNodeSpawn--;
    }
    // Bun 1.0 has no util.getSystemErrorName: the errno's number is what is left to say.
    if (typeof result === 'number' && result < 0) record.seen.error = (util as { getSystemErrorName?: (n: number) => string }).getSystemErrorName?.(result) ?? `errno ${result}`;
    record.seen.pid = this.pid ?? null;
    this.once('exit', (code: number | null, signal: string | null) => record.exited(code, signal));
    return result as never;
  };
  watchBunSpawn(begin, () => insideNodeSpawn > 0);
  watchDenoCommand(begin, unseen);
}
