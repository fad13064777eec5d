// What a module exports, read from its source as a person skimming it would: each export's
// name, whether it is a function (with its parameter names), a class, or something whose
// shape the text does not show; and which one a probe should call. Pure: text in, data out.

import { ARGS, COMMAND, LINE, OPTIONS } from './call-names.ts';

interface ExportShape {
  name: string;
  kind: 'function' | 'class' | 'unknown';
  params?: string[];
}

const ID = '[A-Za-z_$][\\w$]*';

/** Parameter names from a parameter list's text: defaults, types and destructuring dropped. */
export function paramNames(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of list) {
    if ('([{<'.includes(ch)) depth++;
    if (')]}>'.includes(ch)) depth--;
    if (ch === ',' && depth === 0) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  if (current.trim()) out.push(current);
  return out.map((p) => (/^\s*(?:\.{3})?\s*([A-Za-z_$][\w$]*)/.exec(p)?.[1] ?? '{…}'));
}

/** Every function, arrow, class and other binding the module declares at its top level, by name. */
function declarations(source: string): Map<string, Omit<ExportShape, 'name'>> {
  const found = new Map<string, Omit<ExportShape, 'name'>>();
  const fn = new RegExp(`^(?:export\\s+)?(?:default\\s+)?(?:async\\s+)?function\\*?\\s+(${ID})\\s*(?:<[^>]*>)?\\s*\\(([^)]*)\\)`, 'gm');
  for (const m of source.matchAll(fn)) found.set(m[1], { kind: 'function', params: paramNames(m[2]) });
  const arrow = new RegExp(`^(?:export\\s+)?(?:const|let|var)\\s+(${ID})\\s*(?::[^=]+)?=\\s*(?:async\\s+)?(?:function\\*?\\s*(?:${ID})?\\s*)?\\(([^)]*)\\)\\s*(?::[^=]+)?(?:=>|\\{)`, 'gm');
  for (const m of source.matchAll(arrow)) found.set(m[1], { kind: 'function', params: paramNames(m[2]) });
  for (const m of source.matchAll(new RegExp(`^(?:export\\s+)?(?:default\\s+)?class\\s+(${ID})`, 'gm'))) found.set(m[1], { kind: 'class' });
  for (const m of source.matchAll(new RegExp(`^(?:export\\s+)?(?:const|let|var)\\s+(${ID})\\s*=`, 'gm'))) if (!found.has(m[1])) found.set(m[1], { kind: 'unknown' });
  return found;
}

/** The module's exports with their shapes, in the order the source gives them. */
export function exportShapes(source: string): ExportShape[] {
  const local = declarations(source);
  const out = new Map<string, ExportShape>();
  const add = (name: string, shape: Omit<ExportShape, 'name'> | undefined) => {
    if (!out.has(name)) out.set(name, { name, ...(shape ?? { kind: 'unknown' }) });
  };
  // Declared as exports.
  for (const m of source.matchAll(new RegExp(`^export\\s+(?:async\\s+)?(?:function\\*?|class|const|let|var)\\s+(${ID})`, 'gm'))) add(m[1], local.get(m[1]));
  // export default function (a, b) / export default class / export default NAME.
  const anonymous = /^export\s+default\s+(?:async\s+)?function\*?\s*\(([^)]*)\)/m.exec(source);
  if (anonymous) add('default', { kind: 'function', params: paramNames(anonymous[1]) });
  const defaultName = new RegExp(`^export\\s+default\\s+(?:async\\s+)?(?:function\\*?\\s+|class\\s+)?(${ID})`, 'm').exec(source)?.[1];
  if (defaultName && defaultName !== 'function' && defaultName !== 'class') add('default', local.get(defaultName));
  // export { a, b as c }: a type-only name is no value.
  for (const m of source.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const part of m[1].split(',').map((p) => p.trim()).filter((p) => p && !p.startsWith('type '))) {
      const [inner, outer] = part.split(/\s+as\s+/);
      add((outer ?? inner).trim(), local.get(inner.trim()));
    }
  }
  // CommonJS: module.exports = NAME or = function (...), exports.X = NAME or = function (...).
  const cjsFn = /^module\.exports\s*=\s*(?:async\s+)?function\*?\s*(?:[A-Za-z_$][\w$]*)?\s*\(([^)]*)\)/m.exec(source);
  if (cjsFn) add('default', { kind: 'function', params: paramNames(cjsFn[1]) });
  const cjsName = new RegExp(`^module\\.exports\\s*=\\s*(${ID})\\s*;?\\s*$`, 'm').exec(source)?.[1];
  if (cjsName) add('default', local.get(cjsName));
  for (const m of source.matchAll(new RegExp(`^(?:module\\.)?exports\\.(${ID})\\s*=\\s*(?:(?:async\\s+)?function\\*?\\s*(?:${ID})?\\s*\\(([^)]*)\\)|(${ID})\\s*;?\\s*$)`, 'gm'))) {
    if (m[2] !== undefined) add(m[1], { kind: 'function', params: paramNames(m[2]) });
    else add(m[1], local.get(m[3]));
  }
  if (/^module\.exports\s*=/m.test(source)) add('default', undefined);
  return [...out.values()];
}

/** A command, as a file or as one line: the source's reading does not tell them apart. */
const COMMANDLIKE = { test: (name: string) => COMMAND.test(name) || LINE.test(name) };
const CHILD = /^(child|cp|proc|childProcess|subprocess|spawned|childproc)$/i;

/** How well an export fits (command, args, options): 3, (command, options): 2, (command): 1, else 0. */
function fit(e: ExportShape): number {
  if (e.kind !== 'function' || !e.params?.length) return 0;
  const [first, second] = e.params;
  if (!COMMANDLIKE.test(first)) return 0;
  if (second !== undefined && ARGS.test(second)) return 3;
  if (second !== undefined && OPTIONS.test(second)) return 2;
  return 1;
}

/** Why an export is no candidate to call with a command, or null. */
export function unfit(e: ExportShape): string | null {
  if (e.kind === 'class') return 'a class';
  if (e.kind === 'function' && e.params?.length && CHILD.test(e.params[0])) return `takes a child process (${e.params[0]}), not a command`;
  return null;
}

/** An export as one line: `spawn(command, args, options)`, `Runner: a class`, `$: shape not shown`. */
export function signature(e: ExportShape): string {
  if (e.kind === 'function') return `${e.name}(${(e.params ?? []).join(', ')})`;
  return `${e.name}: ${e.kind === 'class' ? 'a class' : 'its shape is not in the source (not a plain function declaration)'}`;
}

type Choice = { pick: ExportShape; others: ExportShape[] } | { none: string } | { ambiguous: ExportShape[] };

/**
 * The export to call: the one that best fits (command, args, options); the only export
 * that is not unfit when no export fits; else ambiguous (the user picks with --export).
 */
export function chooseExport(shapes: ExportShape[]): Choice {
  if (shapes.length === 0) return { none: 'no export found by reading it' };
  const candidates = shapes.filter((e) => unfit(e) === null);
  const best = Math.max(0, ...candidates.map(fit));
  const top = best > 0 ? candidates.filter((e) => fit(e) === best) : candidates;
  if (top.length === 1) return { pick: top[0], others: shapes.filter((e) => e !== top[0]) };
  // A module's default is what its own readme calls first, when it is one of the best.
  const byDefault = top.find((e) => e.name === 'default');
  if (best > 0 && byDefault) return { pick: byDefault, others: shapes.filter((e) => e !== byDefault) };
  return { ambiguous: top.length ? top : shapes };
}
