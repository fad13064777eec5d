import { spawn } from 'node:child_process';

export interface Job {
  command: string;
  args: string[];
  cwd?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export function execute(job: Job): Promise<{ exitCode: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(job.command, job.args, { cwd: job.cwd, signal: job.signal, timeout: job.timeoutMs, stdio: 'ignore' });
    child.on('error', (err) => {
      if (child.pid === undefined) reject(err);
    });
    child.on('close', (code, signal) => (code === 0 ? resolve({ exitCode: 0 }) : reject(Object.assign(new Error(`job failed: ${code ?? signal}`), { code, signal }))));
  });
}

export function describe(job: Job): string {
  return `${job.command} ${job.args.join(' ')}`;
}
