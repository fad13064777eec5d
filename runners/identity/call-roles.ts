// Where each part of the generic call goes in one function's parameters: the command (a
// file and its arguments, one argument vector, one command line, a key of an object, a
// tagged template), each option (a parameter of its own, a key of an options object or
// of one nested in it, the constructor's options, a builder's method), a callback, and
// what the other parameters are given. Read from the types, and where a JavaScript
// parameter has none, from its name. Pure: parameters in, roles out, or why none fit.

import { ALIAS, ARGS, byName, CALLBACK, CODE, COMMAND, CWD, FINISH, LINE, PLACED, SHELLS, stepName, type Placed } from './call-names.ts';
import type { Arg, Put, Slot } from './call-args.ts';
import { giveTo } from './call-given.ts';
import type { ParamType, Returned, TypedParam } from './typed-params.ts';

export { PLACED, type Placed } from './call-names.ts';
export type { Arg, Put, Role } from './call-args.ts';

export interface Roles {
  args: Arg[];
  construct: Arg[] | null;
  steps: Array<{ method: string; option: Placed }>;
  finish: string | null;
  settle: 'promise' | 'close' | 'callback' | 'iterator';
  /** The command's place was read from a name or a type, not from position alone. */
  named: boolean;
  /** How the command is handed: the form the fit is weighed by. */
  command: 'file+args' | 'argv' | 'line' | 'template';
  byName: boolean;
}

/** The object argument for a parameter, its parts at their places. */
const bag = (p: TypedParam, put: Put[], fixed?: Record<string, string>): Arg => ({ kind: 'options', name: p.name, put, ...(fixed ? { fixed } : {}), ...(p.json ? { json: true as const } : {}) });

/** The command's place in the call's own parameters, or in an object among them. */
function placeCommand(params: TypedParam[], slots: Slot[]): { command: Roles['command']; named: boolean } | null {
  if (params[0]?.type === 'template') {
    slots[0] = { kind: 'template' };
    params.slice(1).forEach((_, i) => (slots[i + 1] = { kind: 'absent' }));
    return { command: 'template', named: true };
  }
  const str = params.findIndex((p) => p.type === 'string' && !CWD.test(p.name));
  if (str >= 0 && (str === 0 || COMMAND.test(params[str].name) || LINE.test(params[str].name))) {
    // By its name, or only by being first.
    const named = COMMAND.test(params[str].name) || LINE.test(params[str].name);
    const next = params[str + 1];
    const restArgs = next?.rest && (next.type === 'array' || (next.type === 'unknown' && ARGS.test(next.name)));
    if ((next?.type === 'array' || restArgs) && !LINE.test(params[str].name)) {
      slots[str] = { kind: 'file' };
      slots[str + 1] = { kind: next.rest ? 'spread' : 'args' };
      return { command: 'file+args', named };
    }
    slots[str] = { kind: 'line' };
    return { command: 'line', named };
  }
  const arr = params.findIndex((p) => p.type === 'array');
  if (arr >= 0 && (arr === 0 || ARGS.test(params[arr].name) || COMMAND.test(params[arr].name)) && str < 0 && !params[arr].rest) {
    slots[arr] = { kind: 'argv' };
    return { command: 'argv', named: ARGS.test(params[arr].name) || COMMAND.test(params[arr].name) };
  }
  for (let i = 0; i < params.length; i++) {
    const put = commandKeys(params[i]);
    if (put) {
      slots[i] = bag(params[i], put.put, put.fixed);
      return { command: put.put.some((p) => p.option === 'args') ? 'file+args' : put.put[0].option === 'argv' ? 'argv' : 'line', named: true };
    }
  }
  return null;
}

const keyType = (p: TypedParam, k: string): ParamType => p.keyTypes?.[k] ?? 'unknown';

const chooserOf = (p: TypedParam) => Object.entries(p.literals ?? {}).find(([, values]) => values.some((v) => SHELLS.includes(v)));

/** An object argument that holds the command: `{ command, args }`, `{ language: 'sh', code }`. */
function commandKeys(p: TypedParam): { put: Put[]; fixed?: Record<string, string> } | null {
  if (p.type !== 'object') return null;
  const keys = p.keys ?? [];
  const isString = (k: string) => ['string', 'unknown'].includes(keyType(p, k));
  const file = keys.find((k) => COMMAND.test(k) && isString(k));
  const args = keys.find((k) => ARGS.test(k) && ['array', 'unknown'].includes(keyType(p, k)));
  const line = keys.find((k) => LINE.test(k) && isString(k)) ?? (chooserOf(p) ? keys.find((k) => CODE.test(k) && isString(k)) : undefined);
  const argv = keys.find((k) => COMMAND.test(k) && keyType(p, k) === 'array');
  // A key that picks the language the code is in: the shell, where it is one of them.
  const chooser = chooserOf(p);
  const fixed = chooser ? { [chooser[0]]: chooser[1].find((v) => SHELLS.includes(v))! } : undefined;
  if (file && args) return { put: [{ option: 'file', path: [file] }, { option: 'args', path: [args] }] };
  if (argv) return { put: [{ option: 'argv', path: [argv] }] };
  if (line && (fixed || !chooser)) return { put: [{ option: 'line', path: [line] }], fixed };
  if (file) return { put: [{ option: 'line', path: [file] }] };
  return null;
}

