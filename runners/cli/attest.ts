// `childproof attest REPORT [--out F] [--url URL] [--key K] [--predicate F] [--checksums F]`:
// the report as an in-toto Statement v1 with the Test Result predicate (attest/make-statement.ts),
// checked against the Statement's schema before it is written; its url the run's, on
// GitHub Actions, unless --url says otherwise. With --key, wrapped in a
// DSSE envelope signed with the user's Ed25519 key. --predicate and --checksums write the
// predicate alone and the subjects in shasum's format: what GitHub's attest action takes.

import { createHash } from 'node:crypto';
import path from 'node:path';
import { keyFile, signEnvelope } from '../attest/dsse.ts';
import { statementOf } from '../attest/make-statement.ts';
import { EXIT, InputError, InvalidReportError } from '../model/errors.ts';
import { display, readJson, writeFileWhole } from '../model/files.ts';
import { checkOutput } from '../model/output.ts';
import type { Report } from '../model/report-types.ts';
import { validate } from '../model/schemas.ts';
import { IN_TOTO_PAYLOAD_TYPE, type Statement, type TestResultPredicate } from '../model/statement.ts';
import { readReport } from '../report/report-file.ts';
import { parse, string } from './args.ts';

/** GitHub's attest action takes at most this many subjects. */
const ACTION_SUBJECTS = 1024;


/** The subjects as shasum writes them, each file once. */
function checksums(statement: Statement): string {
  const lines = new Set<string>();
  for (const s of statement.subject) {
    if (!s.digest.sha256) throw new InputError([`--checksums: subject ${s.name} has no SHA-256 in this report (it was made before childproof recorded one): run it again`]);
    lines.add(`${s.digest.sha256}  ${s.name}`);
  }
  if (lines.size > ACTION_SUBJECTS) process.stderr.write(`childproof: note: ${lines.size} subjects; GitHub's attest action takes at most ${ACTION_SUBJECTS}: attest a report of fewer probes\n`);
  return `${[...lines].join('\n')}\n`;
}

/** The run on GitHub Actions, from the variables every job has: the predicate's `url`. */
function githubRun(env: NodeJS.ProcessEnv): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_RUN_ID: run } = env;
  return server && repo && run ? `${server}/${repo}/actions/runs/${run}` : undefined;
}

export function cmdAttest(args: string[]): number {
  const { values, positionals } = parse(
    args,
    { out: { type: 'string' }, url: { type: 'string' }, key: { type: 'string' }, predicate: { type: 'string' }, checksums: { type: 'string' } },
    { min: 1, max: 1, what: 'attest expects one report' },
  );
  const [file] = positionals;
  const outs = { '--out': string(values.out), '--predicate': string(values.predicate), '--checksums': string(values.checksums) };
  for (const [option, out] of Object.entries(outs)) if (out !== undefined) checkOutput(out, option, [file]);
  const url = string(values.url) ?? githubRun(process.env);
  if (url !== undefined && !URL.canParse(url)) throw new InputError([`--url expects a URL, such as the CI run's, not "${url}"`]);
  const key = values.key === undefined ? null : keyFile(string(values.key)!, 'private');
  const report: Report = readReport(file);
  const sha256 = createHash('sha256').update(readJson(file).bytes).digest('hex');
  const { statement, notes } = statementOf(report, { name: path.basename(file), sha256 }, url);
  const predicate = statement.predicate as TestResultPredicate;
  const ran = predicate.passedTests.length + predicate.warnedTests.length + predicate.failedTests.length;
  if (ran === 0) throw InputError.at(display(file), '/trials', 'expected a trial that ran: every trial is unsupported or unavailable, so there is nothing to attest');
  if (!statement.subject.length) throw InputError.at(display(file), '/probes', 'expected a verified probe: no code was verified, so the statement would have no subject');
  const problems = validate('statement', statement, 'statement');
  if (problems.length) throw new InvalidReportError(`childproof built a statement that does not validate (a bug):\n${problems.join('\n')}`);
  for (const note of notes) process.stderr.write(`childproof: note: ${note}\n`);

  const body = `${JSON.stringify(statement, null, 2)}\n`;
  const text = key ? `${JSON.stringify(signEnvelope(IN_TOTO_PAYLOAD_TYPE, Buffer.from(body), key), null, 2)}\n` : body;
  if (outs['--out'] === undefined) process.stdout.write(text);
  else writeFileWhole(outs['--out'], text);
  if (outs['--predicate'] !== undefined) writeFileWhole(outs['--predicate'], `${JSON.stringify(predicate, null, 2)}\n`);
  if (outs['--checksums'] !== undefined) writeFileWhole(outs['--checksums'], checksums(statement));
  process.stderr.write(
    `${key ? 'signed statement' : 'statement'}: ${statement.subject.length} subject(s), ${predicate.configuration.length} configuration entries; ` +
      `${predicate.result}: ${predicate.passedTests.length} passed, ${predicate.warnedTests.length} warned, ${predicate.failedTests.length} failed` +
      `${outs['--out'] ? ` (${display(outs['--out'])})` : ''}\n`,
  );
  return EXIT.ok;
}
