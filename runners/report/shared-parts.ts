// What a published folder's reports repeat, stored once: the tool's files, each case's
// entry, each probe's entry and each trial's introspection (how the worker looked) were
// two-fifths of a published report's bytes, the same in every report of the folder. A
// published report's file names each such part in its place by the SHA-256 of its JSON
// text ({"part": "sha256:HEX"}); the folder's parts.jsonl holds each part once
// (report/parts-file.ts). Reading puts every part back, so in memory a report is always
// whole, and the digest is checked, so a report file's digest (an attestation's subject)
// still fixes every byte it stands for. Pure.

import { createHash } from 'node:crypto';

export type Digest = `sha256:${string}`;
export type Parts = Map<Digest, unknown>;

/** Where parts are, as paths into a report: `*` is each element of an array. */
const PLACES = [
  ['tool'],
  ['cases', '*'],
  ['probes', '*'],
  ['trials', '*', 'observations', 'worker', 'introspection'],
  ['trials', '*', 'repeats', 'others', '*', 'observations', 'worker', 'introspection'],
];

export const digestOf = (value: unknown): Digest => `sha256:${createHash('sha256').update(JSON.stringify(value)).digest('hex')}`;

type Visit = (value: unknown, pointer: string) => unknown;

/** `node` with `visit`'s answer in each place `path` reaches; any other node as it is, and
 *  `node` itself where no answer differs, so a look that changes nothing copies nothing. */
function mapAt(node: unknown, path: string[], pointer: string, visit: Visit): unknown {
  if (path.length === 0) return visit(node, pointer);
  if (node === null || typeof node !== 'object') return node;
  const [head, ...rest] = path;
  if (head === '*') {
    if (!Array.isArray(node)) return node;
    const mapped = node.map((v, i) => mapAt(v, rest, `${pointer}/${i}`, visit));
    return mapped.some((v, i) => v !== node[i]) ? mapped : node;
  }
  if (Array.isArray(node) || !Object.hasOwn(node, head)) return node;
  const child = (node as Record<string, unknown>)[head];
  const mapped = mapAt(child, rest, `${pointer}/${head}`, visit);
  return mapped === child ? node : { ...node, [head]: mapped };
}

const everyPlace = (data: unknown, visit: Visit): unknown => PLACES.reduce((d, path) => mapAt(d, path, '', visit), data);

/** A part's name in its place, or null where the place holds the part itself. */
function named(value: unknown): Digest | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const keys = Object.keys(value);
  const part = (value as { part?: unknown }).part;
  return keys.length === 1 && typeof part === 'string' && part.startsWith('sha256:') ? (part as Digest) : null;
}

/** The report as a published file holds it, each part named, and the parts it names. */
export function partsOut<T extends object>(report: T): { file: T; parts: Parts } {
  const parts: Parts = new Map();
  const file = everyPlace(report, (value) => {
    if (value === null || typeof value !== 'object') return value;
    const part = digestOf(value);
    parts.set(part, value);
    return { part };
  }) as T;
  return { file, parts };
}

/** The parts a file's data names. */
export function partsNamed(data: unknown): Set<Digest> {
  const out = new Set<Digest>();
  everyPlace(data, (value) => {
    const part = named(value);
    if (part) out.add(part);
    return value;
  });
  return out;
}

/** A file's data with each part it names put back; `missing` gets the JSON pointer and
 *  name of each part the store lacks, which stays named. `store` is asked only when a
 *  place names one: a whole report needs no store. */
export function partsIn(data: unknown, store: () => Parts, missing: (pointer: string, part: Digest) => void): unknown {
  return everyPlace(data, (value, pointer) => {
    const part = named(value);
    if (!part) return value;
    const parts = store();
    if (!parts.has(part)) {
      missing(pointer, part);
      return value;
    }
    return structuredClone(parts.get(part));
  });
}
