// Pinned identity, with probes, files and git repositories built inside each test.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runPipeline } from '../../runners/engine/pipeline.ts';
import { binarySha256 } from '../../runners/identity/binary-digest.ts';
import { blobId } from '../../runners/identity/blob-id.ts';
import { loadCase } from '../../runners/model/load-cases.ts';
import { loadProbeDir } from '../../runners/model/load-probes.ts';
import { cli, cliInstalling, ROOT, tempDir, writeJson } from '../support/helpers.ts';
import { FAST_CASE, git, pin, pinnedFilesProbe, STACK, targetSource, writeProbe } from '../support/pinned.ts';
import { concurrent, finish } from '../support/suite.ts';

test("blob ids are git's own object ids, SHA-1 and SHA-256", () => {
  const dir = tempDir();
  const file = writeJson(path.join(dir, 'x.txt'), 'hello\n');
  assert.is(blobId(fs.readFileSync(file)), execFileSync('git', ['hash-object', file], { encoding: 'utf8' }).trim());
  const repo = path.join(dir, 'sha256');
  git(dir, 'init', '-q', '--object-format=sha256', repo);
  const sha256 = execFileSync('git', ['hash-object', file], { cwd: repo, encoding: 'utf8' }).trim();
  assert.is(blobId(fs.readFileSync(file), 'sha256'), sha256);
});

test('a binary\'s digest is kept, and read again when the file changes, even with its size and modification time put back', () => {
  const file = path.join(tempDir(), 'runtime');
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');
  fs.writeFileSync(file, 'one');
  assert.is(binarySha256(file), sha('one'));
  assert.is(binarySha256(file), sha('one'), 'kept');
  const { atime, mtime } = fs.statSync(file);
  fs.writeFileSync(file, 'two');
  fs.utimesSync(file, atime, mtime);
  assert.is(binarySha256(file), sha('two'), 'its change time moved, so it was read again');
});

concurrent(test, 'pin then verify round-trips for a file set', async () => {
  const { dir } = await pinnedFilesProbe();
  const r = await cli('verify', '--probe', dir);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /verified\s+pinned\s+files: 1 file\(s\) from directory/);
});

concurrent(test, 'verify checks the exports of a target that prints as it loads: the answer comes back in a file of its own, not on stdout', async () => {
  const dir = path.join(tempDir(), 'noisy');
  const target = writeJson(path.join(dir, 'target.mjs'), 'console.log(\'{"protocol":1,"uses":[],"missing":[]}\');\nexport function go() {}\n');
  writeProbe(dir, { ...(await pin('--file', target)), root: '.' });
  fs.writeFileSync(path.join(dir, 'adapter.mjs'), "export default { uses: ['go', 'gone'], run: (call, target) => target.go(call) };\n");
  const r = await cli('verify', '--probe', dir);
  assert.is(r.code, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /expected only exports of the target, but it lacks gone/);
});

concurrent(test, 'a tampered file is refused with exit 3, and its import-time side effect never happens', async () => {
  const { dir, traces, target } = await pinnedFilesProbe();
  const bytes = fs.readFileSync(target);
  bytes[bytes.length - 1] = 0x20; // one byte changed: the trailing newline becomes a space
  fs.writeFileSync(target, bytes);
  const r = await cli('run', '--probe', dir, '--case', FAST_CASE);
  assert.is(r.code, 3, r.stdout + r.stderr);
  assert.match(r.stderr, new RegExp(`probe pinned: target\\.mjs \\(directory\\): expected blob [0-9a-f]{40}, found ${blobId(bytes)}`));
  assert.not.match(r.stderr, STACK);
  assert.equal(fs.readdirSync(traces), [], 'no code of the probe ran');
  assert.is((await cli('verify', '--probe', dir)).code, 3);
});

concurrent(test, 'a file swapped after verification is not the one imported', async () => {
  const { dir, traces, target } = await pinnedFilesProbe();
  const run = await runPipeline({ probes: [loadProbeDir(dir)], cases: [loadCase(path.join(ROOT, 'cases', `${FAST_CASE}.case.json`))] }, (e) => {
    // After verification, before the trial imports: the moment a swap would have to win.
    if (e.kind === 'start') fs.writeFileSync(target, targetSource(traces, 'swapped'));
  });
  assert.is(run.trials[0].outcome, 'pass', run.trials[0].reason);
  assert.equal(fs.readdirSync(traces), ['good']);
  assert.is(run.probes[0].verified?.files[0].path, 'target.mjs');
});

