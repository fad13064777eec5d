// Pinned test targets, built inside each test: a target file that leaves a trace when it
// is imported, a probe around it, and git and pin run as a user would.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as assert from 'uvu/assert';
import type { Identity } from '../../runners/model/probe.ts';
import { cli, tempDir, writeJson } from './helpers.ts';

export const STACK = /\n\s+at /;
export const FAST_CASE = 'core/invalid-timeout-negative';

/** A target whose import leaves a trace: it writes `name` into `traces` when loaded. */
export function targetSource(traces: string, name: string): string {
  return [
    "import fs from 'node:fs';",
    "import { execFile } from 'node:child_process';",
    `fs.writeFileSync(${JSON.stringify(path.join(traces, name))}, 'ran');`,
    'export function go(call) {',
    '  return new Promise((resolve, reject) =>',
    '    execFile(call.file, call.args, { signal: call.signal, timeout: call.timeout }, (e) => (e ? reject(e) : resolve())));',
    '}',
    '',
  ].join('\n');
}

export const ADAPTER = 'export function run(call, target) { return target.go(call); }\n';

export function writeProbe(dir: string, identity: Identity | Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  writeJson(path.join(dir, 'probe.json'), {
    name: path.basename(dir),
    title: 'a pinned test target',
    identity,
    adapter: 'adapter.mjs',
    // exit-status too: core/success, which such a target passes, is then its control.
    supports: ['signal', 'timeout', 'exit-status'],
    ...extra,
  });
  fs.writeFileSync(path.join(dir, 'adapter.mjs'), ADAPTER);
  return dir;
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t.invalid', ...args], { cwd, encoding: 'utf8' }).trim();
}

export async function pin(...args: string[]): Promise<Identity> {
  const r = await cli('pin', ...args);
  assert.is(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).identity;
}

/** A probe pinned by `pin --file` to target.mjs in its own directory. */
export async function pinnedFilesProbe(name = 'pinned'): Promise<{ dir: string; traces: string; target: string }> {
  const base = tempDir();
  const dir = path.join(base, name);
  const traces = path.join(base, 'traces');
  fs.mkdirSync(traces, { recursive: true });
  const target = path.join(dir, 'target.mjs');
  writeJson(target, targetSource(traces, 'good'));
  const identity = await pin('--file', target);
  writeProbe(dir, { ...identity, root: '.' });
  return { dir, traces, target };
}
