// Running a verb of the command line from its sources inside this process: no loader to
// start for each call, so a test can make hundreds of them (support/capture.mjs).

import { runCommand } from '../../runners/cli/main.ts';
import { capturing, type VerbResult } from './capture.mjs';

export type { VerbResult };

export const inProcess: (args: string[]) => Promise<VerbResult> = capturing(runCommand);

/** As the command line would end: a bug's stack trace on stderr and exit code 1. */
export async function commandInProcess(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const r = await inProcess(args);
  if ('threw' in r) return { code: 1, stdout: '', stderr: `${(r.threw as Error)?.stack ?? String(r.threw)}\n` };
  return r;
}
