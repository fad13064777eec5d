// `childproof verify`'s look at what an adapter calls: in a process of its own, load the
// adapter and its verified target as a trial would, and write which of the exports the
// adapter declares in `uses` the target lacks. Nothing is called.

import { PROTOCOL, readMessage, writeAtomic } from '../protocol/trial-dir.mjs';
import { missingExports } from './entry-watch.ts';
import { loadAdapter, loadTarget, watchModules } from './load-target.ts';
import type { ExportsCheck, ExportsCheckSpec } from './messages.ts';

process.execArgv = process.execArgv.filter((a) => a !== '--expose-internals');

// A spec of another protocol version throws here: the runner reads no answer, and says so.
const spec = readMessage(process.argv[2], 'the exports check') as unknown as ExportsCheckSpec;

/** Functions inside the exported objects, one level down: read by property (a getter runs; nothing is called). */
function membersOf(target: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(target)) {
    if (value === null || typeof value !== 'object') continue;
    for (const key of Object.keys(value)) {
      let member: unknown;
      try {
        member = (value as Record<string, unknown>)[key];
      } catch {
        continue;
      }
      if (typeof member === 'function') out.push(`${name}.${key}`);
    }
  }
  return out.slice(0, 2000);
}

/** The start of each function's source, by the name it is found under: read, never called. */
function headsOf(target: Record<string, unknown>, members: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const at = (name: string): unknown => {
    try {
      return name.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], target);
    } catch {
      return undefined;
    }
  };
  for (const name of [...Object.keys(target), ...members].slice(0, 500)) {
    const fn = at(name);
    if (typeof fn !== 'function') continue;
    try {
      out[name] = Function.prototype.toString.call(fn).slice(0, 400);
    } catch {
      // A proxy may refuse: its parameters stay unread.
    }
  }
  return out;
}

async function check(): Promise<Omit<ExportsCheck, 'protocol'>> {
  // The hooks, where the copy needs them to load; the list itself is not wanted here.
  watchModules(spec.target, spec.hooks, () => null);
  let uses: string[];
  try {
    uses = [...(await loadAdapter(spec.adapterPath)).uses];
  } catch (err) {
    return { uses: [], missing: [], error: `the adapter could not be loaded: ${(err as Error).message}` };
  }
  try {
    const target = await loadTarget(spec.target);
    const members = membersOf(target as Record<string, unknown>);
    return { uses, missing: missingExports(uses, target), exports: Object.keys(target as object), members, heads: headsOf(target as Record<string, unknown>, members) };
  } catch (err) {
    return { uses, missing: [], error: `the target could not be loaded: ${(err as Error).message}` };
  }
}

const answer: ExportsCheck = { protocol: PROTOCOL, ...(await check()) };
writeAtomic(spec.out, JSON.stringify(answer));
process.exit(0);
