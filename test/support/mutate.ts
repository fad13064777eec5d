// Seeded mutation of JSON documents, shared by the fuzz tests: a small PRNG, and one
// mutation at a time (damaged text, a key dropped, an odd value, an array grown).

/** mulberry32: small, seeded, good enough to pick mutations. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const ODD_VALUES: Json[] = [null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 31), '', 'x', '../../etc', 'NaN', 'Infinity', [], [null], {}, { a: 1 }, 'é'.repeat(300), [[[[[[]]]]]]];

/** Every path in `v`, each before those below it, in the order of its keys. */
function paths(v: Json): Array<Array<string | number>> {
  const found: Array<Array<string | number>> = [];
  const at: Array<string | number> = [];
  const walk = (x: Json) => {
    found.push([...at]);
    const below: Array<[string | number, Json]> = Array.isArray(x) ? x.map((y, i) => [i, y]) : x && typeof x === 'object' ? Object.entries(x) : [];
    for (const [k, y] of below) {
      at.push(k);
      walk(y);
      at.pop();
    }
  };
  walk(v);
  return found;
}

/** The paths below the top of each document mutated, found once a document: every
 *  mutation of a document walks a copy of the same shape, and walking it was most of
 *  what a fuzzer spent outside the verbs it fuzzes. */
const inner = new WeakMap<object, Array<Array<string | number>>>();
function innerPaths(doc: Json): Array<Array<string | number>> {
  if (doc === null || typeof doc !== 'object') return [];
  let found = inner.get(doc);
  if (!found) inner.set(doc, (found = paths(doc).filter((p) => p.length > 0)));
  return found;
}

export function mutate(doc: Json, random: () => number): string {
  const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)];
  const copy = structuredClone(doc);
  const text = () => JSON.stringify(copy, null, 2);
  const kind = random();
  if (kind < 0.15) {
    // Damage the text itself: cut it short or drop a character.
    const t = text();
    const at = Math.floor(random() * t.length);
    return random() < 0.5 ? t.slice(0, at) : t.slice(0, at) + t.slice(at + 1);
  }
  const where = pick(innerPaths(doc));
  if (!where) return JSON.stringify(pick(ODD_VALUES));
  let parent: Json = copy;
  for (const k of where.slice(0, -1)) parent = (parent as Record<string, Json>)[k as string];
  const key = where.at(-1)!;
  const container = parent as Record<string | number, Json>;
  if (kind < 0.35 && !Array.isArray(parent)) delete container[key];
  else if (kind < 0.45 && Array.isArray(parent)) parent.splice(key as number, 1);
  else if (kind < 0.55 && !Array.isArray(parent)) container[pick(['extra', 'extends', 'id', '__proto__', 'racy', 'cites'])] = pick(ODD_VALUES);
  else if (kind < 0.65 && Array.isArray(container[key])) (container[key] as Json[]).push(pick(ODD_VALUES), ...(container[key] as Json[]));
  else container[key] = pick(ODD_VALUES);
  return text();
}

