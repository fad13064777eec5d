// The AI SDK's createMCPClient over its stdio transport, bounded and cancelled through
// initializationOptions, as its documentation shows.

import { definedOnly, type AdapterRun } from 'childproof';

interface AiSdkMcp {
  mcp: { createMCPClient(config: Record<string, unknown>): Promise<{ close(): Promise<void> }> };
  stdio: { StdioMCPTransport: new (p: { command: string; args: string[]; cwd: string }) => unknown };
}

export const uses = ['mcp.createMCPClient', 'stdio.StdioMCPTransport'];

export const run: AdapterRun<AiSdkMcp> = async (call, target) => {
  const client = await target.mcp.createMCPClient({
    transport: new target.stdio.StdioMCPTransport({ command: call.file, args: call.args, cwd: call.cwd }),
    initializationOptions: definedOnly({ signal: call.signal, timeout: call.timeout }),
  });
  await client.close();
};
