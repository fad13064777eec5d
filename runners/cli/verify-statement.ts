// `childproof verify --statement F [--report R] [--pub KEY] [--source NAME=PATH]... [--probe DIR]...`:
// an attestation checked without running anything. F is a statement, a DSSE envelope (with
// --pub, its signature is checked; without it, exit 2 unless --no-require-signature says to
// check its subjects alone) or a Sigstore bundle from GitHub's attest action (whose
// signature `gh attestation verify` checks; its subjects are found among the report's
// files). Every subject is read again from its package, checkout or files and its digests
// computed anew; with --report, the report's SHA-256 must be the one the statement names;
// childproof's own files as recorded must be this installation's, unless --any-childproof.
// A changed byte, a report that differs, other childproof code or a signature that does
// not verify: exit 3.

import { createHash } from 'node:crypto';
import path from 'node:path';
import { checkSubjects } from '../attest/check-subjects.ts';
import { envelopeBody, keyId, keyFile, signedBy } from '../attest/dsse.ts';
import { subjectsOf, type Subject } from '../attest/subjects.ts';
import { checkOwnFiles } from '../attest/own-files-check.ts';
import { toolFiles } from '../identity/own-files.ts';
import { EXIT, InputError, IntegrityError } from '../model/errors.ts';
import { TOOL_VERSION } from '../model/version.ts';
import { display, readJson } from '../model/files.ts';
import { loadProbes, shippedProbesToRead } from '../model/load-probes.ts';
import { validate } from '../model/schemas.ts';
import { readReport } from '../report/report-file.ts';
import { IN_TOTO_PAYLOAD_TYPE, TEST_RESULT_TYPE, type Envelope, type Statement, type TestResultPredicate } from '../model/statement.ts';

const say = (what: string, line: string) => process.stdout.write(`${what.padEnd(12)} ${line}\n`);


/** The statement F holds: bare, in a DSSE envelope (its signature checked with --pub), or in a Sigstore bundle. */
function unwrap(file: string, pub: string | undefined, requireSignature: boolean): Statement {
  const { data } = readJson(file);
  const shown = display(file);
  const bundle = (data as { dsseEnvelope?: unknown })?.dsseEnvelope;
  const wrapped = bundle ?? data;
  if (!wrapped || typeof wrapped !== 'object' || !('payloadType' in wrapped)) {
    if (pub !== undefined) throw InputError.at(shown, '', 'expected a signed envelope, since --pub was given; this is a bare statement');
    say('signature', 'none: a bare statement, signed by no one');
    return checkedStatement(data, shown);
  }
  const at = bundle ? `${shown}#/dsseEnvelope` : shown;
  const problems = validate('envelope', wrapped, at);
  if (problems.length) throw new InputError(problems);
  const envelope = wrapped as Envelope;
  if (envelope.payloadType !== IN_TOTO_PAYLOAD_TYPE) throw InputError.at(at, '/payloadType', `expected ${IN_TOTO_PAYLOAD_TYPE}`);
  if (pub !== undefined) {
    const key = keyFile(pub, 'public');
    if (!signedBy(envelope, key)) {
      const ids = envelope.signatures.map((s) => s.keyid ?? 'none').join(', ');
      throw new IntegrityError([`${shown}: no signature verifies with ${display(pub)} (key id ${keyId(key)}; the envelope's: ${ids})`]);
    }
    say('signature', `verifies with ${display(pub)} (key id ${keyId(key)})`);
  } else if (bundle) {
    say('signature', 'a Sigstore bundle: its signature and signer are checked by gh attestation verify, not here');
  } else if (requireSignature) {
    // A signature left unchecked is no check: the statement is not read on as if it were.
    throw new InputError([`${shown}: a signed envelope, and no signature was checked: give --pub KEY.pub to check it (or --no-require-signature to check its subjects alone, saying so)`]);
  } else {
    say('signature', 'NOT checked (--no-require-signature): who signed it is unknown');
  }
  let statement: unknown;
  try {
    statement = JSON.parse(envelopeBody(envelope).toString('utf8'));
  } catch {
    throw InputError.at(at, '/payload', 'expected the base64 of a JSON statement');
  }
  return checkedStatement(statement, `${at} (payload)`);
}

function checkedStatement(data: unknown, shown: string): Statement {
  const problems = validate('statement', data, shown);
  if (problems.length) throw new InputError(problems);
  const statement = data as Statement;
  if (statement.predicateType !== TEST_RESULT_TYPE) throw InputError.at(shown, '/predicateType', `expected ${TEST_RESULT_TYPE}, the predicate childproof attest writes`);
  return statement;
}

