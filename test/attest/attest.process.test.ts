// Attestations: a committed report as an in-toto statement that validates, every subject
// read again from its bytes, a changed byte, a changed report and a wrong key each found
// (exit 3), and the schema and the outcome lists shown able to fail.

import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pae } from '../../runners/attest/dsse.ts';
import { statementOf } from '../../runners/attest/make-statement.ts';
import type { Report } from '../../runners/model/report-types.ts';
import { validate } from '../../runners/model/schemas.ts';
import type { Statement, TestResultPredicate } from '../../runners/model/statement.ts';
import { cli, cliInstalling, ROOT, tempDir, writeJson } from '../support/helpers.ts';
import { madeHere, publishedOnHost } from '../support/published.ts';
import { concurrent, finish } from '../support/suite.ts';

const STACK = /\n\s+at /;

const REFERENCE = madeHere(publishedOnHost('stdio-reference'), tempDir('childproof-attest-'));
const EXECA = madeHere(publishedOnHost('execa'), tempDir('childproof-attest-'));
const read = (file: string): Report => JSON.parse(fs.readFileSync(file, 'utf8'));
const predicateOf = (s: Statement) => s.predicate as TestResultPredicate;

function keys(dir: string, name: string): { key: string; pub: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    key: writeJson(path.join(dir, `${name}.pem`), privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
    pub: writeJson(path.join(dir, `${name}.pub`), publicKey.export({ type: 'spki', format: 'pem' }).toString()),
  };
}

concurrent(test, 'attest on a committed report gives a statement that validates, and verify passes it on this checkout', async () => {
  const dir = tempDir();
  const out = path.join(dir, 'statement.json');
  for (const report of [REFERENCE, EXECA]) {
    const made = await cli('attest', report, '--out', out);
    assert.is(made.code, 0, made.stderr);
    const statement = JSON.parse(fs.readFileSync(out, 'utf8')) as Statement;
    assert.equal(validate('statement', statement, 'statement'), []);
    // Every verified file is a subject, by both digests when the report recorded them.
    const files = read(report).probes.flatMap((p) => p.verified?.files ?? []);
    assert.is(statement.subject.length, files.length);
    for (const s of statement.subject) assert.ok(s.digest.gitBlob, `${s.name} has a gitBlob`);
    const checked = await cliInstalling('verify', '--statement', out, '--report', report);
    assert.is(checked.code, 0, checked.stderr);
    assert.match(checked.stdout, /subject\(s\) are the bytes it names/);
  }
});

concurrent(test, 'verify --statement exits 3 after one pinned byte changes, naming the file and both digests', async () => {
  const dir = tempDir();
  const out = path.join(dir, 'statement.json');
  assert.is((await cli('attest', REFERENCE, '--out', out)).code, 0);
  const copy = path.join(dir, 'fixture');
  fs.cpSync(path.join(ROOT, 'runners', 'fixture'), copy, { recursive: true });
  const file = path.join(copy, 'stdio-server.mjs');
  const bytes = fs.readFileSync(file);
  bytes[10] ^= 1;
  fs.writeFileSync(file, bytes);
  const changed = await cli('verify', '--statement', out, '--source', `stdio-reference=${copy}`);
  assert.is(changed.code, 3, changed.stderr);
  assert.not.match(changed.stderr, STACK);
  assert.match(changed.stderr, /stdio-server\.mjs: expected sha256 [0-9a-f]{64} \(the statement's\), found [0-9a-f]{64}; expected gitBlob [0-9a-f]{40} \(the statement's\), found [0-9a-f]{40}/);
  // The same copy, unchanged, passes: it is the byte that failed, not the place.
  bytes[10] ^= 1;
  fs.writeFileSync(file, bytes);
  assert.is((await cli('verify', '--statement', out, '--source', `stdio-reference=${copy}`)).code, 0);
});

