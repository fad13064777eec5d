// The adapter contract: what childproof hands an adapter, and what it expects back. An
// adapter file exports `run`, typed as `AdapterRun<Target>`, and imports nothing else of
// childproof.

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
  options: Record<string, unknown>;
}

/**
 * An adapter receives its target (the verified module, or the Node builtin) rather than
 * importing it, so the code it calls is always the code that was verified.
 */
export type AdapterRun<Target = unknown> = (call: GenericCall, target: Target) => Promise<unknown>;

/**
 * The one idiom for optional options: an option the case leaves out is left out of the
 * target's options too, rather than passed as `undefined` (which some libraries read
 * differently from absence).
 */
export function definedOnly<T extends Record<string, unknown>>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Partial<T>;
}
