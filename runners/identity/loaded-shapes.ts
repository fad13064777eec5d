// What a module's functions take, read from their source as the loaded module gives it
// (Function.prototype.toString, nothing called): for a package whose exports neither types
// nor a reading of its files show, a CommonJS object built as it loads (shelljs, an
// `api[name] = …` loop). Each function's parameters have no type: the call plan reads them
// from their names (identity/call-roles.ts). Pure: text in, data out.

import { paramNames } from './exports.ts';
import type { TypedExport } from './typed-exports.ts';

/** The parameter list of a function's source: `function f(a, b)`, `async (a) =>`, `a => …`, `m(a) {`; a rest parameter marked. */
function headParams(head: string): Array<{ name: string; rest: boolean }> | null {
  if (/^class\b/.test(head)) return null;
  const bare = /^(?:async\s+)?([A-Za-z_$][\w$]*)\s*=>/.exec(head);
  if (bare) return [{ name: bare[1], rest: false }];
  const open = head.indexOf('(');
  if (open < 0) return null;
  let depth = 0;
  for (let i = open; i < head.length; i++) {
    if (head[i] === '(') depth++;
    if (head[i] === ')' && --depth === 0) {
      const list = head.slice(open + 1, i);
      return paramNames(list).map((name) => ({ name, rest: new RegExp(`\\.\\.\\.\\s*${name.replace(/\$/g, '\\$')}\\b`).test(list) }));
    }
  }
  return null;
}

/** The loaded functions as exports a call plan can read, each by the name it was found under (`default.exec`). */
export function loadedShapes(heads: Record<string, string>): TypedExport[] {
  return Object.entries(heads).flatMap(([name, head]): TypedExport[] => {
    const params = headParams(head);
    if (params === null) return [];
    return [{ name, kind: 'function', params: params.map((p) => ({ name: p.name, optional: p.rest, type: 'unknown' as const, ...(p.rest ? { rest: true as const } : {}) })), spawns: null }];
  });
}
