// Seeded fuzzing of statements, which are anyone's files: subject names with a NUL, of a
// hundred thousand characters, leading out of their root; digests of the wrong length or
// type; subjects that are not objects; and a subject file of gigabytes. Each through
// `verify --statement`, in this process: exit 0, 1, 2 or 3, never a throw.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../../runners/model/paths.ts';
import { tempDir } from '../support/helpers.ts';
import { inProcess } from '../support/in-process.ts';
import { mutate, prng, type Json } from '../support/mutate.ts';
import { madeHere, publishedOnHost } from '../support/published.ts';
import { STACK } from '../support/pinned.ts';
import { finish } from '../support/suite.ts';
import { bySize } from '../support/tier.ts';

const SEED = 20261202;
const ROUNDS = bySize(60, 400);

const scratch = tempDir('childproof-statements-');
const REFERENCE = madeHere(publishedOnHost('stdio-reference'), tempDir('childproof-fuzz-'));
const original = path.join(scratch, 'statement.json');

/** What a subject's name may be made of by someone who wants to break the verifier. */
const NAMES: Json[] = ['a\u0000b', 'x'.repeat(100_000), '../../../etc/passwd', '/etc/passwd', '', '.', 'runners/../../x', 'é'.repeat(3000), 'a/'.repeat(2000), 7, null, ['x']];
const DIGESTS: Json[] = [{}, { sha256: 'x' }, { sha256: '0'.repeat(64) }, { gitBlob: 'f'.repeat(41) }, { sha256: 7 }, null, 'sha256', { sha512: 'a'.repeat(128) }];

function attacked(statement: Record<string, Json>, random: () => number): string {
  const copy = structuredClone(statement) as { subject: Array<Record<string, Json>> };
  const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)];
  const how = random();
  const s = copy.subject[Math.floor(random() * copy.subject.length)];
  if (how < 0.35) s.name = pick(NAMES);
  else if (how < 0.55) s.digest = pick(DIGESTS);
  else if (how < 0.65) (copy.subject as Json[])[0] = pick([null, 'x', 1, [], {}]);
  else if (how < 0.75) copy.subject = Array.from({ length: 2000 }, () => structuredClone(s));
  else return mutate(copy as unknown as Json, random);
  return JSON.stringify(copy);
}

test('the statement of a committed report verifies, so what the fuzzer changes is what is refused', async () => {
  const made = await inProcess(['attest', REFERENCE, '--out', original]);
  assert.ok('code' in made && made.code === 0, JSON.stringify(made));
  const checked = await inProcess(['verify', '--statement', original]);
  assert.ok('code' in checked && checked.code === 0, JSON.stringify(checked));
});

test(`${ROUNDS} attacked statements (seed ${SEED}) through verify --statement: exit 0 to 3, one line per problem, never a throw`, async () => {
  const statement = JSON.parse(fs.readFileSync(original, 'utf8'));
  const random = prng(SEED);
  const file = path.join(scratch, 'attacked.json');
  const failures: string[] = [];
  let refused = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const text = attacked(statement, random);
    fs.writeFileSync(file, text);
    const r = await inProcess(['verify', '--statement', file]);
    if ('threw' in r) failures.push(`round ${round}: threw ${(r.threw as Error)?.stack ?? String(r.threw)}\n${text.slice(0, 300)}`);
    else if (![0, 1, 2, 3].includes(r.code)) failures.push(`round ${round}: exited ${r.code}`);
    else if (STACK.test(r.stderr)) failures.push(`round ${round}: a stack trace: ${r.stderr.slice(0, 500)}`);
    else if (r.code !== 0) refused++;
  }
  assert.equal(failures.slice(0, 3), [], `${failures.length} of ${ROUNDS} were not handled cleanly`);
  assert.ok(refused > ROUNDS / 2, `most attacks are refused (${refused} of ${ROUNDS}): the fuzzer reaches the checks`);
});

test('a subject name with a NUL, or of 100,000 characters, is refused by the statement schema, naming where', async () => {
  const statement = JSON.parse(fs.readFileSync(original, 'utf8'));
  for (const [name, expected] of [['a\u0000b', /\/subject\/0\/name: expected a file's path: no NUL character/], ['x'.repeat(100_000), /\/subject\/0\/name: expected it to NOT have more than 4096 characters/]] as const) {
    const file = path.join(scratch, 'named.json');
    fs.writeFileSync(file, JSON.stringify({ ...statement, subject: [{ ...statement.subject[0], name }] }));
    const r = await inProcess(['verify', '--statement', file]);
    assert.ok('code' in r, JSON.stringify(r));
    assert.is((r as { code: number }).code, 2);
    assert.match((r as { stderr: string }).stderr, expected);
  }
});

test('a subject file of 3 GiB is refused in one line, not read', async () => {
  const copy = path.join(scratch, 'fixture');
  fs.cpSync(path.join(ROOT, 'runners', 'fixture'), copy, { recursive: true });
  fs.truncateSync(path.join(copy, 'stdio-server.mjs'), 3 * 1024 ** 3);
  const r = await inProcess(['verify', '--statement', original, '--source', `stdio-reference=${copy}`]);
  assert.ok('code' in r, `it threw: ${JSON.stringify(r)}`);
  assert.ok((r as { code: number }).code >= 2, 'a subject that cannot be read is not verified');
  assert.match((r as { stderr: string }).stderr, /stdio-server\.mjs: \/: expected a regular file as the subject; it is 3072 MiB, more than the 256 MiB childproof reads/);
  assert.not.match((r as { stderr: string }).stderr, STACK);
});

finish(test);
