import { spawn } from 'node:child_process';

interface ExecOptions {
  signal?: AbortSignal;
  timeout?: number;
  killSignal?: NodeJS.Signals;
}

class Runner {
  constructor(private readonly cwd: string | undefined) {}

  exec(command: string, args: string[], options: ExecOptions = {}): Promise<number> {
    return this.start(command, args, options);
  }

  private start(command: string, args: string[], options: ExecOptions): Promise<number> {
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, { ...options, cwd: this.cwd, stdio: 'ignore' });
      child.on('error', (err) => {
        if (child.pid === undefined) reject(err);
      });
      child.on('close', (code, sig) => (code === 0 ? resolve(0) : reject(Object.assign(new Error(`${command}: ${code ?? sig}`), { code, signal: sig }))));
    });
  }

  private quote(word: string): string {
    return JSON.stringify(word);
  }

  protected describe(command: string, args: string[]): string {
    return [command, ...args].map((w) => this.quote(w)).join(' ');
  }
}

/** The only way to a Runner: the class itself is not exported. */
export function createRunner(options: { cwd?: string } = {}): Runner {
  return new Runner(options.cwd);
}
