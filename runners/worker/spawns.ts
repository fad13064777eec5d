// Seeing every spawn. Every library here reaches the OS through
// ChildProcess.prototype.spawn; wrapping it (and calling straight through) shows each
// attempt, its pid, and the exit status only the parent can see, such as death by
// SIGKILL. Our 'exit' listener is attached inside spawn, so it runs before any the target
// adds afterwards. Bun's and Deno's own APIs (Bun.spawn, Deno.Command) are watched the
// same way where the runtime has them (runtime-spawns.ts). Node's synchronous calls
// (spawnSync, execFileSync, execSync) never make a ChildProcess: they are watched on the
// binding they all call (watchSpawnSync).

import { ChildProcess } from 'node:child_process';
import * as util from 'node:util';
import type { SpawnObservation } from '../model/observations.ts';
import { now } from '../protocol/trial-dir.mjs';
import { watchBunSpawn, watchDenoCommand } from './runtime-spawns.ts';
import { carriedBy, type Handed } from './record-reach.ts';
import type { BeginSpawn } from './spawn-record.ts';

// `spawn` is an undocumented method of ChildProcess, so it is absent from the types.
type Spawnable = { spawn(this: ChildProcess, options: { file: string; args?: string[] }): unknown };


/** A negative errno as its name (ENOENT); Bun 1.0 has no util.getSystemErrorName, and the
 *  number is what is left to say. */
function errnoName(errno: number): string {
  return (util as { getSystemErrorName?: (n: number) => string }).getSystemErrorName?.(errno) ?? `errno ${errno}`;
}


/**
 * Records each spawn into `spawns`, telling the case's command (whose file or arguments
 * name `trialDir`) from the target's own helpers; `onFirstExit` runs when the first
 * command's exit is seen. `unseen` is told of a start the watch cannot follow.
 */
export function watchSpawns(spawns: SpawnObservation[], trialDir: string, redact: (text: string) => string, onFirstExit: () => void, unseen: (what: string) => void, handed: Handed = { signal: null }): void {
  const begin: BeginSpawn = (file, args, seenOptions) => {
    const command = [file, ...args].some((a) => typeof a === 'string' && a.includes(trialDir));
    const seen: SpawnObservation = { t: now(), file: redact(file), command, pid: null, error: null, exit: null };
    // The call's own options, carried on to the spawn: they reached what runs the command.
    const carried = seenOptions ? carriedBy(seenOptions, handed, file) : [];
    // Where the call asked for something only the spawn's options can show (detached, a
    // shell, a stdin pipe, an IPC channel), an empty list says they were seen and carried none of it.
    if (carried.length || (seenOptions && (handed.detached || handed.shell || handed.stdin || handed.ipc))) seen.carried = carried;
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
    const record = begin(options.file, options.args ?? [], { runtime: 'node', options: options as Record<string, unknown> });
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
    if (typeof result === 'number' && result < 0) record.seen.error = errnoName(result);
    record.seen.pid = this.pid ?? null;
    this.once('exit', (code: number | null, signal: string | null) => record.exited(code, signal));
    return result as never;
  };
  watchSpawnSync(begin);
  watchBunSpawn(begin, () => insideNodeSpawn > 0);
  watchDenoCommand(begin, unseen);
}

type SpawnSyncResult = { pid?: number; status?: number | null; signal?: string | null; error?: number };
type SpawnSyncBinding = { spawn(options: { file: string; args?: string[] }): SpawnSyncResult };

/** Node's own binding for synchronous spawns, where the runtime exposes it (Node 20 to 24
 *  do without a flag; Bun and Deno have none, and their probes of these calls run on Node). */
function spawnSyncBinding(): SpawnSyncBinding | null {
  try {
    const binding = (process as unknown as { binding(name: string): unknown }).binding('spawn_sync') as SpawnSyncBinding;
    return typeof binding?.spawn === 'function' ? binding : null;
  } catch {
    return null;
  }
}

/**
 * Wraps the binding every synchronous call goes through. The call blocks until the child
 * is gone, so its pid and exit are known only when it returns: the exit is recorded then,
 * which is also the first moment the caller could have seen it. A negative `error` with
 * no pid is a spawn that failed; with a pid it is the call's own (ETIMEDOUT, ENOBUFS).
 */
function watchSpawnSync(begin: BeginSpawn): void {
  const binding = spawnSyncBinding();
  if (!binding) return;
  const original = binding.spawn;
  binding.spawn = function (this: unknown, options) {
    const record = begin(options.file, options.args ?? [], { runtime: 'node', options: options as Record<string, unknown> });
    let result: SpawnSyncResult;
    try {
      result = original.call(this, options);
    } catch (err) {
      record.failed(err);
      throw err;
    }
    if (result.pid) {
      record.seen.pid = result.pid;
      record.exited(result.status ?? null, result.signal ?? null);
    } else if (typeof result.error === 'number' && result.error < 0) {
      record.seen.error = errnoName(result.error);
    }
    return result;
  };
}
