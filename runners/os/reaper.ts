// Starting a trial's worker below its subreaper (reaper.pl), where Linux and perl allow
// it: every orphan of the trial, whatever cgroup, group or environment it went to, is
// then reparented to the reaper instead of to init, and is ended and named at the end.
// Elsewhere the worker is started directly, and the trial says what could escape.

import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Containment } from '../model/observations.ts';
import { MARK_VARIABLE, REAPER_VARIABLE } from './marks.ts';

const REAPER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'reaper.pl');

/** prctl(2)'s number on each architecture Node runs on Linux (asm/unistd.h). */
const SYS_PRCTL: Partial<Record<string, number>> = { x64: 157, arm64: 167, riscv64: 167, loong64: 167, ia32: 172, arm: 172, ppc64: 171, s390x: 172 };


/** A process the reaper ended: it was below the trial's subreaper when the trial was over. */
interface Reaped {
  pid: number;
  name: string;
}

export interface ReaperEnd {
  containment: Containment;
  ended: Reaped[];
}

interface Started {
  /** The process spawned: the reaper, or the worker itself where there is none. It leads the trial's process group. */
  child: ChildProcess;
  /** The worker's end: its exit code, or null when a signal ended it or it never started.
   *  Rejected with the spawn's error where no descriptor was left to start it with. */
  exit: Promise<number | null>;
  /** Whether the worker was started below the reaper, which then leads the group: ours,
   *  whether or not the kernel took its mark, and it ends what is below it. */
  viaReaper: boolean;
  /** Ends every process still below the reaper and says which; at once where there is none. */
  end: () => Promise<ReaperEnd>;
}

let perl: string | null | undefined;
function perlPath(): string | null {
  if (perl !== undefined) return perl;
  perl = (process.env.PATH ?? '').split(path.delimiter).map((d) => path.join(d, 'perl')).find((f) => {
    try {
      fs.accessSync(f, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  }) ?? null;
  return perl;
}

/** Why no subreaper can be had here, or null when one can be asked for. */
export function noReaper(): string | null {
  if (process.platform !== 'linux') return `${process.platform} has no child subreaper`;
  if (SYS_PRCTL[process.arch] === undefined) return `childproof does not know prctl's number on ${process.arch}`;
  if (!perlPath()) return 'perl is not installed, and the subreaper is a perl program';
  return null;
}

/** The command that runs `file args` below a subreaper (its word on fd 3), or null where there is none. */
export function reaperCommand(file: string, args: string[]): string[] | null {
  return noReaper() ? null : [perlPath()!, REAPER, String(SYS_PRCTL[process.arch]), file, ...args];
}

const OUT_OF_DESCRIPTORS = new Set(['EMFILE', 'ENFILE']);

/**
 * Out of descriptors, Node gives up on a spawn before it makes its pipes, and says why a
 * turn later: the run cannot go on, and ends through its own cleanup (its supervisor
 * released, its report's lock let go) with that error, rather than as a crash on an error
 * nobody listened for, or as a trial that never began.
 */
function outOfDescriptors(child: ChildProcess, why: string): Started | null {
  if (child.pid !== undefined || child.stdio) return null;
  const exit = new Promise<number | null>((resolve, reject) => child.on('error', (e: NodeJS.ErrnoException) => (OUT_OF_DESCRIPTORS.has(e.code ?? '') ? reject(e) : resolve(null))));
  return { child, exit, viaReaper: false, end: async () => ({ containment: { reaper: 'none', why }, ended: [] }) };
}

/**
 * Spawns `file args` detached, below a subreaper where one can be had, with `out` and
 * `err` as the worker's standard output and error.
 */
export function startContained(file: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; out: number; err: number }): Started {
  const why = noReaper();
  if (why) {
    const child = spawn(file, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', options.out, options.err] });
    const failed = outOfDescriptors(child, why);
    if (failed) return failed;
    const exit = new Promise<number | null>((resolve) => {
      child.on('error', () => resolve(null));
      child.once('exit', (code) => resolve(code));
    });
    return { child, exit, viaReaper: false, end: async () => ({ containment: { reaper: 'none', why }, ended: [] }) };
  }
  const stdio: StdioOptions = ['pipe', options.out, options.err, 'pipe'];
  // The reaper carries the trial's mark under a name of its own, and gives it back to the
  // worker: a sweep that ends the run's marked processes then spares it, so that it can
  // end what is below it first (os/end-run.ts).
  const { [MARK_VARIABLE]: mark, ...rest } = options.env;
  const env = mark === undefined ? rest : { ...rest, [REAPER_VARIABLE]: mark };
  const [perl, ...argv] = reaperCommand(file, args)!;
  const child = spawn(perl, argv, { cwd: options.cwd, env, detached: true, stdio });
  const failed = outOfDescriptors(child, 'the subreaper could not be started: no file descriptor was left');
  if (failed) return failed;
  let containment: Containment = { reaper: 'none', why: 'the subreaper never said whether the kernel took its mark' };
  const ended: Reaped[] = [];
  let exited: (code: number | null) => void = () => {};
  const exit = new Promise<number | null>((resolve) => (exited = resolve));
  let finished: () => void = () => {};
  const done = new Promise<void>((resolve) => (finished = resolve));
  let pending = '';
  let over = false;
  const said = (line: string) => {
    const [word, ...rest] = line.split(' ');
    if (word === 'reaper') containment = rest[0] === 'subreaper' ? { reaper: 'subreaper' } : { reaper: 'none', why: rest.slice(1).join(' ') };
    else if (word === 'exit') exited(rest[0] === 'code' ? Number(rest[1]) : null);
    else if (word === 'ended') ended.push({ pid: Number(rest[0]), name: rest.slice(1).join(' ') });
    else if (word === 'done') {
      over = true;
      finished();
    }
  };
  const words = child.stdio[3] as NodeJS.ReadableStream;
  words.setEncoding('utf8');
  words.on('data', (chunk: string) => {
    pending += chunk;
    for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
      said(pending.slice(0, nl));
      pending = pending.slice(nl + 1);
    }
  });
  // The reaper gone before it was told to end: killed from inside the trial, or never
  // started. What it held went to init, and the trial says so.
  const gone = () => {
    if (!over && containment.reaper === 'subreaper') containment = { reaper: 'lost', why: `the trial's subreaper (pid ${child.pid}) was ended before the trial was: what it held may have escaped` };
    exited(null);
    finished();
  };
  child.on('error', gone);
  child.once('close', gone);
  child.stdin?.on('error', () => {});
  let ending = false;
  return {
    child,
    exit,
    viaReaper: true,
    end: async () => {
      if (!ending) {
        ending = true;
        child.stdin?.end('end\n');
      }
      await done;
      return { containment, ended };
    },
  };
}
