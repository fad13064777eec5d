// How to call a target the way it is called, from what its types say (typed-exports.ts):
// which export (a function, a function inside an exported object, a class's method on an
// instance made with `new`, a method of what a factory returns), where the command and
// each option go (call-roles.ts), and how the result comes back. Candidates are ranked by
// how surely they take a command and whether a spawn is reachable from them; where the
// best do not decide, the candidates, for the user to choose. Pure: data in, data out.

import type { Feature } from '../model/case.ts';
import { rolesOf, type Placed, type Roles } from './call-roles.ts';
import type { TypedExport, TypedParam } from './typed-exports.ts';
import type { Method, Returned } from './typed-params.ts';

export { PLACED, type Arg, type Placed, type Put, type Role } from './call-roles.ts';

export interface CallPlan extends Omit<Roles, 'named' | 'command'> {
  export: string;
  /** A class's method (on `new X(…)`), or a method of what a factory returns (`X(…)`); null for a function. */
  method: string | null;
  /** How the function to call is reached: called itself, on an instance made with `new`, on what a factory returns. */
  reach: 'call' | 'new' | 'factory';
  command: Roles['command'];
  /** The options found a place, as probe.json's "supports" names them. */
  supports: Feature[];
  /** The call as the target declares it, `x(command, args, options)`. */
  signature: string;
  /** The export is `module.exports` itself: its type is what `typeof import()` names, not that type's `default`. */
  assigned?: true;
}

/** A plan; candidates that fit alike; or what was looked at when none fit (the skeleton's comment). */
type Planned =
  | { plan: CallPlan }
  | { undecided: string[]; candidates: string[] }
  /** `settled`: the nearest candidate had a place for the command and types a value childproof cannot give; no reading by names can give it either. */
  | { unplanned: string; candidates: string[]; settled?: true }
  | null;

const sig = (name: string, params: TypedParam[]) => `${name}(${params.map((p) => `${p.name}${p.optional ? '?' : ''}`).join(', ')})`;

interface Candidate {
  export: string;
  method: string | null;
  reach: CallPlan['reach'];
  params: TypedParam[];
  ctor: TypedParam[] | null;
  returns?: Returned;
  spawns: boolean | null;
  text?: string;
}

const named = (c: Candidate) => (c.reach === 'new' ? `new ${c.export}(…).${c.method}` : c.reach === 'factory' ? `${c.export}(…).${c.method}` : c.export);
const shown = (c: Candidate) => sig(named(c), c.params);

/** Every function, class method and factory's method; with `members`, the functions inside exported objects too, as `utils.spawnAsync`. Each overload is a candidate of its own. */
function candidates(shapes: TypedExport[], askedMethod: string | undefined, members: boolean): Candidate[] {
  const of = (exp: string, m: Method, method: string | null, reach: Candidate['reach'], ctor: TypedParam[] | null, made?: boolean | null): Candidate[] =>
    [m, ...(m.overloads ?? [])].map((sig) => ({ export: exp, method, reach, params: sig.params, ctor, returns: sig.returns, spawns: sig.spawns ?? m.spawns ?? made ?? null, text: sig.text }));
  return shapes.flatMap((e): Candidate[] => {
    if (e.kind === 'value') return members ? Object.entries(e.members ?? {}).flatMap(([name, m]) => of(`${e.name}.${name}`, m, null, 'call', null)) : [];
    // A method declared without a body (an interface's) is taken to spawn where its factory does.
    const methods = (all: Record<string, Method> | undefined, reach: Candidate['reach']) =>
      Object.entries(all ?? {})
        .filter(([m]) => askedMethod === undefined || m === askedMethod)
        .flatMap(([m, x]) => of(e.name, x, m, reach, e.params, reach === 'factory' ? e.spawns : null));
    if (e.kind === 'class') return methods(e.methods, 'new');
    const self = askedMethod === undefined ? of(e.name, { params: e.params, text: e.text, returns: e.returns ?? { kind: 'other' }, spawns: e.spawns, overloads: e.overloads }, null, 'call', null) : [];
    // A factory: what it returns has the method that runs the command.
    const made = e.returns?.kind === 'object' && !e.returns.thenable ? methods(e.returns.methods, 'factory') : [];
    return [...self, ...made];
  });
}

interface Weighed {
  c: Candidate;
  roles: Roles | { why: string };
  score: number;
}

/** How surely a candidate runs the command: its form, its names, a spawn seen in its body. */
function weigh(c: Candidate, handles: readonly string[], given: readonly unknown[] | undefined): Weighed {
  const name = c.method ?? c.export.split('.').at(-1)!;
  const roles = rolesOf({ params: c.params, ctor: c.ctor, returns: c.returns, sync: /Sync$/.test(name), handles, ...(given ? { given } : {}) });
  if ('why' in roles) return { c, roles, score: 0 };
  const form = roles.command === 'file+args' ? 3 : 2;
  // Between a function's overloads: a promise before a callback, fewer values made up.
  const made = [...roles.args, ...(roles.construct ?? [])].filter((a) => a.kind === 'blank').length;
  // Between equals: a method whose name says it runs (a git wrapper's raw), and the overload that places more options.
  const placed = [...roles.args, ...(roles.construct ?? [])].reduce((n, a) => n + (a.kind === 'option' ? 1 : a.kind === 'options' ? a.put.length : 0), roles.steps.length);
  const runs = c.method !== null && /^(raw|exec|execute|run|spawn|command|cmd|shell)$/i.test(name) ? 0.3 : 0;
  const score = form + (roles.named ? 0.5 : 0) + (c.spawns === true ? 2 : c.spawns === false ? -2.5 : 0) - (/Sync$/.test(name) ? 0.5 : 0) - (roles.settle === 'callback' ? 0.2 : 0) - made * 0.1 + runs + placed * 0.01;
  return { c, roles, score };
}

