// A citation of a runtime's own code, with the code as the binary of the release that ran
// holds it: a function of Node's lib/ with its lines there, or the quoted text of a Bun or
// Deno builtin with what surrounds it. Where the code cannot be read, it says why.

import type { Citation } from '../model/probe.ts';
import type { CitedCode } from '../model/report-types.ts';
import { RUNTIME_KINDS } from '../model/runtime-spec.ts';
import { builtinExportSource, locateFunction, nodeLibSource, unavailable, type SourceRuntime } from './runtime-source.ts';

type RuntimeCitation = Exclude<Citation, { path: string }>;

/** How much of a builtin's text a report keeps on each side of the quote. */
const CONTEXT = 240;

const runtimeTitle = (on: SourceRuntime) => `${RUNTIME_KINDS[on.name].title} ${on.release}`;

/** Where the cited code is in the runtime that ran, or why it is not there. */
export function locateRuntimeCode(c: RuntimeCitation, on: SourceRuntime): { lines?: [number, number]; code: string } | { missing: string } {
  if ('node' in c) {
    if (on.name !== 'node') return { missing: `Node's own lib, and this ran on ${runtimeTitle(on)}` };
    const source = nodeLibSource(on, c.node);
    if (unavailable(source)) return { missing: source.replace(/^unavailable: /, '') };
    const lines = locateFunction(source, c.function);
    if (!lines) return { missing: `${c.node} of Node ${on.release} defines no ${c.function}` };
    return { lines, code: source.split('\n').slice(lines[0] - 1, lines[1]).join('\n') };
  }
  if (on.name !== c.runtime) return { missing: `${RUNTIME_KINDS[c.runtime].title}'s own code, and this ran on ${runtimeTitle(on)}` };
  const source = builtinExportSource(on, c.module, c.export);
  if (unavailable(source)) return { missing: source.replace(/^unavailable: /, '') };
  const at = source.indexOf(c.quote);
  if (at < 0) return { missing: `${c.module}'s ${c.export} in ${runtimeTitle(on)} does not hold the quoted text` };
  const from = Math.max(0, at - CONTEXT);
  const to = Math.min(source.length, at + c.quote.length + CONTEXT);
  return { code: `${from > 0 ? '…' : ''}${source.slice(from, to)}${to < source.length ? '…' : ''}` };
}

export function runtimeCode(c: RuntimeCitation, on: SourceRuntime): CitedCode {
  const found = locateRuntimeCode(c, on);
  return 'missing' in found ? { ...c, release: on.release, code: `(not shown: ${found.missing})` } : { ...c, release: on.release, ...found };
}
