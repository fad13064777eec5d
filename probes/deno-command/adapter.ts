// Deno.Command as its documentation shows it for a process that may be stopped: a
// signal in the options, spawn(), then the child's output(). A non-zero or signalled
// exit rejects with the exit code and signal attached, as node-spawn's does. Deno has
// no timeout option (AbortSignal.timeout is a signal like any other).

import { definedOnly, type AdapterRun } from 'childproof';

type Output = { code: number; signal: string | null };
type Deno = { Command: new (file: string, options: Record<string, unknown>) => { spawn(): { output(): Promise<Output> } } };

export const uses = ['Command'];

export const run: AdapterRun<Deno> = async (call, deno) => {
  const child = new deno.Command(call.file, {
    args: call.args,
    cwd: call.cwd,
    stdout: 'piped',
    ...(call.stdin ? { stdin: 'piped' } : {}),
    stderr: 'piped',
    ...definedOnly({ signal: call.signal }),
  }).spawn();
  const { code, signal } = await child.output();
  if (code === 0 && signal === null) return { code };
  throw Object.assign(new Error(`child exited with ${signal ?? `code ${code}`}`), { exitCode: signal ? null : code, signal });
};