/** An option's one place: a parameter of its own, else a key of an object argument, else
 *  nested one deeper; the signal, else a kill handle of a class in `handles`. */
function placeOption(option: Placed, params: TypedParam[], slots: Slot[], handles: readonly string[]): boolean {
  const own = params.findIndex((p, i) => slots[i] === undefined && ((option === 'signal' && p.type === 'signal') || (ALIAS[option].test(p.name) && p.type !== 'object')));
  if (own >= 0) {
    slots[own] = { kind: 'option', option };
    return true;
  }
  // No AbortSignal goes into JSON text.
  const objects = params.map((p, i) => ({ p, i })).filter(({ p, i }) => p.type === 'object' && !(p.json && option === 'signal') && (slots[i] === undefined || slots[i]!.kind === 'options'));
  const add = (i: number, put: Put) => {
    const s = slots[i];
    slots[i] = s?.kind === 'options' ? { ...s, put: [...s.put, put] } : bag(params[i], [put]);
  };
  for (const { p, i } of objects) {
    const key = (p.keys ?? []).find((k) => ALIAS[option].test(k)) ?? (option === 'signal' && p.abortSignals?.length === 1 ? p.abortSignals[0] : undefined);
    // A value wrapped in an object of one key (`timeout: { block }`) goes in that key.
    const one = key === undefined ? undefined : (p.wraps?.[key] ?? (keyType(p, key) === 'object' && p.nested?.[key]?.length === 1 ? p.nested[key][0] : undefined));
    const wrapped = one === undefined ? [] : [one];
    if (key !== undefined) return (add(i, { option, path: [key, ...wrapped], ...(wrapped.length ? { wrapped: true as const } : {}) }), true);
  }
  for (const { p, i } of objects) {
    const nested = Object.entries(p.nested ?? {}).find(([, keys]) => keys.some((k) => ALIAS[option].test(k)));
    if (nested) return (add(i, { option, path: [nested[0], nested[1].find((k) => ALIAS[option].test(k))!] }), true);
  }
  const handle = option === 'signal' ? params.findIndex((p, i) => slots[i] === undefined && p.handle && handles.includes(p.handle.class)) : -1;
  if (handle >= 0) slots[handle] = { kind: 'handle', ...params[handle].handle! };
  return handle >= 0;
}

/** What the parameters no part of the call went to are given; null when one cannot be given. */
function fill(params: TypedParam[], slots: Slot[], promised = false): Arg[] | string {
  const out: Arg[] = [];
  let callback = false;
  for (let i = 0; i < params.length; i++) {
    const p = params[i];
    const s = slots[i];
    if (s) out.push(s);
    // A callback the call may go without, where it returns a promise: awaited, as its readme shows.
    else if (p.type === 'function' && !callback && CALLBACK.test(p.name) && !(p.optional && promised)) {
      callback = true;
      out.push({ kind: 'callback' });
    } else if (p.optional || p.type === 'unknown') out.push({ kind: 'absent' });
    else if (p.type === 'object' && !p.methods?.length) out.push(bag(p, []));
    else if (p.type === 'string' || p.type === 'array') out.push({ kind: 'blank', type: p.type });
    else if (p.handle) return `${p.name}: a ${p.handle.class}, a kill handle the module exports no class to make with no arguments`;
    else return `${p.name}: ${p.type === 'object' ? 'a handle with methods' : p.type === 'function' ? 'a function that is not a callback' : `a ${p.type} it has no name for`}`;
  }
  // Optional ones left out at the end, as a caller writes the call; a required one is given `undefined`.
  while (out.length && out.at(-1)!.kind === 'absent' && params[out.length - 1].optional) out.pop();
  // Values given past the last declared parameter, into its rest.
  const extra = slots.slice(params.length).filter((x): x is Arg => x !== undefined);
  return extra.length ? [...out, ...params.slice(out.length).map((): Arg => ({ kind: 'absent' })), ...extra] : out;
}

/** How the result comes back, and a builder's last call when it has one to run; null when
 *  it does not come back (an object that is neither awaited nor run: a factory's). */
