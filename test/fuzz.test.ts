// Seeded fuzzing of the files people write: thousands of mutated case, probe and
// divergences files, each loaded and checked as `validate` would. Every one must load or
// be refused with an input error that names the file and where in it; any other throw
// (a TypeError, say) is a stack trace a user would have seen. The seed is printed with
// every failure, so a failure can be replayed.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { citationProblems } from '../runners/identity/citations.ts';
import { InputError } from '../runners/model/errors.ts';
import { display } from '../runners/model/files.ts';
import { lintProbe } from '../runners/model/lint.ts';
import { loadAllCases, loadCase } from '../runners/model/load-cases.ts';
import { loadProbeDir } from '../runners/model/load-probes.ts';
import { CASES_DIR, PROBES_DIR } from '../runners/model/paths.ts';
import { tempDir } from './support/helpers.ts';
import { finish } from './support/suite.ts';

const SEED = 20261130;
const ROUNDS = 2400;

/** mulberry32: small, seeded, good enough to pick mutations. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const ODD_VALUES: Json[] = [null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 31), '', 'x', '../../etc', 'NaN', 'Infinity', [], [null], {}, { a: 1 }, 'é'.repeat(300), [[[[[[]]]]]]];

function paths(v: Json, at: Array<string | number> = []): Array<Array<string | number>> {
  const own = [at];
  if (Array.isArray(v)) return [...own, ...v.flatMap((x, i) => paths(x, [...at, i]))];
  if (v && typeof v === 'object') return [...own, ...Object.entries(v).flatMap(([k, x]) => paths(x, [...at, k]))];
  return own;
}

function mutate(doc: Json, random: () => number): string {
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
  const where = pick(paths(copy).filter((p) => p.length > 0));
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

/** Each problem names the file, or a file beside it that the change contradicts. */
function wellFormed(err: unknown, file: string): string | null {
  if (!(err instanceof InputError)) return `threw ${(err as Error)?.constructor?.name}: ${(err as Error)?.stack ?? String(err)}`;
  const dir = display(path.dirname(file));
  // The file a problem names is what comes before its first ": ".
  const bad = err.problems.find((p) => path.dirname(p.split(': ')[0]) !== dir);
  return bad ? `an input error that does not name ${display(file)}: ${bad}` : null;
}

const cases = loadAllCases();

test(`${ROUNDS} mutated case, probe and divergences files (seed ${SEED}) load or are refused with a clear input error`, () => {
  const random = prng(SEED);
  const scratch = tempDir();
  const casesRoot = path.join(scratch, 'cases');
  const probesRoot = path.join(scratch, 'probes');
  fs.cpSync(PROBES_DIR, probesRoot, { recursive: true });
  const probeFiles = fs
    .readdirSync(probesRoot, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('probe.json') || f.endsWith('divergences.json'))
    .map((f) => path.join(probesRoot, f));
  const caseFiles = cases.map((c) => c.file);
  const failures: string[] = [];
  let refused = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const isCase = random() < 0.5;
    const source = isCase ? caseFiles[Math.floor(random() * caseFiles.length)] : probeFiles[Math.floor(random() * probeFiles.length)];
    const original = fs.readFileSync(source, 'utf8');
    // One to three mutations, each on what the last one left while it is still JSON.
    let mutated = mutate(JSON.parse(original), random);
    for (let more = Math.floor(random() * 3); more > 0; more--) {
      try {
        mutated = mutate(JSON.parse(mutated), random);
      } catch {
        break;
      }
    }
    const file = isCase ? path.join(casesRoot, path.relative(CASES_DIR, source)) : source;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, mutated);
    try {
      if (isCase) loadCase(file, casesRoot);
      else {
        const probe = loadProbeDir(path.dirname(file));
        lintProbe(probe, cases);
        citationProblems(probe);
      }
    } catch (err) {
      refused++;
      const why = wellFormed(err, file);
      if (why) failures.push(`round ${round} (${path.relative(scratch, file)}): ${why}\n${mutated.slice(0, 400)}`);
    } finally {
      if (isCase) fs.rmSync(file);
      else fs.writeFileSync(file, original);
    }
  }
  assert.equal(failures.slice(0, 8), [], `${failures.length} of ${ROUNDS} mutated files were not handled cleanly`);
  assert.ok(refused > ROUNDS / 2, `most mutations are refused (${refused} of ${ROUNDS}): the fuzzer reaches the checks`);
});

finish(test);
