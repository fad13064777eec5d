// One output, one run: a second run on the same --out is refused, naming the first, and
// every trial the first finished is in its report; an output that is not a file name
// (a directory, a device, a place no file can be made) is refused before any trial runs.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HARNESS_BUILD_DIR } from '../../runners/model/paths.ts';
import { startTimeOf } from '../../runners/os/processes.ts';
import { readReport } from '../../runners/report/report-file.ts';
import { BIN, cli, cliIn, cliWith, exitOf, inSlot, ROOT, tempDir, whenInDir } from '../support/helpers.ts';
import { STACK } from '../support/pinned.ts';
import { concurrent, finish } from '../support/suite.ts';
import { copyReportFile } from '../../runners/report/parts-file.ts';

concurrent(test, 'two runs on one --out: the second is refused with the first one\'s pid, and the first loses nothing', () => inSlot(async () => {
  const dir = tempDir();
  const out = path.join(dir, 'report.json');
  const first = spawn(process.execPath, [BIN, 'run', '--probe', 'reference', '--case', 'core', '--out', out, '--quiet'], { stdio: 'ignore' });
  await whenInDir(dir, () => fs.existsSync(`${out}.lock`), 'the first run to lock its report');
  const second = await cli('run', '--probe', 'reference', '--case', 'core/cooperative-abort', '--out', out, '--quiet');
  assert.is(second.code, 2, second.stderr);
  assert.match(second.stderr, new RegExp(`another run \\(pid ${first.pid}\\) is writing this report`));
  assert.is((await exitOf(first)).code, 0);
  const report = readReport(out);
  assert.is(report.trials.length, report.cases.length);
  assert.ok(report.trials.length > 10);
  assert.not.ok(fs.existsSync(`${out}.lock`), 'the lock is released');
  assert.not.ok(fs.existsSync(path.join(dir, 'report.jsonl')), 'the stream is removed once the report is whole');
}));

concurrent(test, 'a lock whose run was killed outright is taken over', async () => {
  const dir = tempDir();
  const out = path.join(dir, 'report.json');
  const gone = spawn(process.execPath, ['-e', '0']);
  await exitOf(gone);
  fs.writeFileSync(`${out}.lock`, JSON.stringify({ pid: gone.pid, startTime: null }));
  const r = await cli('run', '--probe', 'reference', '--case', 'core/success', '--out', out, '--quiet');
  assert.is(r.code, 0, r.stderr);
  assert.is(readReport(out).trials.length, 1);
});

concurrent(test, 'an output that is not a file name is refused before any trial, with exit 2 and no stack trace', async () => {
  const dir = tempDir();
  fs.mkdirSync(path.join(dir, 'adir'));
  fs.writeFileSync(path.join(dir, 'afile'), '');
  const refusals: Array<Promise<{ args: readonly string[]; expected: RegExp; r: Awaited<ReturnType<typeof cliIn>> }>> = [];
  for (const [args, expected] of [
    [['run', '--out', 'adir'], /--out adir: is a directory/],
    [['run', '--out', '/dev/null'], /--out \/dev\/null: is not a regular file/],
    [['run', '--out', '/proc/x.json'], /--out \/proc\/x\.json: \/proc cannot be written/],
    [['run', '--out', 'afile/x.json'], /afile is not a directory/],
    [['render', path.join(dir, 'afile'), '--format', 'md', '--out', 'adir'], /--out adir: is a directory/],
    [['report', '--from', 'x.jsonl', '--out', '/dev/null'], /is not a regular file/],
    [['publish', path.join(dir, 'afile'), '--dir', 'afile'], /--dir afile: is not a directory/],
    [['init', 'afile', '--file', 'afile'], /init afile: cannot be made a directory \(a file is in the way\)/],
    [['init', 'afile/sub', '--file', 'afile'], /init afile\/sub: cannot be made a directory \(a file is in the way\)/],
  ] as const) {
    refusals.push(cliIn(dir, ...args).then((r) => ({ args, expected, r })));
  }
  // Each refusal is independent of the others: they run side by side, checked in order.
  for (const { args, expected, r } of await Promise.all(refusals)) {
    assert.is(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, expected);
    assert.not.match(r.stderr, STACK);
    assert.not.match(r.stderr, /trial/, 'no trial ran');
  }
  assert.ok(fs.statSync('/dev/null').isCharacterDevice(), 'the device is still a device');
});

