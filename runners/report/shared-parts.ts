// What a publication's reports repeat, stored once: the tool's files, each case's entry,
// each probe's entry (its identity and verified files within it), and each trial's facts,
// verdicts and introspection, the same across runtimes, folders and sweeps, were half a
// published report's bytes. A published report's file names each such part in its place
// by the SHA-256 of its JSON text ({"part": "sha256:HEX"}); the publication's parts.jsonl
// holds each part once (report/parts-file.ts). Reading puts every part back, so in memory a report is always
// whole, and the digest is checked, so a report file's digest (an attestation's subject)
// still fixes every byte it stands for. Pure.

import { createHash } from 'node:crypto';

export type Digest = `sha256:${string}`;
export type Parts = Map<Digest, unknown>;

/** Where parts are, as paths into a report: `*` is each element of an array. Paths into
 *  one place come innermost first: an inner part is made before the one around it, and
 *  put back after it (a probe's entry differs by runtime in its explanations, while its
 *  identity and the files verified are the same on every runtime and in every folder). */
const PLACES: string[][][] = [
  [['tool']],
  [['cases', '*']],
  [['identity'], ['verified', 'files'], ['verified', 'tree'], ['verified', 'unverifiedModules'], ['explanations'], []].map((at) => ['probes', '*', ...at]),
  // A trial's judgement, and how the worker looked and reached the call: the same for a
  // case on every runtime that behaves alike, and in every folder whose probe calls alike.
  ...[[], ['repeats', 'others', '*']].flatMap((run) =>
    [['facts'], ['verdicts'], ['observations', 'worker', 'introspection'], ['observations', 'worker', 'reach']].map((at) => [['trials', '*', ...run, ...at]]),
  ),
];
const MAKING = PLACES.flat();
const READING = PLACES.flatMap((paths) => [...paths].reverse());

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

/** Each place, innermost first, or, `outward` false, outermost first. */
const everyPlace = (data: unknown, visit: Visit, outward = true): unknown => (outward ? MAKING : READING).reduce((d, path) => mapAt(d, path, '', visit), data);

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

/** The parts `names` with every part their values name in turn: a probe's entry names
 *  its identity, which no report file names itself. */
export function partsReached(names: Set<Digest>, parts: Parts): Set<Digest> {
  const reached = new Set<Digest>();
  const walk = (value: unknown): void => {
    const part = named(value);
    if (part) {
      if (reached.has(part)) return;
      reached.add(part);
      if (parts.has(part)) walk(parts.get(part));
      return;
    }
    if (value !== null && typeof value === 'object') for (const v of Object.values(value)) walk(v);
  };
  for (const p of names) walk({ part: p });
  return reached;
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
  }, false);
}
