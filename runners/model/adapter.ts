// The adapter contract: what childproof hands an adapter, and what it expects back. This
// module is what `import ... from 'childproof'` names (package.json exports), and the one
// part of childproof an adapter may import: an adapter's build bundles it in.
//
// An adapter file exports `run(call, target)` and, to have `verify` and every trial check
// that its target has them, `uses`: the target's exports it calls. Either as named
// exports, or as one default export typed `Adapter<Target>`.

/** The generic call every adapter translates into its target's API. */
export interface GenericCall {
  file: string;
  args: string[];
  cwd: string;
  signal?: AbortSignal;
  /** The case's timeout, already decoded (NaN, Infinity included). */
  timeout?: number;
  /** Shell mode. `file` is then the whole command line, quoted, and `args` is empty: the
   *  form a library's shell option takes. These are the command's own words, for a
   *  target that writes the line itself (zx). */
  shell?: { file: string; args: string[] };
  maxBuffer?: number;
  /** Start the child detached, leading a process group of its own (feature `detached`). */
  detached?: boolean;
  /** Open an IPC channel to the child (feature `ipc`): for Node's fork(), the child is
   *  the module `args[0]`, run by `file`. */
  ipc?: boolean;
  /** Give the child a pipe for its stdin, held open and written nothing (feature `stdin`):
   *  what the target does with it when it stops the child is part of what a trial sees. */
  stdin?: 'pipe';
  options: Record<string, unknown>;
}

/**
 * An adapter receives its target (the verified module, or the Node builtin) rather than
 * importing it, so the code it calls is always the code that was verified.
 */
export type AdapterRun<Target = unknown> = (call: GenericCall, target: Target) => Promise<unknown>;

/** An adapter as one value: `export default { uses: ['exec'], run } satisfies Adapter<T>`. */
export interface Adapter<Target = unknown> {
  /** The target's exports `run` calls (`exec`; `client.Client` for a target of several
   *  modules by name; `execa|default` for either). A trial whose target lacks one is the
   *  adapter's error. */
  uses?: readonly string[];
  run: AdapterRun<Target>;
}

/**
 * The one idiom for optional options: an option the case leaves out is left out of the
 * target's options too, rather than passed as `undefined` (which some libraries read
 * differently from absence).
 */
export function definedOnly<T extends Record<string, unknown>>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** What settledOnClose needs of a child process: Node's ChildProcess, or a look-alike. */
export interface ClosingChild {
  stdout?: { resume(): unknown } | null;
  stderr?: { resume(): unknown } | null;
  once(event: 'error', listener: (err: Error) => void): unknown;
  once(event: 'close', listener: (code: number | null, signal: string | null) => void): unknown;
}

/**
 * The promise a user writes around a function that returns a child process: settled on
 * the first 'close' or 'error', a non-zero or signalled close rejected with the exit code
 * and signal attached. Its output is read and dropped, so a full pipe does not stall it.
 */
export function settledOnClose(child: ClosingChild): Promise<{ code: number }> {
  return new Promise((resolve, reject) => {
    child.stdout?.resume();
    child.stderr?.resume();
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) return resolve({ code });
      reject(Object.assign(new Error(`child exited with ${signal ?? `code ${code}`}`), { exitCode: code, signal }));
    });
  });
}

/** One word as a POSIX shell reads it back: bare where it is plain, else in single quotes. */
const quoted = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/**
 * The call's command as one command line, for a target that takes a string a shell runs
 * (`exec(commandLine, …)`): in shell mode the line the case gave, else the file and its
 * arguments, each quoted.
 */
export function commandLine(call: Pick<GenericCall, 'file' | 'args' | 'shell'>): string {
  return call.shell ? call.file : [call.file, ...call.args].map(quoted).join(' ');
}

/** The arguments a tagged template is called with for these words: `` tag`${w0} ${w1}` ``. */
export function tagged(words: string[]): [TemplateStringsArray, ...string[]] {
  const strings = words.length ? ['', ...words.slice(1).map(() => ' '), ''] : [''];
  return [Object.assign([...strings], { raw: [...strings] }) as unknown as TemplateStringsArray, ...words];
}

/** An async iterator of output, read to its end as a caller's `for await` reads it. */
export async function drained(lines: AsyncIterable<unknown>): Promise<{ items: number }> {
  let items = 0;
  for await (const _ of lines) items++;
  return { items };
}

/**
 * A tool call's arguments as the one JSON text a model sends. A number JSON has no form
 * for (NaN, Infinity: a case's invalid timeout) is the adapter's error, never sent as the
 * `null` JSON.stringify would write in its place.
 */
export function jsonArguments(value: Record<string, unknown>): string {
  return JSON.stringify(value, (key, v: unknown) => {
    if (typeof v === 'number' && !Number.isFinite(v)) throw new Error(`${key}: ${v} has no JSON form, so a tool call's arguments cannot carry it`);
    return v;
  });
}
