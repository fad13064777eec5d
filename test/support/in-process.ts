// Running a verb of the command line inside this process, quietly: no loader to start for
// each call, so a test can make hundreds of them. Its exit code as the command would give
// it, the lines it wrote to stderr, or what it threw that the command would have shown as
// a stack trace.

import { main } from '../../runners/cli/main.ts';
import { InputError, IntegrityError } from '../../runners/model/errors.ts';

export type VerbResult = { code: number; stderr: string } | { threw: unknown };

export async function inProcess(args: string[]): Promise<VerbResult> {
  const [out, err] = [process.stdout.write, process.stderr.write];
  let stderr = '';
  process.stdout.write = (() => true) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  }) as typeof process.stderr.write;
  try {
    return { code: await main(args), stderr };
  } catch (e) {
    if (e instanceof InputError || e instanceof IntegrityError) return { code: e.exitCode, stderr: stderr + e.problems.map((p) => `childproof: ${p}\n`).join('') };
    return { threw: e };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
}