concurrent(test, 'an empty --out is refused before any target is installed: a cache of its own is left without one', async () => {
  const dir = tempDir();
  const cache = path.join(dir, 'cache');
  // The suite's own build of the command line and validators, so that the command need not
  // make them again: what is asked of this cache is that it gets no targets.
  fs.mkdirSync(cache);
  fs.symlinkSync(HARNESS_BUILD_DIR, path.join(cache, 'harness'));
  // An empty string is an --out given, not one left out: taken for none, the run went on to
  // install every default probe's target (some 240 MB) before the report's writer refused it.
  const r = await cliWith(dir, { CHILDPROOF_CACHE: cache }, 'run', '--out', '');
  assert.is(r.code, 2, r.stderr);
  assert.match(r.stderr, /--out expects a file name/);
  assert.not.match(r.stderr, STACK);
  assert.not.match(r.stderr, /trial/, 'no trial ran');
  assert.not.ok(fs.existsSync(path.join(cache, 'targets')), 'no target was installed before the refusal');
});

concurrent(test, 'publish takes a lock on its directory: one held by a live publish is refused naming it, one left by a dead one is taken over', async () => {
  const dir = tempDir();
  const published = path.join(ROOT, 'results', 'reference', fs.readdirSync(path.join(ROOT, 'results', 'reference')).find((f) => f.endsWith('.json'))!);
  const results = path.join(dir, 'results');
  fs.mkdirSync(results);
  // This test's own process stands for a publish still writing.
  fs.writeFileSync(path.join(results, 'README.md.lock'), JSON.stringify({ pid: process.pid, startTime: startTimeOf(process.pid) }));
  const busy = await cliIn(dir, 'publish', published, '--dir', 'results');
  assert.is(busy.code, 2, busy.stderr);
  assert.match(busy.stderr, `--dir results: another publish (pid ${process.pid}) is writing into it; run one at a time`);
  assert.not.ok(fs.existsSync(path.join(results, 'README.md')), 'nothing was published beside it');
  // A publish that died, known by its pid and start time as a lock records them: on a busy
  // machine its pid is soon another process's, which the start time tells apart.
  const gone = spawn('cat', [], { stdio: ['pipe', 'ignore', 'ignore'] });
  const goneStart = startTimeOf(gone.pid!);
  gone.stdin!.end();
  await exitOf(gone);
  fs.writeFileSync(path.join(results, 'README.md.lock'), JSON.stringify({ pid: gone.pid, startTime: goneStart }));
  const taken = await cliIn(dir, 'publish', published, '--dir', 'results');
  assert.is(taken.code, 0, taken.stderr);
  assert.ok(fs.existsSync(path.join(results, 'README.md')));
  assert.not.ok(fs.existsSync(path.join(results, 'README.md.lock')), 'the lock is released');
});

concurrent(test, 'an output that is one of the command\'s inputs is refused, by the file however it is named, and the input is left whole', async () => {
  const dir = tempDir();
  const published = path.join(ROOT, 'results', 'reference', fs.readdirSync(path.join(ROOT, 'results', 'reference')).find((f) => f.endsWith('.json'))!);
  const report = path.join(dir, 'report.json');
  copyReportFile(published, report, dir);
  fs.linkSync(report, path.join(dir, 'same.json'));
  const before = fs.readFileSync(report);
  for (const args of [
    ['render', 'report.json', '--format', 'md', '--out', 'report.json'],
    ['render', 'report.json', '--format', 'html', '--out', './sub/../same.json'],
    ['attest', 'report.json', '--out', 'report.json'],
    ['attest', 'report.json', '--out', 'statement.json', '--predicate', 'same.json'],
    ['judge', 'report.json', '--out', 'same.json'],
  ]) {
    fs.mkdirSync(path.join(dir, 'sub'), { recursive: true });
    const r = await cliIn(dir, ...args);
    assert.is(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, /: is report\.json, which this command reads; write to another file/);
    assert.not.match(r.stderr, STACK);
  }
  assert.ok(fs.readFileSync(report).equals(before), 'the report read is the report it was');
});

concurrent(test, 'standard output that cannot be written, and a process out of file descriptors, end in one line and exit 2, never a stack trace', async () => {
  const dir = tempDir();
  const shell = (line: string) => inSlot(() => new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn('sh', ['-c', line], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stderr }));
  }));
  for (const verb of ['--version', 'list']) {
    const full = await shell(`"${process.execPath}" "${BIN}" ${verb} > /dev/full`);
    assert.is(full.code, 2, full.stderr);
    assert.is(full.stderr, 'childproof: standard output could not be written (ENOSPC): what it holds is cut short\n');
  }
  const starved = await shell(`ulimit -n 24 && exec "${process.execPath}" "${BIN}" run --probe reference --case core/success --quiet`);
  assert.is(starved.code, 2, starved.stderr);
  assert.match(starved.stderr, /^childproof: too many open files \(this process may have 24 open\) \(EMFILE\): raise the limit, such as with ulimit -n 4096, and run again\n$/);
});

finish(test);
