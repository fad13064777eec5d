// Runtimes the full tier runs trials on, installed without holding the test process:
// runtimeFor installs with npm synchronously, and an install at one suite's import held
// every other test of its process, whose bounds against a hang then ran out on commands
// that had long exited, their exits still waiting behind the install. The install runs in
// a process of its own; the runtime is then found installed.

import { execFile } from 'node:child_process';
import { runtimeFor, type Runtime } from '../../runners/identity/runtime.ts';
import { bounded, INSTALL_LIMIT_MS } from './bounded.ts';
import { ROOT } from './helpers.ts';

/** A process that asks for `spec` (in the cache `env` names, or this process's), and prints the binary it was given. */
export function askForRuntime(spec: string, env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const script = `import('./runners/identity/runtime.ts').then((m) => console.log(m.runtimeFor(${JSON.stringify(spec)}).execPath))`;
  let child: ReturnType<typeof execFile> | undefined;
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child = execFile(process.execPath, ['--import', 'tsx', '-e', script], { cwd: ROOT, env: { ...process.env, ...env } }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
  // An install that never ends fails the test, and is stopped, instead of hanging the suite.
  return bounded(`runtimeFor(${spec})`, done, () => void child?.kill('SIGKILL'), INSTALL_LIMIT_MS);
}

const installing = new Map<string, Promise<void>>();

/** `spec`'s runtime, installed first by a process of its own where it is not yet: once per
 *  test process, however many suites ask. */
export async function runtimeInstalled(spec: string): Promise<Runtime> {
  if (!installing.has(spec)) {
    installing.set(spec, askForRuntime(spec).then((asked) => {
      if (asked.code !== 0) throw new Error(`installing ${spec}: ${asked.stderr.trim()}`);
    }));
  }
  await installing.get(spec);
  return runtimeFor(spec);
}
