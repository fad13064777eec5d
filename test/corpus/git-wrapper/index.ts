import { spawn } from 'node:child_process';

export interface RunnerOptions {
  binary?: string;
  baseDir?: string;
  timeout?: { block: number };
  abort?: AbortSignal;
}

export interface SimpleRunner {
  raw(args: string[]): Promise<string>;
  version(): Promise<string>;
}

/** A wrapper around one program, git-like: the program in the options, its arguments per call. */
export function simpleRunner(options: RunnerOptions = {}): SimpleRunner {
  const raw = (args: string[]): Promise<string> =>
    new Promise((resolve, reject) => {
      const child = spawn(options.binary ?? 'git', args, { cwd: options.baseDir, signal: options.abort, timeout: options.timeout?.block, stdio: 'ignore' });
      child.on('error', (err) => {
        if (child.pid === undefined) reject(err);
      });
      child.on('close', (code, sig) => (code === 0 ? resolve('') : reject(Object.assign(new Error(`${options.binary}: ${code ?? sig}`), { code, signal: sig }))));
    });
  return { raw, version: () => raw(['--version']) };
}