concurrent(test, "git pins read the commit's bytes even when the work tree differs", async () => {
  const base = tempDir();
  const repo = path.join(base, 'repo');
  const traces = path.join(base, 'traces');
  fs.mkdirSync(traces);
  git(base, 'init', '-q', repo);
  writeJson(path.join(repo, 'lib', 'target.mjs'), targetSource(traces, 'v1'));
  git(repo, 'add', '.');
  git(repo, 'commit', '-qm', 'v1');
  writeJson(path.join(repo, 'lib', 'target.mjs'), targetSource(traces, 'v2'));
  git(repo, 'commit', '-qam', 'v2');
  writeJson(path.join(repo, 'lib', 'target.mjs'), targetSource(traces, 'uncommitted'));

  const identity = await pin('--checkout', repo, '--rev', 'HEAD~1', '--path', 'lib/target.mjs');
  assert.is(identity.kind, 'git');
  const probe = writeProbe(path.join(base, 'gitprobe'), { ...identity, checkout: '../repo' });
  const verify = await cli('verify', '--probe', probe);
  assert.is(verify.code, 0, verify.stderr);
  assert.match(verify.stdout, /from checkout at [0-9a-f]{40}/);

  const out = path.join(base, 'report.json');
  const r = await cli('run', '--probe', probe, '--case', FAST_CASE, '--out', out);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.equal(fs.readdirSync(traces), ['v1']);
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  assert.is(report.probes[0].verified.commit, git(repo, 'rev-parse', 'HEAD~1'));
  assert.is(report.probes[0].verified.source, 'checkout');
  assert.match(report.probes[0].verified.loader, /JavaScript as verified/);
});

concurrent(test, 'SHA-256 object ids are checked where they are pinned', async () => {
  const { dir } = await pinnedFilesProbe();
  const file = path.join(dir, 'probe.json');
  const probe = JSON.parse(fs.readFileSync(file, 'utf8'));
  probe.identity.paths[0].blobSha256 = '0'.repeat(64);
  writeJson(file, probe);
  const r = await cli('verify', '--probe', dir);
  assert.is(r.code, 3);
  assert.match(r.stderr, /expected SHA-256 object id 0{64}, found [0-9a-f]{64}/);

  // In a SHA-256 repository the blob id itself has 64 digits.
  const bytes = fs.readFileSync(path.join(dir, 'target.mjs'));
  probe.identity.paths[0] = { path: 'target.mjs', blob: blobId(bytes, 'sha256') };
  writeJson(file, probe);
  assert.is((await cli('verify', '--probe', dir)).code, 0);
  probe.identity.paths[0] = { path: 'target.mjs', blob: blobId(Buffer.concat([bytes, Buffer.from(' ')]), 'sha256') };
  writeJson(file, probe);
  assert.is((await cli('verify', '--probe', dir)).code, 3);
});

concurrent(test, 'pin then verify round-trips for a package, whose name and version are checked too', async () => {
  const base = tempDir();
  const pkg = path.join(base, 'node_modules', 'tiny');
  writeJson(path.join(pkg, 'package.json'), { name: 'tiny', version: '1.0.0', type: 'module', exports: './index.js' });
  fs.mkdirSync(path.join(base, 'traces'));
  writeJson(path.join(pkg, 'index.js'), "import dep from 'dep';\n" + targetSource(path.join(base, 'traces'), 'tiny'));
  writeJson(path.join(base, 'node_modules', 'dep', 'package.json'), { name: 'dep', version: '2.0.0', main: 'index.js' });
  writeJson(path.join(base, 'node_modules', 'dep', 'index.js'), 'module.exports = 1;\n');

  const r0 = await cli('pin', '--package', 'tiny');
  assert.is(r0.code, 2, 'not installed where the command runs');
  const { stdout } = await import('zx').then(({ $ }) => $({ cwd: base, quiet: true })`${process.execPath} ${path.join(ROOT, 'bin', 'childproof.mjs')} pin --package tiny`);
  const identity = JSON.parse(stdout).identity;
  assert.equal(identity.paths.map((p: { path: string }) => p.path), ['index.js', 'package.json']);
  assert.is(identity.entry, 'index.js');
  const probe = writeProbe(path.join(base, 'pkgprobe'), identity);

  const out = path.join(base, 'report.json');
  const r = await cli('run', '--probe', probe, '--case', FAST_CASE, '--out', out);
  assert.is(r.code, 0, r.stdout + r.stderr);
  const verified = JSON.parse(fs.readFileSync(out, 'utf8')).probes[0].verified;
  assert.equal(verified.package, { name: 'tiny', version: '1.0.0' });
  assert.equal(verified.unverifiedModules, ['node_modules/dep/index.js'], 'the unpinned dependency is named');

  // Handed a directory whose package.json names another version, verify refuses it.
  writeJson(path.join(pkg, 'package.json'), { name: 'tiny', version: '1.0.1', type: 'module', exports: './index.js' });
  const bumped = await cli('verify', '--probe', probe, '--source', `pkgprobe=${pkg}`);
  assert.is(bumped.code, 3);
  assert.match(bumped.stderr, /expected tiny@1\.0\.0, found tiny@1\.0\.1/);
});

