// What a parameter's or a key's name says it takes, where no type says it: the command, its
// arguments, a command line, options, a callback, the working directory, and each option
// under the names libraries give it. Read by call-roles.ts. Pure.

import type { ParamType, TypedParam } from './typed-params.ts';

/** The generic call's options an adapter places, in the order they are looked for. */
export const PLACED = ['signal', 'timeout', 'killSignal', 'shell', 'maxBuffer', 'detached', 'cwd'] as const;
export type Placed = (typeof PLACED)[number];

export const COMMAND = /^(cmd|command|file|filename|bin|binary|exe|executable|program|commandName)$/i;
export const LINE = /^(commandLine|cmdline|cmdLine|line|script|shellCommand|commandString|cmdString)$/i;
/** Code in some language: a command line only beside a key that picks a shell for it. */
export const CODE = /^(code|source|snippet)$/i;
export const ARGS = /^(args|argv|arguments|argList|params|parameters|commandArgs|cmdArgs)$/i;
export const OPTIONS = /^(opts|options|config|settings|spawnOptions|execOptions|o|hookConfig|request|spec)$/i;
export const CALLBACK = /^(cb|callback|done|next|onDone|onExit|onClose)$/i;
export const CWD = /^(cwd|dir|directory|workdir|workDir|workingDirectory|root|baseDir)$/;
export const ALIAS: Record<Placed, RegExp> = {
  signal: /^(signal|abortSignal|cancelSignal)$/,
  timeout: /^(timeout|timeoutMs|timeout_ms|timeoutMillis|timeoutInMs|timeLimit)$/,
  killSignal: /^killSignal$/,
  shell: /^shell$/,
  maxBuffer: /^maxBuffer$/,
  detached: /^detached$/,
  cwd: CWD,
};
/** A builder's step: `.signal(s)`, `.withTimeout(ms)`, `.setCwd(dir)`. */
export const stepName = (m: string) => m.replace(/^(with|set|use)(?=[A-Z])/, '').replace(/^./, (c) => c.toLowerCase());
/** A builder's last call, which runs it. */
export const FINISH = /^(run|exec|execute|start|spawn|output|text|wait|go)$/;
/** A shell among a key's allowed strings: what runs a command line. */
export const SHELLS = ['sh', 'bash', 'shell', 'zsh'];

/** The options a parameter named like options is taken to have, when nothing types it: each is tried by calibration. */
const GUESSED = ['signal', 'timeout', 'killSignal', 'cwd'];

/** A parameter with no type, read from its name: command, args, options, signal, timeout, callback. */
export function byName(params: TypedParam[]): { params: TypedParam[]; byName: boolean } {
  let read = false;
  const out = params.map((p, i): TypedParam => {
    if (p.type !== 'unknown') return p;
    // A tag's first parameter: the template's strings, its values after them.
    if (i === 0 && /^(strings|template|parts|literals|pieces|chunks)$/.test(p.name) && params.length === 2) return (read = true), { ...p, type: 'template' };
    const as: ParamType | null = COMMAND.test(p.name) || LINE.test(p.name) || CWD.test(p.name) ? 'string' : ARGS.test(p.name) ? 'array' : OPTIONS.test(p.name) ? 'object' : ALIAS.signal.test(p.name) ? 'signal' : ALIAS.timeout.test(p.name) ? 'number' : CALLBACK.test(p.name) ? 'function' : null;
    if (as === null) return p;
    read = true;
    return as === 'object' ? { ...p, type: as, keys: GUESSED } : { ...p, type: as };
  });
  return { params: out, byName: read };
}

