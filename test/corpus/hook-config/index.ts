import { spawn } from 'node:child_process';

export interface HookConfig {
  command: string;
  timeout?: number;
  description?: string;
}

export interface HookResult {
  event: string;
  exitCode: number;
}

/** Runs a hook's shell command for an event, the event's input on its stdin. */
export function executeHook(hookConfig: HookConfig, eventName: string, input: unknown): Promise<HookResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(hookConfig.command, { shell: true, timeout: hookConfig.timeout, stdio: ['pipe', 'ignore', 'ignore'] });
    child.stdin.on('error', () => {});
    child.stdin.end(JSON.stringify({ event: eventName, input: input ?? null }));
    child.on('error', reject);
    child.on('close', (code, signal) => (code === 0 ? resolve({ event: eventName, exitCode: 0 }) : reject(Object.assign(new Error(`hook ${eventName} failed: ${code ?? signal}`), { code, signal }))));
  });
}
