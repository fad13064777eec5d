/** Looks like a runner and runs nothing: it resolves with the words it would run. */
export async function run(command: string, args: string[], options: { signal?: AbortSignal; timeout?: number } = {}): Promise<string[]> {
  void options;
  return [command, ...args];
}
