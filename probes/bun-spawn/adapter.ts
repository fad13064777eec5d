// Bun.spawn as its documentation shows it: the argv as an array, signal, timeout and
// killSignal as options, then the output read to its end beside `exited`. A non-zero or
// signalled exit rejects with the exit code and signal attached, as node-spawn's does.

import { definedOnly, type AdapterRun } from 'childproof';

type Subprocess = { stdout: ReadableStream; stderr: ReadableStream; exited: Promise<number>; exitCode: number | null; signalCode: string | null };
type Bun = { spawn(cmd: string[], options: Record<string, unknown>): Subprocess };

export const uses = ['spawn'];

export const run: AdapterRun<Bun> = async (call, bun) => {
  const proc = bun.spawn([call.file, ...call.args], {
    cwd: call.cwd,
    stdout: 'pipe',
    ...(call.stdin ? { stdin: 'pipe' } : {}),
    stderr: 'pipe',
    ...definedOnly({ signal: call.signal, timeout: call.timeout, killSignal: call.options.killSignal }),
  });
  await Promise.all([new Response(proc.stdout).arrayBuffer(), new Response(proc.stderr).arrayBuffer(), proc.exited]);
  if (proc.exitCode === 0) return { code: 0 };
  throw Object.assign(new Error(`child exited with ${proc.signalCode ?? `code ${proc.exitCode}`}`), { exitCode: proc.exitCode, signal: proc.signalCode });
};
