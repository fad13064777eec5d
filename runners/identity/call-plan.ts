// How to call a target the way it is called, from what its types say (typed-exports.ts):
// which export, with `new` and which method for a class, which argument gets the command,
// its arguments and the cwd, and for each option of the generic call the one place the
// target takes it (a key of an options argument, or of an object nested in one). Where the
// types do not decide, the candidates, for the user to choose. Pure: data in, data out.

import type { Feature } from '../model/case.ts';
import { ARGS, COMMAND, OPTIONS } from './exports.ts';
import type { TypedExport, TypedParam } from './typed-exports.ts';

/** The generic call's options an adapter places, in the order they are looked for. */
export const PLACED = ['signal', 'timeout', 'killSignal', 'shell', 'maxBuffer', 'detached', 'cwd'] as const;
export type Placed = (typeof PLACED)[number];

/** Where one option goes below an options argument: ['signal'], or ['nodeOptions', 'killSignal']. */
export interface Put {
  option: Placed;
  path: string[];
}

/** One argument of the call; an options argument carries its parameter's name, for the reader. */
export type Arg = { kind: 'file' } | { kind: 'args' } | { kind: 'cwd' } | { kind: 'options'; name: string; put: Put[] } | { kind: 'absent' };

export interface CallPlan {
  export: string;
  /** A class's method, called on an instance made with `new`; null for a function. */
  method: string | null;
  /** What the constructor is given (a class only). */
  construct: Arg[] | null;
  args: Arg[];
  /** The options found a place, as probe.json's "supports" names them. */
  supports: Feature[];
    /** The call as the target declares it, `x(command, args, options)`. */
  signature: string;
  /** Settled by the promise it returns, or, for a function that returns a child process, on its 'close'. */
  settle: 'promise' | 'close';
  /** Some parameter had no type, and was read from its name (a JavaScript file without JSDoc). */
  byName: boolean;
}

export type Planned = { plan: CallPlan } | { undecided: string[] } | null;

const CWD = /^(cwd|dir|directory|workdir|workDir|workingDirectory|root|path)$/;

const sig = (name: string, params: TypedParam[]) => `${name}(${params.map((p) => `${p.name}${p.optional ? '?' : ''}`).join(', ')})`;

/** How well parameters fit (command, args, ...): 3; (command, options): 1; otherwise 0. A *Sync twin fits less. */
function fit(params: TypedParam[], name: string): number {
  if (params[0]?.type !== 'string') return 0;
  const base = params[1]?.type === 'array' ? 3 : 1;
  return /Sync$/.test(name) ? base - 0.5 : base;
}

interface Candidate {
  export: string;
  method: string | null;
  params: TypedParam[];
  ctor: TypedParam[] | null;
  score: number;
  returnsChild: boolean;
  byName: boolean;
}

/** The options a parameter named like options is taken to have, when nothing types it: each is tried by calibration. */
const GUESSED: Placed[] = ['signal', 'timeout', 'killSignal', 'cwd'];

/** A parameter with no type, read from its name as identity/exports.ts reads source: command, args, options. */
function byName(params: TypedParam[]): { params: TypedParam[]; byName: boolean } {
  let read = false;
  const out = params.map((p, i): TypedParam => {
    if (p.type !== 'unknown') return p;
    const as = i === 0 && COMMAND.test(p.name) ? 'string' : i === 1 && ARGS.test(p.name) ? 'array' : i >= 1 && OPTIONS.test(p.name) ? 'object' : null;
    if (as === null) return p;
    read = true;
    return as === 'object' ? { ...p, type: as, keys: GUESSED } : { ...p, type: as };
  });
  return { params: out, byName: read };
}

function candidate(e: TypedExport, method: string | null, raw: TypedParam[], returnsChild: boolean | undefined): Candidate {
  const { params, byName: read } = byName(raw);
  return { export: e.name, method, params, ctor: method === null ? null : e.params, score: fit(params, method ?? e.name), returnsChild: returnsChild === true, byName: read };
}

/** Every function and class method; with `members`, the functions inside exported objects too, as `utils.spawnAsync`. */
function candidates(shapes: TypedExport[], askedMethod: string | undefined, members: boolean): Candidate[] {
  return shapes.flatMap((e): Candidate[] => {
    if (e.kind === 'value') {
      if (!members) return [];
      return Object.entries(e.members ?? {}).map(([m, { params, returnsChild }]) => candidate({ ...e, name: `${e.name}.${m}` }, null, params, returnsChild));
    }
    if (e.kind === 'function') return [candidate(e, null, e.params, e.returnsChild)];
    return Object.entries(e.methods ?? {})
      .filter(([m]) => askedMethod === undefined || m === askedMethod)
      .map(([m, { params, returnsChild }]) => candidate(e, m, params, returnsChild));
  });
}

const named = (c: Candidate) => (c.method ? `new ${c.export}(…).${c.method}` : c.export);

