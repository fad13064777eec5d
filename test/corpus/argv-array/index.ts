import { spawn } from 'node:child_process';

export interface RunOptions {
  signal?: AbortSignal;
  timeout?: number;
  cwd?: string;
}

/** The whole argument vector, program first. */
export function run(argv: string[], options: RunOptions = {}): Promise<number> {
  const [file, ...args] = argv;
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...options, stdio: 'ignore' });
    child.on('error', (err) => {
      if (child.pid === undefined) reject(err);
    });
    child.on('close', (code, sig) => (code === 0 ? resolve(0) : reject(Object.assign(new Error(`${file}: ${code ?? sig}`), { code, signal: sig }))));
  });
}
