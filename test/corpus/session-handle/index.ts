import { spawn, type ChildProcess } from 'node:child_process';

/** What a caller opens first and hands to every command: a handle, not options, and no class to make one with. */
export interface Session {
  readonly id: number;
  track(child: ChildProcess): void;
  close(): void;
}

let opened = 0;

export function openSession(): Session {
  const children = new Set<ChildProcess>();
  return {
    id: ++opened,
    track: (child) => void children.add(child).size,
    close: () => children.clear(),
  };
}

/** Runs a command in the session; the signal stops it, and the promise settles on its close. */
export function runIn(session: Session, command: string, args: string[], signal?: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'ignore', signal });
    session.track(child);
    child.on('error', () => undefined);
    child.on('close', (code, sig) => (code === 0 ? resolve(0) : reject(Object.assign(new Error(`${command}: ${code ?? sig}`), { code, signal: sig }))));
  });
}
