// Seeded fuzzing of what the verbs read that childproof wrote: mutated reports and
// streams, each through every verb that reads one (validate, judge, render in every
// format, compare, merge, report --from), run in this process. Each call must return an
// exit code of 0, 1 or 2, or refuse with an input error; any other throw is a stack trace
// a user would have seen. The seed and the round are printed with every failure.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Report } from '../../runners/model/report-types.ts';
import { summarize } from '../../runners/report/build.ts';
import { consistencyProblems } from '../../runners/report/consistency.ts';
import { validate } from '../../runners/model/schemas.ts';
import { tempDir } from '../support/helpers.ts';
import { inProcess } from '../support/in-process.ts';
import { mutate, prng, type Json } from '../support/mutate.ts';
import { finish } from '../support/suite.ts';
import { bySize } from '../support/tier.ts';
import { publishedReports } from '../support/published.ts';

const SEED = 20261201;
const REPORTS = bySize(300, 1500);
const STREAMS = bySize(120, 600);
const LONG_TOKENS = bySize(2, 6);

/**
 * A small published report: a few trials of varied outcomes, its summary made again, and
 * three of childproof's own files. The whole list of them was half the report's text, so
 * half of all mutations landed where no fuzzed verb reads (only attest and verify do),
 * and every round parsed it again.
 */
function baseReport(): Report {
  const { report } = publishedReports().find(({ report: r }) => r.trials.length > 5 && r.trials.some((t) => t.evidence))!;
  const trials = report.trials.slice(0, 4);
  const cases = report.cases.filter((c) => trials.some((t) => t.case === c.id));
  const tool = report.tool.files ? { ...report.tool, files: report.tool.files.slice(0, 3) } : report.tool;
  return { ...report, tool, cases, trials, summary: summarize(trials) };
}

const base = baseReport();

/** The base report with one unsupported trial more, whose reason the formats print. */
const withSkipped: Report = (() => {
  const { report } = publishedReports().find(({ report: r }) => r.trials.some((t) => t.outcome === 'unsupported'))!;
  const skipped = report.trials.find((t) => t.outcome === 'unsupported')!;
  const trials = [...base.trials, { ...skipped, probe: base.trials[0].probe }];
  const cases = [...base.cases, ...report.cases.filter((c) => c.id === skipped.case && !base.cases.some((b) => b.id === c.id))];
  return { ...base, cases, trials, summary: summarize(trials) };
})();
const scratch = tempDir();
const original = path.join(scratch, 'original.json');
fs.writeFileSync(original, JSON.stringify(base));
const aTrial = `${base.trials[0].probe}:${base.trials[0].case}`;

/** Every verb that reads a report, on `file`. */
const reportVerbs = (file: string): string[][] => [
  ['validate', file],
  ['judge', file],
  ...['md', 'html', 'junit', 'github'].map((f) => ['render', file, '--format', f]),
  ['render', file, '--format', 'svg', '--trial', aTrial],
  ['compare', original, file],
  ['merge', file, '--out', path.join(scratch, 'merged.json')],
];

async function fuzz(rounds: number, seed: number, make: (random: () => number) => { file: string; text: string; verbs: string[][] }): Promise<{ failures: string[]; refused: number; calls: number }> {
  const random = prng(seed);
  const failures: string[] = [];
  let refused = 0;
  let calls = 0;
  for (let round = 0; round < rounds; round++) {
    const { file, text, verbs } = make(random);
    fs.writeFileSync(file, text);
    for (const args of verbs) {
      calls++;
      const r = await inProcess(args);
      if ('threw' in r) failures.push(`seed ${seed} round ${round}: ${args[0]} threw ${(r.threw as Error)?.stack ?? String(r.threw)}\n${text.slice(0, 300)}`);
      else if (![0, 1, 2].includes(r.code)) failures.push(`seed ${seed} round ${round}: ${args.join(' ')} exited ${r.code}`);
      else if (r.code === 2) refused++;
    }
  }
  return { failures, refused, calls };
}

