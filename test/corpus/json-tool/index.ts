import { spawn } from 'node:child_process';

/** The arguments a model sends the tool, as one JSON text. */
interface ShellArguments {
  command: string;
  args?: string[];
  timeout_ms?: number;
}

/** A tool as an agent framework declares one: a name, a JSON schema, and a function of the model's JSON text. */
export const shellTool = {
  name: 'shell',
  description: 'Runs a program with its arguments.',
  parameters: {
    type: 'object',
    properties: { command: { type: 'string' }, args: { type: 'array', items: { type: 'string' } }, timeout_ms: { type: 'number' } },
    required: ['command'],
  },
  invoke(input: string, context?: { signal?: AbortSignal }): Promise<string> {
    const { command, args = [], timeout_ms } = JSON.parse(input) as ShellArguments;
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'], signal: context?.signal, timeout: timeout_ms });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d));
      child.on('error', () => undefined);
      child.on('close', (code, sig) => (code === 0 ? resolve(out) : reject(Object.assign(new Error(`${command}: ${code ?? sig}`), { code, signal: sig }))));
    });
  },
};
