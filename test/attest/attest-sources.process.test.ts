// Attestations checked against other places and other signers: a statement GitHub's
// attest action built from `attest --checksums`, matched to the report's files, and a
// git pin read at its commit (or from the one file handed over).

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cli, cliWith, tempDir, writeJson } from '../support/helpers.ts';
import { FAST_CASE, git, pin, targetSource, writeProbe } from '../support/pinned.ts';
import { madeHere, publishedOnHost } from '../support/published.ts';
import { concurrent, finish } from '../support/suite.ts';

const REFERENCE = madeHere(publishedOnHost('stdio-reference'), tempDir('childproof-attest-'));

concurrent(test, "a statement GitHub's attest action signed, from --checksums, is checked against the report's files", async () => {
  const dir = tempDir();
  const predicate = path.join(dir, 'predicate.json');
  const sums = path.join(dir, 'subjects.txt');
  const made = await cliWith(dir, { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'o/r', GITHUB_RUN_ID: '7' }, 'attest', REFERENCE, '--out', path.join(dir, 's.json'), '--predicate', predicate, '--checksums', sums);
  assert.is(made.code, 0, made.stderr);
  const pred = JSON.parse(fs.readFileSync(predicate, 'utf8'));
  assert.is(pred.url, 'https://github.com/o/r/actions/runs/7');
  // What the action builds: its subjects from the checksums file, our predicate, in a bundle.
  const subject = fs.readFileSync(sums, 'utf8').trim().split('\n').map((line) => {
    const [sha256, name] = line.split(/\s+\*?/);
    return { name, digest: { sha256 } };
  });
  const bundle = (subjects: unknown[]) => {
    const statement = { _type: 'https://in-toto.io/Statement/v1', subject: subjects, predicateType: 'https://in-toto.io/attestation/test-result/v0.1', predicate: pred };
    const envelope = { payloadType: 'application/vnd.in-toto+json', payload: Buffer.from(JSON.stringify(statement)).toString('base64'), signatures: [{ sig: 'AAAA' }] };
    return writeJson(path.join(dir, `bundle-${subjects.length}.json`), { mediaType: 'application/vnd.dev.sigstore.bundle.v0.3+json', dsseEnvelope: envelope });
  };
  const good = await cli('verify', '--statement', bundle(subject), '--report', REFERENCE);
  assert.is(good.code, 0, good.stderr);
  assert.match(good.stdout, /Sigstore bundle/);
  // Without the report, nothing says where the subjects' bytes come from.
  const alone = await cli('verify', '--statement', bundle(subject));
  assert.is(alone.code, 2);
  assert.match(alone.stderr, /\/subject\/0: expected annotations .* or give --report REPORT/);
  // A subject that is no file of the report is found out.
  const stranger = await cli('verify', '--statement', bundle([...subject, { name: 'elsewhere.js', digest: { sha256: 'b'.repeat(64) } }]), '--report', REFERENCE);
  assert.is(stranger.code, 3);
  assert.match(stranger.stderr, /subject elsewhere\.js \(sha256 b{64}\) is no file .* verified/);
});

concurrent(test, 'a git pin is read at its commit: a later commit leaves the statement true, a changed copy of the file exits 3', async () => {
  const base = tempDir();
  const repo = path.join(base, 'repo');
  const traces = path.join(base, 'traces');
  fs.mkdirSync(repo);
  fs.mkdirSync(traces);
  git(repo, 'init', '-q');
  const target = path.join(repo, 'target.mjs');
  fs.writeFileSync(target, targetSource(traces, 'good'));
  git(repo, 'add', '.');
  git(repo, 'commit', '-qm', 'target');
  const probe = path.join(base, 'gitpinned');
  fs.mkdirSync(probe);
  writeProbe(probe, await pin('--checkout', repo, '--rev', 'HEAD', '--path', 'target.mjs', '--probe-dir', probe));
  const report = path.join(base, 'report.json');
  const ran = await cli('run', '--probe', probe, '--case', FAST_CASE, '--out', report);
  assert.is(ran.code, 0, ran.stderr);
  const statement = path.join(base, 'statement.json');
  assert.is((await cli('attest', report, '--out', statement)).code, 0);
  // The work tree moves on; the pinned commit's bytes are what is checked.
  fs.appendFileSync(target, '// later\n');
  git(repo, 'commit', '-qam', 'later');
  const atCommit = await cli('verify', '--statement', statement, '--probe', probe);
  assert.is(atCommit.code, 0, atCommit.stderr);
  assert.match(atCommit.stdout, /1 file\(s\) of .* at [0-9a-f]{40}, for gitpinned/);
  // The file alone, as it is now, is not the pinned file.
  const alone = await cli('verify', '--statement', statement, '--source', `gitpinned=${target}`);
  assert.is(alone.code, 3);
  assert.match(alone.stderr, /target\.mjs: expected sha256 [0-9a-f]{64} \(the statement's\), found [0-9a-f]{64}/);
});

concurrent(test, "a subject's name cannot lead out of its root, and a file that is gone is a change", async () => {
  const dir = tempDir();
  const out = path.join(dir, 'statement.json');
  assert.is((await cli('attest', REFERENCE, '--out', out)).code, 0);
  const statement = JSON.parse(fs.readFileSync(out, 'utf8'));
  const named = (name: string) => {
    const copy = structuredClone(statement);
    copy.subject[0].name = name;
    return writeJson(path.join(dir, `${name.replace(/\W/g, '_')}.json`), copy);
  };
  const outside = await cli('verify', '--statement', named('../fixture/stdio-server.mjs'));
  assert.is(outside.code, 2);
  assert.match(outside.stderr, /path "\.\.\/fixture\/stdio-server\.mjs": expected a relative path inside the root/);
  const gone = await cli('verify', '--statement', named('gone.mjs'));
  assert.is(gone.code, 3);
  assert.match(gone.stderr, /gone\.mjs: expected the file the statement names \(gitBlob [0-9a-f]{40}, sha256 [0-9a-f]{64}\), found no regular file/);
});

finish(test);
