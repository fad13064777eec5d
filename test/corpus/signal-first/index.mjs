import { exec } from 'node:child_process';

// No types: the parameters' names are all a reader has.
export function shell(signal, cmd, timeout) {
  return new Promise((resolve, reject) => {
    const child = exec(cmd, { signal, timeout }, () => {});
    child.on('error', (err) => {
      if (child.pid === undefined) reject(err);
    });
    child.on('close', (code, sig) => (code === 0 ? resolve(code) : reject(Object.assign(new Error(`${cmd}: ${code ?? sig}`), { code, signal: sig }))));
  });
}
