// The AI SDK's createMCPClient over its stdio transport, bounded and cancelled through
// initializationOptions, as its documentation shows.

import type { GenericCall } from '../../runners/types.ts';

interface AiSdkMcp {
  mcp: { createMCPClient(config: Record<string, unknown>): Promise<{ close(): Promise<void> }> };
  stdio: { StdioMCPTransport: new (p: { command: string; args: string[]; cwd: string }) => unknown };
}

export async function run(call: GenericCall, target: AiSdkMcp) {
  const client = await target.mcp.createMCPClient({
    transport: new target.stdio.StdioMCPTransport({ command: call.file, args: call.args, cwd: call.cwd }),
    initializationOptions: { signal: call.signal, timeout: call.timeout },
  });
  await client.close();
}