concurrent(test, "verify --statement names each of childproof's own files that differs from this installation's and exits 3, unless --any-childproof accepts it", async () => {
  const dir = tempDir();
  const report = JSON.parse(fs.readFileSync(REFERENCE, 'utf8')) as Report;
  const files = report.tool.files!.map((f, i) => (i === 0 ? { ...f, sha256: 'a'.repeat(64) } : f));
  const other = writeJson(path.join(dir, 'other-code.json'), { ...report, tool: { ...report.tool, files } });
  const out = path.join(dir, 'statement.json');
  assert.is((await cli('attest', other, '--out', out)).code, 0);
  const strict = await cli('verify', '--statement', out);
  assert.is(strict.code, 3, strict.stderr);
  assert.match(strict.stderr, /1 of childproof's own files differ between the childproof [^ ]+ that made the findings and this installation/);
  assert.match(strict.stderr, new RegExp(`${files[0].path}: recorded sha256 a{64}, this installation's [0-9a-f]{64}`));
  assert.not.match(strict.stderr, STACK);
  const accepted = await cli('verify', '--statement', out, '--any-childproof');
  assert.is(accepted.code, 0, accepted.stderr);
  assert.match(accepted.stdout, /accepted \(--any-childproof\)/);
  // The same report as this installation makes it: every file the same, and said.
  assert.is((await cli('attest', REFERENCE, '--out', out)).code, 0);
  const same = await cli('verify', '--statement', out);
  assert.is(same.code, 0, same.stderr);
  assert.match(same.stdout, /childproof +\d+ of its own files are this installation's/);
});

concurrent(test, 'a signed envelope verifies with its public key and fails with another', async () => {
  const dir = tempDir();
  const mine = keys(dir, 'mine');
  const other = keys(dir, 'other');
  const envelope = path.join(dir, 'statement.dsse.json');
  const signed = await cli('attest', REFERENCE, '--key', mine.key, '--out', envelope);
  assert.is(signed.code, 0, signed.stderr);
  assert.equal(validate('envelope', JSON.parse(fs.readFileSync(envelope, 'utf8')), 'envelope'), []);
  const good = await cli('verify', '--statement', envelope, '--pub', mine.pub);
  assert.is(good.code, 0, good.stderr);
  assert.match(good.stdout, /signature\s+verifies with/);
  // Without --pub, a signature is not taken as checked: exit 2, unless the user says to go on without it, and it is said.
  const unchecked = await cli('verify', '--statement', envelope);
  assert.is(unchecked.code, 2, unchecked.stdout);
  assert.match(unchecked.stderr, /a signed envelope, and no signature was checked: give --pub KEY\.pub/);
  assert.not.match(unchecked.stdout, /subject\(s\) are the bytes it names/, 'nothing is said verified');
  const alone = await cli('verify', '--statement', envelope, '--no-require-signature');
  assert.is(alone.code, 0, alone.stderr);
  assert.match(alone.stdout, /signature +NOT checked \(--no-require-signature\)/);
  const bad = await cli('verify', '--statement', envelope, '--pub', other.pub);
  assert.is(bad.code, 3);
  assert.match(bad.stderr, /no signature verifies with/);
  // A payload changed after signing fails with the right key too.
  const doc = JSON.parse(fs.readFileSync(envelope, 'utf8'));
  const body = JSON.parse(Buffer.from(doc.payload, 'base64').toString());
  body.predicate.result = 'PASSED';
  body.predicate.failedTests = [];
  body.predicate.warnedTests = [];
  const forged = writeJson(path.join(dir, 'forged.json'), { ...doc, payload: Buffer.from(JSON.stringify(body)).toString('base64') });
  assert.is((await cli('verify', '--statement', forged, '--pub', mine.pub)).code, 3);
});

concurrent(test, 'verify --statement --report exits 3 when the report differs from the one attested by a byte', async () => {
  const dir = tempDir();
  const out = path.join(dir, 'statement.json');
  assert.is((await cli('attest', REFERENCE, '--out', out)).code, 0);
  const edited = path.join(dir, 'report.json');
  fs.writeFileSync(edited, `${fs.readFileSync(REFERENCE, 'utf8')} `);
  const differs = await cli('verify', '--statement', out, '--report', edited);
  assert.is(differs.code, 3);
  assert.match(differs.stderr, /report\.json: expected sha256 [0-9a-f]{64} \(the statement's, for .+\), found [0-9a-f]{64}/);
});

concurrent(test, 'bad input to attest and verify --statement is one line and exit 2', async () => {
  const dir = tempDir();
  const out = path.join(dir, 'statement.json');
  assert.is((await cli('attest', REFERENCE, '--out', out)).code, 0);
  const rsa = writeJson(path.join(dir, 'rsa.pem'), generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const notJson = writeJson(path.join(dir, 'nope.json'), '{');
  const cases: Array<[string[], RegExp]> = [
    [['attest', REFERENCE, '--key', rsa], /rsa\.pem: \/: expected an Ed25519 key, found rsa/],
    [['attest', REFERENCE, '--url', 'not a url'], /--url expects a URL/],
    [['verify', '--statement', notJson], /nope\.json/],
    [['verify', '--statement', out, '--pub', rsa], /expected a signed envelope, since --pub was given/],
    [['verify', '--report', REFERENCE], /--report goes with --statement F/],
    [['verify', '--any-childproof'], /--any-childproof goes with --statement F/],
    [['verify', '--statement', writeJson(path.join(dir, 'bare.json'), { _type: 'https://in-toto.io/Statement/v1', subject: [], predicateType: 'x:y', predicate: {} })], /bare\.json: \/subject: expected it to NOT have fewer than 1 items/i],
  ];
  for (const [args, expected] of cases) {
    const r = await cli(...args);
    assert.is(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, expected);
    assert.not.match(r.stderr, STACK);
  }
});

concurrent(test, 'validate checks a statement and an envelope by their schemas', async () => {
  const dir = tempDir();
  const out = path.join(dir, 'statement.json');
  assert.is((await cli('attest', REFERENCE, '--out', out)).code, 0);
  assert.is((await cli('validate', out)).code, 0);
  const broken = JSON.parse(fs.readFileSync(out, 'utf8'));
  broken.predicate.result = 'SUCCESS';
  const r = await cli('validate', writeJson(path.join(dir, 'broken.json'), broken));
  assert.is(r.code, 2);
  assert.match(r.stderr, /broken\.json: \/predicate\/result: expected one of "PASSED", "WARNED", "FAILED"/);
});

test('the Statement schema refuses what the specification forbids', () => {
  const { statement } = statementOf(read(REFERENCE), { name: 'r.json', sha256: 'a'.repeat(64) });
  assert.equal(validate('statement', statement, 's'), []);
  const broken: Array<[string, (s: any) => void]> = [
    ['a subject without a digest', (s) => delete s.subject[0].digest],
    ['a _type of another version', (s) => (s._type = 'https://in-toto.io/Statement/v0.1')],
    ['a result the predicate does not name', (s) => (s.predicate.result = 'SUCCESS')],
    ['a configuration entry with neither uri, digest nor content', (s) => (s.predicate.configuration[0] = { name: 'x' })],
    ['a sha256 that is not 64 lowercase hex digits', (s) => (s.subject[0].digest.sha256 = 'ABC')],
    ['a gitBlob of the wrong length', (s) => (s.subject[0].digest.gitBlob = 'abc')],
    ['no subject at all', (s) => (s.subject = [])],
  ];
  for (const [what, edit] of broken) {
    const copy = structuredClone(statement);
    edit(copy);
    assert.ok(validate('statement', copy, 's').length > 0, `${what} validates`);
  }
});

test('a known-fail is a warning, an unknown or an error a failure, and what did not run is listed nowhere', () => {
  const report = structuredClone(read(EXECA));
  const [a, b, c, d] = report.trials;
  a.outcome = 'pass';
  b.outcome = 'known-fail';
  c.outcome = 'unknown';
  d.outcome = 'unsupported';
  const p = predicateOf(statementOf(report, { name: 'r.json', sha256: 'a'.repeat(64) }).statement);
  const tag = `@node-${process.version.slice(1)}`;
  assert.ok(p.passedTests.includes(`${a.probe}:${a.case}${tag}`));
  assert.ok(p.warnedTests.includes(`${b.probe}:${b.case}${tag}`));
  assert.ok(p.failedTests.includes(`${c.probe}:${c.case}${tag}`));
  assert.not.ok([...p.passedTests, ...p.warnedTests, ...p.failedTests].includes(`${d.probe}:${d.case}${tag}`));
  assert.is(p.result, 'FAILED');
  // Without the unknown, a known-fail leaves the run warned; an interrupted run failed.
  c.outcome = 'pass';
  for (const t of report.trials) if (!['pass', 'known-fail'].includes(t.outcome)) t.outcome = 'pass';
  assert.is(predicateOf(statementOf(report, { name: 'r.json', sha256: 'a'.repeat(64) }).statement).result, 'WARNED');
  report.interrupted = { by: 'SIGINT', planned: report.trials.length + 1, finished: report.trials.length };
  assert.is(predicateOf(statementOf(report, { name: 'r.json', sha256: 'a'.repeat(64) }).statement).result, 'FAILED');
});

test("DSSE's pre-authentication encoding is the specification's test vector", () => {
  assert.is(pae('http://example.com/HelloWorld', Buffer.from('hello world')).toString(), 'DSSEv1 29 http://example.com/HelloWorld 11 hello world');
});

finish(test);