const hasOrigin = (s: Statement['subject'][number]) => {
  const a = s.annotations as Partial<Subject['annotations']> | undefined;
  return Boolean(s.name) && Array.isArray(a?.probes) && a.probes.length > 0 && ['package', 'git', 'files', 'builtin'].includes(a.pin as string);
};

/**
 * The subjects with where their bytes come from: as the statement says (childproof attest
 * wrote it), else found among the report's verified files by name and digest (a statement
 * another signer built from `attest --checksums`, such as GitHub's attest action).
 */
function subjectsToCheck(statement: Statement, shown: string, report: string | undefined): Subject[] {
  if (statement.subject.every(hasOrigin)) return statement.subject as Subject[];
  if (report === undefined) {
    const i = statement.subject.findIndex((s) => !hasOrigin(s));
    throw InputError.at(shown, `/subject/${i}`, 'expected annotations saying where its bytes come from (probes, pin), as childproof attest writes them; or give --report REPORT, whose verified files name them');
  }
  const ours = subjectsOf(readReport(report));
  const changed: string[] = [];
  const found = statement.subject.flatMap((s) => {
    const same = ours.find((o) => o.name === s.name && ['sha256', 'gitBlob'].some((a) => s.digest[a] !== undefined && s.digest[a] === o.digest[a]));
    if (!same) changed.push(`${shown}: subject ${s.name ?? '(no name)'} (${Object.entries(s.digest).map(([a, d]) => `${a} ${d}`).join(', ')}) is no file ${display(report)} verified`);
    return same ? [{ ...same, digest: s.digest }] : [];
  });
  if (changed.length) throw new IntegrityError(changed);
  return found;
}

function checkReport(statement: Statement, report: string): void {
  const entry = (statement.predicate as TestResultPredicate).configuration.find((c) => c.annotations?.role === 'report');
  if (!entry?.digest?.sha256) throw new InputError([`the statement names no report by SHA-256, so ${display(report)} cannot be checked against it`]);
  const found = createHash('sha256').update(readJson(report).bytes).digest('hex');
  if (found !== entry.digest.sha256) {
    throw new IntegrityError([`${display(report)}: expected sha256 ${entry.digest.sha256} (the statement's, for ${entry.name}), found ${found}`]);
  }
  say('report', `${display(report)} is the statement's ${entry.name} (sha256 ${found})`);
}

/** The statement's record of childproof's own files against this installation's: each that differs named. */
function checkTool(statement: Statement, anyChildproof: boolean): void {
  const own = checkOwnFiles(statement, toolFiles(), TOOL_VERSION);
  if (!own) return void say('childproof', "its own files: the statement records none, so this installation was not compared with the one that made it");
  const made = own.recorded === null ? 'childproof' : `childproof ${own.recorded}`;
  if (own.differ.length === 0) return void say('childproof', `${own.files} of its own files are this installation's (${made})`);
  const listed = [...own.differ.slice(0, 10), ...(own.differ.length > 10 ? [`and ${own.differ.length - 10} more`] : [])];
  const what = `${own.differ.length} of childproof's own files differ between the ${made} that made the findings and this installation (childproof ${own.checking})`;
  if (!anyChildproof) throw new IntegrityError([`${what}: its findings came from other code than this; check with the childproof that made them, or give --any-childproof to accept that:`, ...listed.map((l) => `  ${l}`)]);
  say('childproof', `${what}, accepted (--any-childproof):`);
  for (const l of listed) process.stdout.write(`  ${l}\n`);
}

export function verifyStatement(file: string, options: { report?: string; pub?: string; sources: string[]; probes: string[]; requireSignature: boolean; anyChildproof: boolean }): number {
  const statement = unwrap(file, options.pub, options.requireSignature);
  if (options.report !== undefined) checkReport(statement, options.report);
  const subjects = subjectsToCheck(statement, display(file), options.report);
  const sources: Record<string, string> = {};
  for (const s of options.sources) {
    const m = /^([^=]+)=(.+)$/.exec(s);
    if (!m) throw new InputError([`--source with --statement expects NAME=PATH (NAME a probe or a package), not "${s}"`]);
    sources[m[1]] = path.resolve(m[2]);
  }
  const probes = [...loadProbes(options.probes), ...shippedProbesToRead()];
  const check = checkSubjects(subjects, { sources, probes });
  for (const line of check.checked) say('subjects', line);
  if (check.changed.length) throw new IntegrityError([...check.changed, ...check.unreadable]);
  if (check.unreadable.length) throw new InputError(check.unreadable);
  checkTool(statement, options.anyChildproof);
  const p = statement.predicate as TestResultPredicate;
  say('statement', `${subjects.length} subject(s) are the bytes it names; ${p.result}: ${p.passedTests?.length ?? 0} passed, ${p.warnedTests?.length ?? 0} warned, ${p.failedTests?.length ?? 0} failed`);
  return EXIT.ok;
}
