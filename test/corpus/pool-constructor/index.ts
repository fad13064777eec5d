import { spawn } from 'node:child_process';

/** A pool whose constructor needs a size no name says how to choose: the user gives it (--construct). */
export class WorkerPool {
  #running = 0;
  constructor(
    readonly size: number,
    readonly settings?: { label?: string },
  ) {}

  /** Runs a command when the pool has room; the signal and the timeout stop it, and it settles on the child's close. */
  run(file: string, args: string[], options?: { signal?: AbortSignal; timeout?: number }): Promise<number> {
    if (this.#running >= this.size) return Promise.reject(new Error(`${this.settings?.label ?? 'pool'}: full`));
    this.#running++;
    return new Promise<number>((resolve, reject) => {
      const child = spawn(file, args, { stdio: 'ignore', signal: options?.signal, timeout: options?.timeout });
      child.on('error', () => undefined);
      child.on('close', (code, sig) => (code === 0 ? resolve(0) : reject(Object.assign(new Error(`${file}: ${code ?? sig}`), { code, signal: sig }))));
    }).finally(() => this.#running--);
  }
}
