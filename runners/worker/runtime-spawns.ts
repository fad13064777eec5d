// The spawn watch on Bun's and Deno's own APIs, where the runtime has them: Bun.spawn
// replaced by a wrapper that calls straight through, and Deno.Command's spawn() wrapped
// on its prototype, with the constructor's arguments remembered (the instance keeps them
// private). Their options are read where the call hands them, as Node's spawn's are (each
// runtime names them its own way: record-reach.ts). As for node:child_process, our exit reaction
// is attached first, before the target can attach its own.

import type { BeginSpawn } from './spawn-record.ts';

type BunSubprocess = { pid: number; exited: Promise<unknown>; exitCode: number | null; signalCode: string | null };
type BunNamespace = { spawn: (...args: unknown[]) => BunSubprocess };
type DenoChild = { pid: number; status: Promise<{ code: number; signal: string | null }> };
type DenoCommandClass = (new (command: string | URL, options?: { args?: unknown[] }) => object) & {
  prototype: { spawn(this: object): DenoChild; output(this: object): unknown; outputSync(this: object): unknown };
};

export function bunNamespace(): BunNamespace | null {
  return ((globalThis as { Bun?: BunNamespace }).Bun ?? null) as BunNamespace | null;
}

export function denoNamespace(): { Command: DenoCommandClass } | null {
  return ((globalThis as { Deno?: { Command: DenoCommandClass } }).Deno ?? null) as { Command: DenoCommandClass } | null;
}

/** Bun.spawn(cmd, options) and Bun.spawn({ cmd, ...options }): the argv either way. */
function bunArgv(args: unknown[]): unknown[] {
  const first = args[0] as unknown;
  const cmd = Array.isArray(first) ? first : (first as { cmd?: unknown[] } | null)?.cmd;
  return Array.isArray(cmd) ? cmd : [];
}

const objectOr = (v: unknown): Record<string, unknown> | undefined => (v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined);

/** Bun.spawn's options, either way it is called. */
const bunOptions = (args: unknown[]) => (Array.isArray(args[0]) ? objectOr(args[1]) : objectOr(args[0])) ?? {};

/** Wraps Bun.spawn; a call made by node:child_process's own spawn (`nested`) is already recorded. */
export function watchBunSpawn(begin: BeginSpawn, nested: () => boolean): void {
  const bun = bunNamespace();
  if (!bun) return;
  const original = bun.spawn;
  bun.spawn = function (this: unknown, ...args: unknown[]) {
    if (nested()) return original.apply(this, args);
    const [file, ...rest] = bunArgv(args);
    const record = begin(String(file ?? ''), rest, { runtime: 'bun', options: bunOptions(args) });
    let proc: BunSubprocess;
    try {
      proc = original.apply(this, args);
    } catch (err) {
      record.threw(err);
      throw err;
    }
    record.seen.pid = proc.pid ?? null;
    proc.exited.then(
      () => record.exited(proc.exitCode, proc.signalCode),
      () => record.exited(proc.exitCode, proc.signalCode),
    );
    return proc;
  };
}

/**
 * Wraps Deno.Command: its constructor remembers the command and its arguments, its
 * spawn() records the attempt. output() and outputSync() start the process inside Deno
 * without a pid the caller can see, so the watch cannot follow them: `unseen` says so.
 */
export function watchDenoCommand(begin: BeginSpawn, unseen: (what: string) => void): void {
  const deno = denoNamespace();
  if (!deno) return;
  const Command = deno.Command;
  const argvOf = new WeakMap<object, [string, unknown[], Record<string, unknown>]>();
  const Watched = new Proxy(Command, {
    construct(cls, args, newTarget) {
      const made = Reflect.construct(cls, args, newTarget === Watched ? cls : newTarget) as object;
      const [command, options] = args as [string | URL, { args?: unknown[] } | undefined];
      argvOf.set(made, [String(command), Array.isArray(options?.args) ? options.args : [], objectOr(options) ?? {}]);
      return made;
    },
  });
  Object.defineProperty(deno, 'Command', { value: Watched, writable: true, configurable: true, enumerable: true });
  const proto = Command.prototype;
  const { spawn, output, outputSync } = proto;
  proto.spawn = function (this: object) {
    const [file, args, options] = argvOf.get(this) ?? ['', [], undefined];
    const record = begin(file, args, options && { runtime: 'deno', options });
    let child: DenoChild;
    try {
      child = spawn.call(this);
    } catch (err) {
      record.threw(err);
      throw err;
    }
    record.seen.pid = child.pid ?? null;
    // Deno reports a signalled exit with the shell's code (128 + n) beside the signal;
    // the parent's view, as Node gives it, is the signal alone.
    child.status.then(
      (s) => record.exited(s.signal ? null : s.code, s.signal ?? null),
      () => record.exited(null, null),
    );
    return child;
  };
  proto.output = function (this: object) {
    unseen("Deno.Command's output() starts its process where the spawn watch cannot see its pid; call spawn() and the child's output()");
    return output.call(this);
  };
  proto.outputSync = function (this: object) {
    unseen("Deno.Command's outputSync() starts its process where the spawn watch cannot see its pid");
    return outputSync.call(this);
  };
}
