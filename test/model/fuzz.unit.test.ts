// Seeded fuzzing of the files people write: thousands of mutated case, probe and
// divergences files, each loaded and checked as `validate` would. Every one must load or
// be refused with an input error that names the file and where in it; any other throw
// (a TypeError, say) is a stack trace a user would have seen. The seed is printed with
// every failure, so a failure can be replayed.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { citationProblems } from '../../runners/identity/citations.ts';
import { InputError } from '../../runners/model/errors.ts';
import { display } from '../../runners/model/files.ts';
import { lintProbe } from '../../runners/model/lint.ts';
import { loadAllCases, loadCase } from '../../runners/model/load-cases.ts';
import { loadProbeDir } from '../../runners/model/load-probes.ts';
import { CASES_DIR, PROBES_DIR } from '../../runners/model/paths.ts';
import { tempDir } from '../support/helpers.ts';
import { mutate, prng } from '../support/mutate.ts';
import { finish } from '../support/suite.ts';
import { bySize } from '../support/tier.ts';

const SEED = 20261130;
const ROUNDS = bySize(600, 2400);

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