test('the base report is valid and consistent, so the mutations are what the verbs refuse', async () => {
  assert.equal([...validate('report', base, 'base'), ...consistencyProblems(base, 'base')], []);
  for (const args of reportVerbs(original)) {
    const r = await inProcess(args);
    assert.ok('code' in r && (r.code === 0 || r.code === 1), `${args.join(' ')}: ${JSON.stringify(r)}`);
  }
});

test(`${REPORTS} mutated reports (seed ${SEED}) through every verb that reads one: exit 0, 1 or 2, never a throw`, async () => {
  const file = path.join(scratch, 'mutated.json');
  const { failures, refused, calls } = await fuzz(REPORTS, SEED, (random) => {
    let text = mutate(base as unknown as Json, random);
    for (let more = Math.floor(random() * 3); more > 0; more--) {
      try {
        text = mutate(JSON.parse(text), random);
      } catch {
        break;
      }
    }
    return { file, text, verbs: reportVerbs(file) };
  });
  assert.equal(failures.slice(0, 5), [], `${failures.length} of ${calls} calls were not handled cleanly`);
  assert.ok(refused > calls / 4, `many mutations are refused (${refused} of ${calls}): the fuzzer reaches the checks`);
});

test(`${STREAMS} mutated streams (seed ${SEED + 1}) through report --from and merge: exit 0, 1 or 2, never a throw`, async () => {
  const { trials, summary: _s, interrupted: _i, ...header } = base;
  const lines: Json[] = [{ kind: 'run', ...header, planned: trials.length } as unknown as Json, ...trials.map((trial) => ({ kind: 'trial', trial }) as unknown as Json), { kind: 'end' }];
  const file = path.join(scratch, 'mutated.jsonl');
  const { failures, refused, calls } = await fuzz(STREAMS, SEED + 1, (random) => {
    const texts = lines.map((l) => JSON.stringify(l));
    const pick = Math.floor(random() * texts.length);
    const how = random();
    if (how < 0.6) texts[pick] = mutate(lines[pick], random).replace(/\n\s*/g, '');
    else if (how < 0.75) texts.splice(pick, 1);
    else if (how < 0.85) texts.splice(pick, 0, texts[Math.floor(random() * texts.length)]);
    let text = `${texts.join('\n')}\n`;
    // A runner killed mid-write: the file cut anywhere.
    if (random() < 0.2) text = text.slice(0, Math.floor(random() * text.length));
    return { file, text, verbs: [['report', '--from', file, '--out', path.join(scratch, 'rebuilt.json')], ['merge', file, '--out', path.join(scratch, 'merged.json')]] };
  });
  assert.equal(failures.slice(0, 5), [], `${failures.length} of ${calls} calls were not handled cleanly`);
  assert.ok(refused > calls / 4, `many mutations are refused (${refused} of ${calls})`);
});

test(`${LONG_TOKENS} reports holding a whitespace-free token of megabytes, through every verb that reads one: never a throw`, async () => {
  const random = prng(SEED + 2);
  const file = path.join(scratch, 'long.json');
  const failures: string[] = [];
  for (let round = 0; round < LONG_TOKENS; round++) {
    const token = 'A'.repeat(1_000_000 + Math.floor(random() * 9_000_000));
    // Where a long token reaches the formats: the reason of a trial that did not run, which
    // Markdown folds (an error's message is held to 300 characters by the schema).
    const r = structuredClone(withSkipped);
    r.trials.find((x) => x.outcome === 'unsupported')!.reason = token;
    fs.writeFileSync(file, JSON.stringify(r));
    for (const args of reportVerbs(file)) {
      const got = await inProcess(args);
      if ('threw' in got) failures.push(`round ${round}: ${args.join(' ')} threw ${(got.threw as Error)?.stack?.slice(0, 400) ?? String(got.threw)}`);
    }
  }
  assert.equal(failures.slice(0, 3), []);
});

finish(test);
