// Shared by the tests: waiting on files and lines (never on a clock), and running the CLI.

import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { $ } from 'zx';
import type { ChildBehaviour, RawEvent } from '../runners/types.ts';

export const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FIXTURE = path.join(ROOT, 'runners', 'fixture.mjs');
export const BIN = path.join(ROOT, 'bin', 'childproof.mjs');

const made: string[] = [];

export function tempDir(prefix = 'childproof-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** Resolves when `test` holds, re-checking whenever something in `dir` changes. */
export function whenInDir(dir: string, test: () => boolean): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  return new Promise((resolve) => {
    const watcher = fs.watch(dir, { recursive: false }, check);
    function check() {
      if (test()) {
        watcher.close();
        resolve();
      }
    }
    check();
  });
}

export function readEventsOf(dir: string, pid: number): RawEvent[] {
  const file = path.join(dir, 'events', `${pid}.jsonl`);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/** Waits for the fixture `pid` to log an event of `kind` (optionally matching more fields). */
export function whenEvent(dir: string, pid: number, kind: string, match: Record<string, unknown> = {}): Promise<void> {
  const has = () =>
    readEventsOf(dir, pid).some((e) => e.kind === kind && Object.entries(match).every(([k, v]) => e[k] === v));
  return whenInDir(path.join(dir, 'events'), has);
}

export function startFixture(
  dir: string,
  behaviour: ChildBehaviour,
  opts: { capMs?: number; stdin?: 'pipe' | 'ignore'; detached?: boolean } = {},
): ChildProcess {
  const args = [
    FIXTURE,
    '--dir', dir,
    '--tag', 'childproof-fixture-test',
    '--role', 'child',
    '--cap', String(opts.capMs ?? 30_000),
    '--spec', Buffer.from(JSON.stringify(behaviour)).toString('base64url'),
  ];
  return spawn(process.execPath, args, { stdio: [opts.stdin ?? 'ignore', 'pipe', 'pipe'], detached: opts.detached });
}

export function whenReady(dir: string, role = 'child'): Promise<void> {
  return whenInDir(path.join(dir, 'ready'), () => fs.existsSync(path.join(dir, 'ready', role)));
}

export function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return once(child, 'exit').then(([code, signal]) => ({ code, signal }));
}

/** Runs the childproof command from outside the checkout, as a user of the bin would. */
export async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = await $({ nothrow: true, quiet: true, cwd: os.tmpdir() })`${process.execPath} ${BIN} ${args}`;
  return { code: out.exitCode ?? -1, stdout: out.stdout, stderr: out.stderr };
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
export async function until<T>(probe: () => T | null | undefined | false): Promise<T> {
  for (;;) {
    const value = probe();
    if (value) return value;
    await delay(25);
  }
}
