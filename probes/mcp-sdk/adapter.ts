// The MCP TypeScript SDK's Client.connect over its StdioClientTransport, with the
// request options signal and timeout, as its documentation shows. With the probe option
// closeOnFailure (the mcp-sdk-close probe), the caller also closes the transport when
// connect fails, and the call settles after that close.

import { definedOnly, type AdapterRun } from 'childproof';

interface McpSdk {
  client: { Client: new (info: { name: string; version: string }) => { connect(t: unknown, o: unknown): Promise<void>; close(): Promise<void> } };
  stdio: { StdioClientTransport: new (p: { command: string; args: string[]; cwd: string }) => { close(): Promise<void> } };
}

export const uses = ['stdio.StdioClientTransport', 'client.Client'];

export const run: AdapterRun<McpSdk> = async (call, target) => {
  const transport = new target.stdio.StdioClientTransport({ command: call.file, args: call.args, cwd: call.cwd });
  const client = new target.client.Client({ name: 'childproof', version: '1.0.0' });
  try {
    await client.connect(transport, definedOnly({ signal: call.signal, timeout: call.timeout }));
  } catch (error) {
    if (call.options.closeOnFailure) await transport.close();
    throw error;
  }
  await client.close();
};
