import { spawn } from 'node:child_process';

/** What the tag returns: options set by its methods, run when it is awaited. */
export class Pending implements PromiseLike<number> {
  #signal: AbortSignal | undefined;
  #timeout: number | undefined;
  #run: Promise<number> | undefined;
  constructor(private readonly words: string[]) {}

  signal(signal: AbortSignal): this {
    this.#signal = signal;
    return this;
  }

  timeout(ms: number): this {
    this.#timeout = ms;
    return this;
  }

  then<A = number, B = never>(ok?: ((n: number) => A | PromiseLike<A>) | null, no?: ((e: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    this.#run ??= new Promise((resolve, reject) => {
      const [file, ...args] = this.words;
      const child = spawn(file, args, { signal: this.#signal, timeout: this.#timeout, stdio: 'ignore' });
      child.on('error', (err) => {
        if (child.pid === undefined) reject(err);
      });
      child.on('close', (code, sig) => (code === 0 ? resolve(0) : reject(Object.assign(new Error(`${file}: ${code ?? sig}`), { code, signal: sig }))));
    });
    return this.#run.then(ok, no);
  }
}

/** `` $`${file} ${arg}` ``: each value one word, the template's own text split on spaces. */
export function $(strings: TemplateStringsArray, ...values: string[]): Pending {
  const words: string[] = [];
  strings.forEach((s, i) => {
    words.push(...s.split(/\s+/).filter(Boolean));
    if (i < values.length) words.push(values[i]);
  });
  return new Pending(words);
}