/** At most ten, best first, and how many more; `typed`: each as its types write it, for a skeleton's comment. */
function listed(ws: Weighed[], typed = false): string[] {
  const sorted = [...ws].sort((a, b) => b.score - a.score || Number(b.c.spawns === true) - Number(a.c.spawns === true));
  const one = (c: Candidate) => (typed && c.text ? `${named(c)}${c.text}` : shown(c));
  const lines = sorted.slice(0, 10).map((w) => `  ${one(w.c)}${w.c.spawns === true ? '   (starts a process)' : ''}`);
  return sorted.length > 10 ? [...lines, `  and ${sorted.length - 10} more`] : lines;
}

/** --export as a shell reads it: quoted where the name is not a plain word. */
export const exportFlag = (name: string) => `--export ${/^[\w.-]+$/.test(name) ? name : `'${name}'`}`;

/**
 * The plan for `asked.export` (and `asked.call`, a method), else for the one candidate
 * that fits best, ties going to the default export and then to each of `asked.prefer` in
 * turn; `undecided` when several still fit alike; `unplanned` when the one asked for, or
 * every candidate, has no place for the command. `asked.construct` is what a constructor
 * or a factory is given (a plain call takes none). Null when the types show nothing to call
 * (no export typed as a function, or the one asked for is not among them).
 */
export function planCall(shapes: TypedExport[], asked: { export?: string; call?: string; construct?: readonly unknown[]; prefer?: Array<string | undefined> }): Planned {
  const mine = (cs: Candidate[]) => cs.filter((c) => asked.export === undefined || c.export === asked.export);
  // A kill handle is made with `new` from a class the module exports, given nothing.
  const handles = shapes.filter((e) => e.kind === 'class' && e.params.every((p) => p.optional)).map((e) => e.name);
  let pool = mine(candidates(shapes, asked.call, asked.export?.includes('.') === true));
  if (asked.export === undefined && !pool.some((c) => !('why' in weigh(c, handles, asked.construct).roles))) pool = mine(candidates(shapes, asked.call, true));
  if (pool.length === 0) return null;
  // Of a function's overloads, the one that fits best stands for it.
  const best1 = new Map<string, Weighed>();
  for (const w of pool.map((c) => weigh(c, handles, asked.construct))) {
    const key = named(w.c);
    const had = best1.get(key);
    if (!had || ('why' in had.roles && !('why' in w.roles)) || (!('why' in w.roles) && w.score > had.score)) best1.set(key, w);
  }
  const weighed = [...best1.values()];
  const fitting = weighed.filter((w) => !('why' in w.roles));
  if (fitting.length === 0) {
    // The nearest miss: a candidate whose command had a place, one that starts a process.
    const near = (w: Weighed) => (/takes the command/.test((w.roles as { why: string }).why) ? 0 : 2) + (w.c.spawns ? 1 : 0);
    const first = [...weighed].sort((a, b) => near(b) - near(a))[0];
    const why = `${shown(first.c)}: ${(first.roles as { why: string }).why}`;
    const settled = near(first) >= 2 && first.c.params.some((p) => p.type !== 'unknown');
    return { unplanned: why, candidates: listed(weighed, true), ...(settled ? { settled: true as const } : {}) };
  }
  const best = Math.max(...fitting.map((w) => w.score));
  let top = fitting.filter((w) => w.score === best);
  const picks = [(w: Weighed) => w.c.export === 'default' && w.c.reach === 'call', ...(asked.prefer ?? []).map((name) => (w: Weighed) => w.c.export === name)];
  for (const pick of picks) {
    if (top.length > 1 && top.some(pick)) top = top.filter(pick);
  }
  if (top.length !== 1) {
    const what = asked.export !== undefined ? `${asked.export} has several methods that take a command` : 'several exports take a command alike';
    return { undecided: [`${what}: name the one to call with --export NAME (and --call METHOD for a method); the candidates:`, ...listed(top)], candidates: listed(top, true) };
  }
  const [{ c, roles }] = top as Array<{ c: Candidate; roles: Roles }>;
  const placed = new Set<Placed>();
  for (const a of [...roles.args, ...(roles.construct ?? [])]) {
    if (a.kind === 'option') placed.add(a.option);
    if (a.kind === 'handle') placed.add('signal');
    if (a.kind === 'options') for (const p of a.put) if (p.option !== 'file' && p.option !== 'args' && p.option !== 'argv' && p.option !== 'line') placed.add(p.option);
  }
  for (const s of roles.steps) placed.add(s.option);
  // A command line is run by a shell whatever the case asks: shell mode is its own form.
  if (roles.command === 'line') placed.add('shell');
  // In the order probes list them: the three a trigger needs, the exit status, then the rest.
  const supports: Feature[] = (['signal', 'timeout', 'killSignal', 'exit-status', 'shell', 'maxBuffer', 'detached'] as const).filter((o) => o === 'exit-status' || placed.has(o));
  const { named: _named, ...rest } = roles;
  const assigned = shapes.some((e) => e.name === c.export.split('.')[0] && e.assigned);
  return { plan: { ...rest, export: c.export, method: c.method, reach: c.reach, supports, signature: shown(c), ...(assigned ? { assigned: true as const } : {}) } };
}