function settling(args: Arg[], returns: Returned | undefined, sync: boolean): Pick<Roles, 'settle' | 'finish'> | null {
  if (args.some((a) => a.kind === 'callback')) return { settle: 'callback', finish: null };
  // A value computed and returned (a resolved path, a parsed line) is no run; a *Sync call's result is its run.
  if (returns?.kind === 'value' && !sync) return null;
  const kind = (r: Returned | undefined): Roles['settle'] => (r?.kind === 'child' ? 'close' : r?.kind === 'iterator' ? 'iterator' : 'promise');
  if (returns?.kind === 'object' && !returns.thenable) {
    const finish = Object.entries(returns.methods ?? {}).find(([m, x]) => FINISH.test(m) && x.params.every((p) => p.optional));
    if (finish) return { settle: kind(finish[1].returns), finish: finish[0] };
    return null;
  }
  return { settle: kind(returns), finish: null };
}

interface Shape {
  params: TypedParam[];
  /** Its name ends in Sync: what it returns is the finished run. */
  sync?: boolean;
  /** A class's constructor's or a factory's parameters, or null for a plain call. */
  ctor: TypedParam[] | null;
  returns?: Returned;
  /** The classes the module exports that construct with no arguments: a kill handle of one is made and driven. */
  handles?: readonly string[];
  /** The constructor's or the factory's arguments as the user gave them (--construct). */
  given?: readonly unknown[];
}

/** The roles of one candidate's parameters, or why none fit. */
export function rolesOf(shape: Shape): Roles | { why: string } {
  // `(...args)` and nothing else, untyped: a wrapper that hands its arguments on, as a spawn takes them.
  const lone = shape.params.length === 1 && shape.params[0].rest && shape.params[0].type === 'unknown';
  const forwarded: TypedParam[] = [{ name: 'command', optional: false, type: 'unknown' }, { name: 'args', optional: true, type: 'unknown' }, { name: 'options', optional: true, type: 'unknown' }];
  const call = byName(lone ? forwarded : shape.params);
  const ctor = shape.ctor ? byName(shape.ctor) : null;
  const slots: Slot[] = call.params.map(() => undefined);
  const ctorSlots: Slot[] = (ctor?.params ?? []).map(() => undefined);
  // The program in the constructor (a git wrapper's `binary`), its arguments in the call.
  const binaryAt = ctor ? ctor.params.findIndex((p) => p.type === 'object' && (p.keys ?? []).some((k) => COMMAND.test(k) && keyType(p, k) !== 'array')) : -1;
  const arr = call.params.findIndex((p) => p.type === 'array');
  let placed: ReturnType<typeof placeCommand> = null;
  if (ctor && binaryAt >= 0 && arr >= 0 && !call.params.some((p) => p.type === 'string')) {
    ctorSlots[binaryAt] = bag(ctor.params[binaryAt], [{ option: 'file', path: [ctor.params[binaryAt].keys!.find((k) => COMMAND.test(k))!] }]);
    slots[arr] = { kind: 'args' };
    placed = { command: 'file+args', named: true };
  } else placed = placeCommand(call.params, slots);
  if (!placed) return { why: 'no parameter takes the command (a string, an argument vector, or an object with a command key)' };
  const steps: Roles['steps'] = [];
  const builder = shape.returns?.methods ?? {};
  for (const option of PLACED) {
    if (placed.command === 'line' && option === 'shell') continue;
    const handles = shape.handles ?? [];
    if (placeOption(option, call.params, slots, handles) || (ctor && placeOption(option, ctor.params, ctorSlots, handles))) continue;
    const step = Object.entries(builder).find(([m, x]) => ALIAS[option].test(stepName(m)) && x.params.length >= 1 && x.returns.chains);
    if (step) steps.push({ method: step[0], option });
  }
  if (shape.given && !ctor) return { why: 'it is called directly: no constructor or factory takes the --construct arguments' };
  const refused = ctor && shape.given ? giveTo(ctor.params, ctorSlots, shape.given) : null;
  if (refused) return { why: refused };
  const args = fill(call.params, slots, shape.returns?.kind === 'promise');
  const construct = ctor ? fill(ctor.params, ctorSlots) : null;
  if (typeof args === 'string') return { why: `a parameter needs a value childproof cannot give (${args})` };
  if (typeof construct === 'string') return { why: `the constructor needs a value childproof cannot give (${construct}): give its arguments with --construct JSON` };
  const settles = settling(args, shape.returns, shape.sync === true);
  if (!settles) return { why: shape.returns?.kind === 'value' ? 'it returns a value it computed, not a promise, a child process or an iterator to wait on' : 'what it returns is no promise, child process or iterator, nor has a method that runs it (a factory: its methods are the candidates)' };
  return { args, construct, steps, ...settles, named: placed.named, command: placed.command, byName: call.byName || (ctor?.byName ?? false) };
}

