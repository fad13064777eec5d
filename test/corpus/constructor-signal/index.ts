import { spawn } from 'node:child_process';

export interface ExecutorOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  cwd?: string;
}

export class Executor {
  constructor(private readonly options: ExecutorOptions = {}) {}

  run(file: string, args: string[]): Promise<number> {
    const { signal, timeoutMs, cwd } = this.options;
    this.log(file);
    return new Promise((resolve, reject) => {
      const child = spawn(file, args, { signal, timeout: timeoutMs, cwd, stdio: 'ignore' });
      child.on('error', (err) => {
        if (child.pid === undefined) reject(err);
      });
      child.on('close', (code, sig) => (code === 0 ? resolve(0) : reject(Object.assign(new Error(`${file}: ${code ?? sig}`), { code, signal: sig }))));
    });
  }

  private log(line: string): void {
    void line;
  }
}
