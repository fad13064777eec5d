// Shared by the tests: waiting on files and lines (never on a clock, and never forever:
// every wait has a bound and names what it waited for), running the CLI, and making
// scratch directories that are removed afterwards.

// First: TMPDIR is this process's own before anything below asks for it.
import './scratch-root.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { AsyncLocalStorage } from 'node:async_hooks';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { $ } from 'zx';
import { bounded, INSTALL_LIMIT_MS, WAIT_LIMIT_MS } from './bounded.ts';
import { withoutStartCosts } from '../../runners/engine/trial-env.ts';
import { fixtureArgv } from '../../runners/protocol/fixture-argv.mjs';
import type { ChildBehaviour } from '../../runners/model/case.ts';
import type { RawEvent } from '../../runners/model/observations.ts';
import { FIXTURE, ROOT } from '../../runners/model/paths.ts';
import { eventsDir, readyDir, whenSeen } from '../../runners/protocol/trial-dir.mjs';
import { commandInProcess } from './in-process.ts';

export { FIXTURE, ROOT };
export const BIN = path.join(ROOT, 'bin', 'childproof.mjs');

const made: string[] = [];

/** A scratch directory, removed when the test process exits: a suite's work may still be
 *  reading its own while another suite finishes (suite.ts starts them all at import). */
export function tempDir(prefix = 'childproof-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (made.length === 0) process.once('exit', removeTempDirs);
  made.push(dir);
  return dir;
}

/** The scratch directories made so far: a command line below one is the suite's. */
export function tempDirsMade(): readonly string[] {
  return made;
}


export function removeTempDirs(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** The environment of a process the suite starts that reaches no registry (a fixture, a
 *  command that installs nothing), as a trial's processes start (engine/trial-env.ts). A
 *  command that installs keeps it all, for npm's connections to a registry behind a CA. */
export function offlineEnv(): NodeJS.ProcessEnv {
  return withoutStartCosts(process.env);
}

/** Resolves when `test` holds, re-checking whenever something in `dir` changes. */
export function whenInDir(dir: string, test: () => boolean, what: string): Promise<void> {
  let stop = () => {};
  // The protocol's one wait for an entry (protocol/trial-dir.mjs), bounded against a hang.
  const seen = new Promise<void>((resolve) => (stop = whenSeen(dir, test, () => false, resolve)));
  return bounded(what, seen, () => stop());
}

export function readEventsOf(dir: string, pid: number): RawEvent[] {
  const file = path.join(eventsDir(dir), `${pid}.jsonl`);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/** Waits for the fixture `pid` to log an event of `kind` (optionally matching more fields). */
export function whenEvent(dir: string, pid: number, kind: string, match: Record<string, unknown> = {}): Promise<void> {
  const has = () => readEventsOf(dir, pid).some((e) => e.kind === kind && Object.entries(match).every(([k, v]) => e[k] === v));
  return whenInDir(eventsDir(dir), has, `fixture ${pid} to log "${kind}"`);
}

export function startFixture(
  dir: string,
  behaviour: ChildBehaviour,
  opts: { capMs?: number; stdin?: 'pipe' | 'ignore'; detached?: boolean } = {},
): ChildProcess {
  const args = fixtureArgv({ fixture: FIXTURE, dir, tag: 'childproof-fixture-test', role: 'child', capMs: opts.capMs ?? 30_000, behaviour });
  return spawn(process.execPath, args, { stdio: [opts.stdin ?? 'ignore', 'pipe', 'pipe'], detached: opts.detached, env: offlineEnv() });
}

export function whenReady(dir: string, role = 'child'): Promise<void> {
  return whenInDir(readyDir(dir), () => fs.existsSync(path.join(readyDir(dir), role)), `the fixture in role ${role} to be ready`);
}

export function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return bounded(`process ${child.pid} to exit`, once(child, 'exit').then(([code, signal]) => ({ code, signal })));
}

/** Runs the childproof command from outside the checkout, as a user of the bin would. */
export function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return cliIn(os.tmpdir(), ...args);
}

/** The same, from the directory a user works in (their project, say). */
export function cliIn(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return cliWith(cwd, {}, ...args);
}

/** The same, with variables of its own in the environment. */
export function cliWith(cwd: string, env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runCli(cwd, env, 'reads', args);
}

/** A command that runs a whole suite of trials (check: calibration, then every core case),
 *  whose length under a loaded machine is the trials', not a hang's. */
