import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** The command's output, a line at a time; done when the child has closed, thrown when it failed. */
export async function* lines(command: string, args: string[], options: { signal?: AbortSignal; timeout?: number } = {}): AsyncGenerator<string> {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'ignore'] });
  const closed = new Promise<{ code: number | null; signal: string | null }>((resolve, reject) => {
    child.on('error', (err) => {
      if (child.pid === undefined) reject(err);
    });
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  for await (const line of createInterface({ input: child.stdout })) yield line;
  const { code, signal } = await closed;
  if (code !== 0) throw Object.assign(new Error(`${command}: ${code ?? signal}`), { code, signal });
}
