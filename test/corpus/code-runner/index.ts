import { spawn } from 'node:child_process';

export interface Snippet {
  language: 'python' | 'sh' | 'node';
  code: string;
  timeout?: number;
}

const RUNNERS = { python: ['python3', '-c'], sh: ['sh', '-c'], node: [process.execPath, '-e'] } as const;

export async function execute(snippet: Snippet): Promise<{ ok: true }> {
  const [bin, flag] = RUNNERS[snippet.language];
  return new Promise((resolve, reject) => {
    const child = spawn(bin, [flag, snippet.code], { timeout: snippet.timeout, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code, signal) => (code === 0 ? resolve({ ok: true }) : reject(Object.assign(new Error(`snippet failed: ${code ?? signal}`), { code, signal }))));
  });
}
