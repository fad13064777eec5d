// Running a verb of the command line inside this process: no loader to start for each call,
// so a test can make hundreds of them. What each call writes is routed to that call alone
// (AsyncLocalStorage), so calls running at once, and output of the test itself, never mix.
// Its exit code as the command would give it, and what it wrote; or what it threw that the
// command would have shown as a stack trace.

import { AsyncLocalStorage } from 'node:async_hooks';
import { runCommand } from '../../runners/cli/main.ts';

type Captured = { stdout: string; stderr: string };
const calls = new AsyncLocalStorage<Captured>();
let routed = false;

/** process.stdout and stderr write into the call whose context the write is made in. */
function route(): void {
  if (routed) return;
  routed = true;
  for (const [stream, key] of [[process.stdout, 'stdout'], [process.stderr, 'stderr']] as const) {
    const write = stream.write.bind(stream) as (...a: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      const call = calls.getStore();
      if (!call) return write(chunk, ...rest);
      call[key] += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString();
      (rest.find((r) => typeof r === 'function') as (() => void) | undefined)?.();
      return true;
    }) as typeof stream.write;
  }
}

export type VerbResult = { code: number; stdout: string; stderr: string } | { threw: unknown };

export async function inProcess(args: string[]): Promise<VerbResult> {
  route();
  const captured: Captured = { stdout: '', stderr: '' };
  try {
    const code = await calls.run(captured, () => runCommand(args));
    return { code, ...captured };
  } catch (e) {
    return { threw: e };
  }
}

/** As the command line would end: a bug's stack trace on stderr and exit code 1. */
export async function commandInProcess(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const r = await inProcess(args);
  if ('threw' in r) return { code: 1, stdout: '', stderr: `${(r.threw as Error)?.stack ?? String(r.threw)}\n` };
  return r;
}
