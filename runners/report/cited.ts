// A citation as a reader meets it: where the code is, in words, and the code the run read.
// One source for the page and the Markdown. Pure.

import type { CitedCode } from '../model/report-types.ts';
import { RUNTIME_KINDS, runtimeOf, type RuntimeNamed } from '../model/runtime-spec.ts';

export function citationParts(c: CitedCode, env: RuntimeNamed): { where: string; code: string | null } {
  if ('path' in c) return { where: `${c.path} lines ${c.lines[0]}–${c.lines[1]}`, code: c.code };
  if ('node' in c) {
    const release = c.release ?? runtimeOf(env).release;
    return { where: `Node ${release}'s ${c.node}, ${c.function}()${c.lines ? `, lines ${c.lines[0]}–${c.lines[1]}` : ''}`, code: c.code ?? null };
  }
  const title = RUNTIME_KINDS[c.runtime].title;
  const upstream = c.upstream ? ` (readable in ${title}'s repository at ${c.upstream}, at the release's tag)` : '';
  return { where: `${title}${c.release ? ` ${c.release}` : ''}'s ${c.module} ${c.export}, as its binary holds it${upstream}`, code: c.code ?? null };
}