/** The one place each option goes: a key of an options argument first, else a key nested in one. */
function place(params: TypedParam[], from: number, options: readonly Placed[]): Map<number, Put[]> {
  const puts = new Map<number, Put[]>();
  const add = (i: number, p: Put) => puts.set(i, [...(puts.get(i) ?? []), p]);
  for (const option of options) {
    const top = params.findIndex((p, i) => i >= from && p.type === 'object' && p.keys?.includes(option));
    if (top >= 0) {
      add(top, { option, path: [option] });
      continue;
    }
    const nested = params.findIndex((p, i) => i >= from && Object.values(p.nested ?? {}).some((keys) => keys.includes(option)));
    if (nested >= 0) {
      const key = Object.entries(params[nested].nested!).find(([, keys]) => keys.includes(option))![0];
      add(nested, { option, path: [key, option] });
      continue;
    }
    // No key called signal: the one key whose value is an AbortSignal, by its type.
    const typed = params.findIndex((p, i) => i >= from && p.abortSignals?.length === 1);
    if (option === 'signal' && typed >= 0) add(typed, { option, path: [params[typed].abortSignals![0]] });
  }
  return puts;
}

/** The arguments for (command, args, then cwd and options slots); null when one cannot be given. */
function argsFor(params: TypedParam[]): Arg[] | null {
  const args: Arg[] = [{ kind: 'file' }, { kind: 'args' }];
  const cwdAt = params.findIndex((p, i) => i >= 2 && p.type === 'string' && CWD.test(p.name));
  const puts = place(params, 2, cwdAt >= 0 ? PLACED.filter((o) => o !== 'cwd') : PLACED);
  for (let i = 2; i < params.length; i++) {
    if (i === cwdAt) args.push({ kind: 'cwd' });
    else if (puts.has(i)) args.push({ kind: 'options', name: params[i].name, put: puts.get(i)! });
    else if (params[i].optional) args.push({ kind: 'absent' });
    else if (params[i].type === 'object') args.push({ kind: 'options', name: params[i].name, put: [] });
    else return null;
  }
  while (args.at(-1)?.kind === 'absent') args.pop();
  return args;
}

/** A constructor's arguments: none it may go without; the cwd where it takes one. */
function constructFor(params: TypedParam[]): Arg[] | null {
  const args: Arg[] = [];
  for (const p of params) {
    if (p.type === 'string' && CWD.test(p.name)) args.push({ kind: 'cwd' });
    else if (p.type === 'object' && p.keys?.includes('cwd')) args.push({ kind: 'options', name: p.name, put: [{ option: 'cwd', path: ['cwd'] }] });
    else if (p.optional) args.push({ kind: 'absent' });
    else if (p.type === 'object') args.push({ kind: 'options', name: p.name, put: [] });
    else return null;
  }
  while (args.at(-1)?.kind === 'absent') args.pop();
  return args;
}

const placedIn = (args: Arg[]) => args.flatMap((a) => (a.kind === 'options' ? a.put.map((p) => p.option) : a.kind === 'cwd' ? ['cwd' as const] : []));

/**
 * The plan for `asked.export` (and `asked.call`, a class's method), else for the one
 * export that fits best, ties going to the default export and then to each of
 * `asked.prefer` in turn (the package's namesake, the source's reading in
 * identity/exports.ts); `undecided` with the candidates, one line each,
 * when several still fit alike. Null when the types do not say: no export read with a
 * typed command parameter, or the one asked for is not one (init then calls it with the
 * generic call, as the source reads).
 */
export function planCall(shapes: TypedExport[], asked: { export?: string; call?: string; prefer?: Array<string | undefined> }): Planned {
  // An object's functions are looked into when one is asked for, or when no export itself fits.
  const fits = (cs: Candidate[]) => cs.filter((c) => c.score > 0 && (asked.export === undefined || c.export === asked.export));
  let pool = fits(candidates(shapes, asked.call, asked.export?.includes('.') === true));
  if (pool.length === 0 && asked.export === undefined) pool = fits(candidates(shapes, asked.call, true));
  if (pool.length === 0) return null;
  const best = Math.max(...pool.map((c) => c.score));
  let top = pool.filter((c) => c.score === best);
  const picks = [(c: Candidate) => c.export === 'default' && c.method === null, ...(asked.prefer ?? []).map((name) => (c: Candidate) => c.export === name)];
  for (const pick of picks) {
    if (top.length > 1 && top.some(pick)) top = top.filter(pick);
  }
  if (top.length !== 1) {
    const what = asked.export !== undefined ? `${asked.export} is a class with several methods that take a command` : 'several exports take a command alike';
    return { undecided: [`${what}: name the one to call with --export NAME (and --call METHOD for a class's method); the candidates:`, ...top.map((c) => `  ${sig(named(c), c.params)}`)] };
  }
  const [c] = top;
  const args = c.params[1]?.type === 'array' ? argsFor(c.params) : null;
  const construct = c.ctor ? constructFor(c.ctor) : null;
  if (!args) return { undecided: [`${sig(named(c), c.params)}: its arguments are not (command, args, options): write the call in adapter.ts by hand`] };
  if (c.ctor && !construct) return { undecided: [`${sig(`new ${c.export}`, c.ctor)}: its constructor needs arguments childproof cannot give: write the call in adapter.ts by hand`] };
  const placed = new Set([...placedIn(args), ...placedIn(construct ?? [])]);
  // In the order probes list them: the three a trigger needs, the exit status, then the rest.
  const supports: Feature[] = (['signal', 'timeout', 'killSignal', 'exit-status', 'shell', 'maxBuffer', 'detached'] as const).filter((o) => o === 'exit-status' || placed.has(o));
  const settle = c.returnsChild ? 'close' : 'promise';
  return { plan: { export: c.export, method: c.method, construct: c.ctor ? construct : null, args, supports, signature: sig(named(c), c.params), settle, byName: c.byName } };
}