export function cliInRunning(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runCli(cwd, {}, 'installs', args);
}

/** The same, with variables of its own in the environment (a cache of its own, say). */
export function cliWithRunning(cwd: string, env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runCli(cwd, env, 'installs', args);
}

/** A shell line, as a CI step runs it (`npx childproof …`), in `cwd`, with a suite's limit. */
export function shellInRunning(cwd: string, line: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return inSlot(async () => {
    const running = $({ nothrow: true, quiet: true, cwd })`sh -c ${line}`;
    const out = await bounded(line, running, () => void running.kill('SIGINT'), INSTALL_LIMIT_MS);
    return { code: out.exitCode ?? -1, stdout: out.stdout, stderr: out.stderr };
  });
}

/** A command that may install every built-in probe's package into an empty cache first. */
export function cliInstalling(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runCli(os.tmpdir(), {}, 'installs', args);
}

/**
 * Verbs that only read and write files and start no process of their own: run inside this
 * process when nothing about the call is the process's own (its directory, its environment),
 * without a TypeScript loader to start each time. Every other call is a real command line.
 */
const IN_PROCESS = new Set(['validate', 'render', 'judge', 'compare', 'list', 'verify', 'publish', 'merge', '--version']);

/** Where a written file goes: after one of these, only an absolute path means the same here. */
const OUTPUTS = new Set(['--out', '--dir', '--publish']);

/** An argument that means the same from this process's directory as from the temporary one:
 *  a flag, an absolute path, or a word that names no file (a probe, a case id, a format). */
function sameFromHere(arg: string, i: number, args: string[]): boolean {
  if (path.isAbsolute(arg) || (arg.startsWith('-') && !arg.includes('='))) return true;
  if (OUTPUTS.has(args[i - 1] ?? '')) return false;
  return !arg.startsWith('.') && !/\.[a-z]+$/i.test(arg) && !arg.includes('=');
}

/**
 * A command that `installs` (or runs a suite of trials) has the longer limit, and always a
 * process of its own: its synchronous installs, in this one, would hold every test waiting
 * here for as long as they took.
 */
async function runCli(cwd: string, env: Record<string, string>, work: 'reads' | 'installs', args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const limitMs = work === 'installs' ? INSTALL_LIMIT_MS : WAIT_LIMIT_MS;
  if (work === 'reads' && cwd === os.tmpdir() && Object.keys(env).length === 0 && IN_PROCESS.has(args[0]) && args.every(sameFromHere)) {
    return bounded(`childproof ${args.join(' ')} (in process)`, commandInProcess(args), () => {}, limitMs);
  }
  // The wait limit starts once the command has a slot: a test queued behind others is not late.
  return inSlot(async () => {
    const running = $({ nothrow: true, quiet: true, cwd, env: { ...(work === 'installs' ? process.env : offlineEnv()), ...env } })`${process.execPath} ${BIN} ${args}`;
    const out = await bounded(`childproof ${args.join(' ')}`, running, () => void running.kill('SIGINT'), limitMs);
    return { code: out.exitCode ?? -1, stdout: out.stdout, stderr: out.stderr };
  });
}

/** At most one command line per core at once, however many tests start them together. */
const SLOTS = Math.max(2, os.availableParallelism());
let busy = 0;
const queued: Array<() => void> = [];
const holding = new AsyncLocalStorage<true>();

/**
 * Runs `work` once a slot is free. Work that already holds one (a test that keeps a run
 * going while it runs a second command) runs at once: waiting for a second slot while
 * holding the first is how two such tests would wait on each other forever.
 */
export async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (holding.getStore()) return work();
  // A slot freed is handed to the next in line, never left for a newcomer to take.
  if (busy >= SLOTS) await new Promise<void>((resolve) => queued.push(resolve));
  else busy++;
  try {
    return await holding.run(true, work);
  } finally {
    const next = queued.shift();
    if (next) next();
    else busy--;
  }
}

export function writeJson(file: string, data: unknown): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data, null, 2));
  return file;
}

/**
 * Polls a condition that no file or event announces (another process appearing in
 * /proc). The delay only paces the polling; the condition is what is waited for.
 */
export function until<T>(what: string, probe: () => T | null | undefined | false): Promise<T> {
  let stop = false;
  const poll = async () => {
    while (!stop) {
      const value = probe();
      if (value) return value;
      await delay(25);
    }
    throw new Error('stopped');
  };
  return bounded(what, poll(), () => {
    stop = true;
  });
}