concurrent(test, 'a probe whose source is not supplied is unavailable, with the command to supply it, and the run goes on', async () => {
  const r = await cli('run', '--probe', 'rea-execfilebytes', '--probe', 'reference', '--case', FAST_CASE);
  assert.is(r.code, 0, r.stdout + r.stderr);
  // The note is wrapped to the terminal's width: the command may run over a line break.
  assert.match(r.stdout, /rea-execfilebytes: tested nothing, all \d+ trials skipped: unavailable: [\s\S]*--source rea-execfilebytes=PATH/);
  assert.match(r.stdout, /invalid-timeout-negative\s+unavailable\s+pass/);
});

concurrent(test, 'the single pinned file may be supplied alone, and the report says the commit was not checked', async () => {
  const base = tempDir();
  const traces = path.join(base, 'traces');
  fs.mkdirSync(traces);
  const file = writeJson(path.join(base, 'target.mjs'), targetSource(traces, 'alone'));
  const probe = writeProbe(path.join(base, 'needs-source'), {
    kind: 'git',
    commit: 'a'.repeat(40),
    entry: 'src/target.mjs',
    paths: [{ path: 'src/target.mjs', blob: blobId(fs.readFileSync(file)) }],
  });
  const out = path.join(base, 'report.json');
  const r = await cli('run', '--probe', probe, '--source', file, '--case', FAST_CASE, '--out', out);
  assert.is(r.code, 0, r.stdout + r.stderr);
  const verified = JSON.parse(fs.readFileSync(out, 'utf8')).probes[0].verified;
  assert.is(verified.source, 'file');
  assert.is(verified.commitChecked, false);
  assert.equal(fs.readdirSync(traces), ['alone']);
});

concurrent(test, 'bad pins and bad sources get one line naming the probe, the path and what was expected', async () => {
  const base = tempDir();
  const file = writeJson(path.join(base, 'outside.mjs'), 'export {};\n');
  const blob = blobId(fs.readFileSync(file));
  const probe = (name: string, identity: Record<string, unknown>) => writeProbe(path.join(base, name), identity);

  const escapes = probe('escapes', { kind: 'files', root: '.', entry: '../outside.mjs', paths: [{ path: '../outside.mjs', blob }] });
  const absolute = probe('absolute', { kind: 'files', root: '.', entry: file, paths: [{ path: file, blob }] });
  const badBlob = probe('bad-blob', { kind: 'files', root: '.', entry: 'x.mjs', paths: [{ path: 'x.mjs', blob: 'abc' }] });
  const missing = probe('missing', { kind: 'files', root: '.', entry: 'gone.mjs', paths: [{ path: 'gone.mjs', blob }] });
  const linked = probe('linked', { kind: 'files', root: '.', entry: 'link.mjs', paths: [{ path: 'link.mjs', blob }] });
  fs.symlinkSync(file, path.join(linked, 'link.mjs'));
  const notRepo = probe('not-repo', { kind: 'git', checkout: '.', commit: 'b'.repeat(40), entry: 'x.mjs', paths: [{ path: 'x.mjs', blob }] });
  const repo = path.join(base, 'repo');
  git(base, 'init', '-q', repo);
  fs.copyFileSync(file, path.join(repo, 'x.mjs'));
  git(repo, 'add', '.');
  git(repo, 'commit', '-qm', 'one');
  const noCommit = probe('no-commit', { kind: 'git', checkout: '../repo', commit: 'c'.repeat(40), entry: 'x.mjs', paths: [{ path: 'x.mjs', blob }] });

  const expectations: Array<[string, number, RegExp]> = [
    [escapes, 2, /escapes\/probe\.json: \/identity\/entry: expected a relative path inside the root/],
    [absolute, 2, /absolute\/probe\.json: \/identity\/entry: expected a relative path inside the root/],
    [badBlob, 2, /bad-blob\/probe\.json: \/identity\/paths\/0\/blob: expected a git blob id: 40 lowercase hex digits/],
    [missing, 2, /probe missing: gone\.mjs: expected the file to exist below/],
    [linked, 2, /probe linked: link\.mjs: expected a regular file inside .*, not a link leading elsewhere/],
    [notRepo, 2, /probe not-repo: .*: expected a git checkout/],
    [noCommit, 2, /probe no-commit: .*: expected commit c{40} to exist in this checkout/],
  ];
  for (const [dir, code, message] of expectations) {
    const r = await cli('verify', '--probe', dir);
    assert.is(r.code, code, `${path.basename(dir)}: ${r.stderr}`);
    assert.match(r.stderr, message, path.basename(dir));
    assert.not.match(r.stderr, STACK, path.basename(dir));
  }
});

concurrent(test, 'verify passes for every built-in probe on a fresh clone, and names what must be supplied', async () => {
  const r = await cliInstalling('verify');
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /verified\s+node-execfile\s+builtin: node:child_process in node v\d+/);
  assert.match(r.stdout, /verified\s+reference\s+files: 1 file\(s\) from directory/);
  assert.match(r.stdout, /unavailable\s+rea-execfilebytes/);
});

finish(test);
