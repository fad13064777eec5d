import { spawn } from 'node:child_process';

export class Command {
  #signal: AbortSignal | undefined;
  #timeout: number | undefined;
  #cwd: string | undefined;
  constructor(
    private readonly file: string,
    private readonly args: string[],
  ) {}

  signal(signal: AbortSignal): this {
    this.#signal = signal;
    return this;
  }

  timeout(ms: number): this {
    this.#timeout = ms;
    return this;
  }

  cwd(dir: string): this {
    this.#cwd = dir;
    return this;
  }

  run(): Promise<number> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.file, this.args, { signal: this.#signal, timeout: this.#timeout, cwd: this.#cwd, stdio: 'ignore' });
      child.on('error', (err) => {
        if (child.pid === undefined) reject(err);
      });
      child.on('close', (code, sig) => (code === 0 ? resolve(0) : reject(Object.assign(new Error(`${this.file}: ${code ?? sig}`), { code, signal: sig }))));
    });
  }
}

export function command(file: string, args: string[] = []): Command {
  return new Command(file, args);
}
