import { spawn, type ChildProcess } from 'node:child_process';

/** A handle that stops what it is given to: not an AbortSignal. */
export class KillSwitch {
  #children = new Set<ChildProcess>();
  attach(child: ChildProcess): void {
    this.#children.add(child);
  }
  flip(): void {
    for (const c of this.#children) c.kill();
  }
}

export function launch(target: { exe: string; argv: string[] }, killSwitch: KillSwitch): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(target.exe, target.argv, { stdio: 'ignore' });
    killSwitch.attach(child);
    child.on('close', (code, sig) => (code === 0 ? resolve(0) : reject(Object.assign(new Error(`${target.exe}: ${code ?? sig}`), { code, signal: sig }))));
  });
}
