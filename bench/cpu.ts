// CPU time, this process's and that of the children it has waited for (which include
// theirs): /proc/self/stat's cutime and cstime. Linux only, as the benchmark is.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** Milliseconds of CPU used by children that have been waited for, so far. */
export function childrenCpuMs(): number {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // stat fields 16 and 17 (cutime, cstime), counted here from the state field, field 3.
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND;
}

export function ownCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Average CPU of one run of `argv` in `env`, over `times` runs one after another. */
export function commandCpuMs(argv: string[], times: number, env: NodeJS.ProcessEnv = process.env): number {
  const before = childrenCpuMs();
  for (let i = 0; i < times; i++) {
    const r = spawnSync(argv[0], argv.slice(1), { stdio: 'ignore', env });
    if (r.status !== 0) throw new Error(`${argv.slice(0, 3).join(' ')} exited with ${r.status}`);
  }
  return (childrenCpuMs() - before) / times;
}

/** Wall and CPU (own and children's, and own alone) of `work`. */
export async function measure<T>(work: () => Promise<T>): Promise<{ value: T; wallMs: number; cpuMs: number; ownMs: number }> {
  const [wall, own, children] = [performance.now(), ownCpuMs(), childrenCpuMs()];
  const value = await work();
  const ownMs = ownCpuMs() - own;
  return { value, wallMs: performance.now() - wall, cpuMs: ownMs + childrenCpuMs() - children, ownMs };
}
