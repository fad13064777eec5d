// What a bless changed in a probe's known divergences, signature by signature: added,
// removed, changed (its value, its runtimes, racy or not, its explanation) and kept, so the
// person who blesses sees what CI will now accept before committing it. Pure.

import { isDeepStrictEqual } from 'node:util';
import { show } from '../judge/verdicts.ts';
import type { KnownDivergence } from '../model/probe.ts';

interface BlessChanges {
  added: KnownDivergence[];
  removed: KnownDivergence[];
  changed: Array<{ before: KnownDivergence; after: KnownDivergence }>;
  kept: number;
}

/** One signature is one case and fact on one scope of runtimes. */
const same = (a: KnownDivergence, b: KnownDivergence) => a.case === b.case && a.fact === b.fact && (a.runtime ?? 'node') === (b.runtime ?? 'node');

export function blessChanges(before: KnownDivergence[], after: KnownDivergence[]): BlessChanges {
  const out: BlessChanges = { added: [], removed: [], changed: [], kept: 0 };
  for (const a of after) {
    const b = before.find((x) => same(x, a));
    if (!b) out.added.push(a);
    else if (isDeepStrictEqual({ ...b, pointer: undefined }, { ...a, pointer: undefined })) out.kept++;
    else out.changed.push({ before: b, after: a });
  }
  out.removed = before.filter((b) => !after.some((a) => same(a, b)));
  return out;
}

/** `core/x child.end = "killed" on bun@1.4.5, racy`. */
function signatureWords(k: KnownDivergence): string {
  return `${k.case} ${k.fact} = ${show(k.value)}${k.runtime ? ` on ${k.runtime}` : ''}${k.racy ? ', racy' : ''}`;
}

/** What changed in one: the value, the racy mark, the explanation. */
function changeWords({ before, after }: { before: KnownDivergence; after: KnownDivergence }): string {
  const parts: string[] = [];
  if (!isDeepStrictEqual(before.value, after.value)) parts.push(`value ${show(before.value)} -> ${show(after.value)}`);
  if (!!before.racy !== !!after.racy) parts.push(after.racy ? 'now racy' : 'no longer racy');
  if (before.why !== after.why) parts.push('explanation changed');
  return `${before.case} ${before.fact}${before.runtime ? ` on ${before.runtime}` : ''}: ${parts.join(', ') || 'changed'}`;
}

/** The lines bless prints under a probe: a count of each kind, then each signature added, removed or changed. */
export function blessChangeLines(c: BlessChanges): string[] {
  return [
    ...c.added.map((k) => `  added: ${signatureWords(k)}`),
    ...c.removed.map((k) => `  removed: ${signatureWords(k)}`),
    ...c.changed.map((x) => `  changed: ${changeWords(x)}`),
  ];
}

export const changeCounts = (c: BlessChanges) => `${c.added.length} added, ${c.removed.length} removed, ${c.changed.length} changed, ${c.kept} kept`;
