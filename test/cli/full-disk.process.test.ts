// A full disk loses nothing: every verb that writes a file writes it whole or not at all,
// exits 2 naming the file and the errno, and leaves the old file as it was and no
// temporary file beside it. Each command runs in a mount namespace of its own on a small
// tmpfs filled to its last page (a write there takes part of a buffer, then fails), which
// needs root; elsewhere the one test says why nothing ran.

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, cliIn, inSlot, ROOT, tempDir } from '../support/helpers.ts';
import { concurrent, finish } from '../support/suite.ts';

/** Whether this process may make a mount namespace and mount a tmpfs in it: asked of the kernel. */
function namespaces(): string | null {
  if (process.getuid?.() !== 0) return 'they need root';
  const r = spawnSync('unshare', ['-m', 'sh', '-c', 'mount -t tmpfs -o size=16k none /mnt && umount /mnt'], { encoding: 'utf8' });
  return r.status === 0 ? null : `unshare -m failed here: ${(r.stderr || r.error?.message || '').trim()}`;
}
const WHY_NOT = namespaces();

const REPORT = path.join(ROOT, 'results', 'execa', '9.6.1@node-v20.20.2.json');
const OLD = 'the old file\n';

interface Outcome {
  code: number;
  stderr: string;
  /** What the tmpfs held afterwards, but the filler. */
  left: string[];
  /** The old file's text afterwards, when there was one. */
  old: string | null;
  /** The text of the file asked for (`keep`) as the command left it. */
  kept: string | null;
  /** Every path the tmpfs held afterwards, below it, but the filler. */
  tree: string[];
}

/**
 * Runs childproof with `args` (where `@` stands for the tmpfs) in a namespace of its own:
 * `before` is a shell line run on the empty tmpfs (an old file, a probe to bless), then
 * the disk is filled, leaving `free` bytes, and the command runs.
 */
function onFullDisk(args: string[], opts: { before?: (disk: string) => string; free?: number; oldFile?: string; keep?: string; env?: Record<string, string> } = {}): Promise<Outcome> {
  return inSlot(async () => {
    const scratch = tempDir('childproof-full-');
    const disk = path.join(scratch, 'disk');
    fs.mkdirSync(disk);
    const q = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;
    const on = (a: string) => a.replaceAll('@/', `${disk}/`);
    const env = Object.entries(opts.env ?? {}).map(([k, v]) => `${k}=${q(on(v))}`).join(' ');
    const argv = [env, ...[process.execPath, BIN, ...args.map(on)].map(q)].join(' ').trim();
    const script = [
      'set -u',
      `mount -t tmpfs -o size=512k none ${q(disk)} || exit 97`,
      opts.before?.(disk) ?? ':',
      opts.oldFile ? `printf %s ${q(OLD)} > ${q(path.join(disk, opts.oldFile))}` : ':',
      // Full to the last byte, then a little room again: a write that needs more is cut.
      `cat /dev/zero > ${q(path.join(disk, '.fill'))} 2>/dev/null; truncate -s -${opts.free ?? 4096} ${q(path.join(disk, '.fill'))}`,
      `${argv} > /dev/null 2> ${q(path.join(scratch, 'stderr'))}; echo "exit $?" > ${q(path.join(scratch, 'result'))}`,
      `ls -A ${q(disk)} | grep -vx .fill >> ${q(path.join(scratch, 'result'))}`,
      `(cd ${q(disk)} && find . -mindepth 1 | grep -vx ./.fill) > ${q(path.join(scratch, 'tree'))}`,
      opts.oldFile ? `cp ${q(path.join(disk, opts.oldFile))} ${q(path.join(scratch, 'old'))} 2>/dev/null` : ':',
      opts.keep ? `cp ${q(path.join(disk, opts.keep))} ${q(path.join(scratch, 'kept'))} 2>/dev/null` : ':',
      'true',
    ].join('\n');
    const child = spawn('unshare', ['-m', 'sh', '-c', script], { cwd: scratch, stdio: 'ignore' });
    await new Promise((resolve) => child.once('exit', resolve));
    const [exit, ...left] = fs.readFileSync(path.join(scratch, 'result'), 'utf8').split('\n').filter(Boolean);
    const old = fs.existsSync(path.join(scratch, 'old')) ? fs.readFileSync(path.join(scratch, 'old'), 'utf8') : null;
    const kept = fs.existsSync(path.join(scratch, 'kept')) ? fs.readFileSync(path.join(scratch, 'kept'), 'utf8') : null;
    const tree = fs.readFileSync(path.join(scratch, 'tree'), 'utf8').split('\n').filter(Boolean).map((p) => p.replace(/^\.\//, '')).sort();
    return { code: Number(exit.replace('exit ', '')), stderr: fs.readFileSync(path.join(scratch, 'stderr'), 'utf8'), left, old, kept, tree };
  });
}

/** Exit 2, one line naming the file and ENOSPC, no stack, the old file untouched, no temporary file. */
function assertLostNothing(r: Outcome, file: string, left: string[]): void {
  assert.is(r.code, 2, r.stderr);
  assert.match(r.stderr, new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: cannot be written \\(ENOSPC: no space left on the device\\)`));
  assert.not.match(r.stderr, /\n\s+at /, 'no stack trace');
  assert.equal(r.left.sort(), [...left].sort(), 'nothing half-written, no temporary file');
  if (left.includes(path.basename(file))) assert.is(r.old, OLD, 'the old file is as it was');
}

if (WHY_NOT) {
  test(`full-disk tests did not run: ${WHY_NOT}`, () => {
    assert.ok(WHY_NOT);
  });
} else {
  concurrent(test, 'render on a full disk exits 2 and leaves the old page as it was', async () => {
    const r = await onFullDisk(['render', REPORT, '--format', 'html', '--out', '@/index.html'], { oldFile: 'index.html' });
    assertLostNothing(r, 'index.html', ['index.html']);
  });

  concurrent(test, 'render --format site on a full disk exits 2, moves nothing into place, and leaves the old index and no staging behind', async () => {
    const before = (disk: string) => `mkdir '${disk}/site'`;
    const r = await onFullDisk(['render', REPORT, '--format', 'site', '--out', '@/site'], { before, oldFile: 'site/index.html', free: 8192 });
    assert.is(r.code, 2, r.stderr);
    assert.match(r.stderr, /--out .*site: the site could not be written \(ENOSPC: no space left on the device\); nothing of it was moved into place/);
    assert.not.match(r.stderr, /\n\s+at /, 'no stack trace');
    assert.is(r.old, OLD, 'the old index is as it was');
    assert.equal(r.tree, ['site', 'site/index.html'], 'no page, no library directory, no staging directory');
  });

  concurrent(test, "render --format github exits 2 when the job summary it appends to is on a full disk", async () => {
    // The summary is short: a summary file that fills its last page, on a disk with no room, cannot take it.
    const before = (disk: string) => `head -c 4096 /dev/zero | tr '\\0' x > '${disk}/summary.md'`;
    const r = await onFullDisk(['render', REPORT, '--format', 'github'], { env: { GITHUB_STEP_SUMMARY: '@/summary.md' }, before, free: 0 });
    assert.is(r.code, 2, r.stderr);
    assert.match(r.stderr, /GITHUB_STEP_SUMMARY .*summary\.md: cannot be written \(ENOSPC: no space left on the device\)/);
    assert.not.match(r.stderr, /\n\s+at /, 'no stack trace');
  });

  concurrent(test, 'merge on a full disk exits 2 and writes no half report', async () => {
    const r = await onFullDisk(['merge', REPORT, '--out', '@/merged.json']);
    assertLostNothing(r, 'merged.json', []);
  });

  concurrent(test, 'judge --out on a full disk exits 2 and leaves the old report as it was', async () => {
    const r = await onFullDisk(['judge', REPORT, '--out', '@/judged.json'], { oldFile: 'judged.json' });
    assertLostNothing(r, 'judged.json', ['judged.json']);
  });

  concurrent(test, 'attest on a full disk exits 2 and writes no half statement', async () => {
    const r = await onFullDisk(['attest', REPORT, '--out', '@/statement.json']);
    assertLostNothing(r, 'statement.json', []);
  });

  concurrent(test, 'publish on a full disk exits 2 and writes no half file', async () => {
    const r = await onFullDisk(['publish', REPORT, '--dir', '@/results'], { free: 0 });
    assert.is(r.code, 2, r.stderr);
    assert.match(r.stderr, /cannot be written \((ENOSPC: no space left on the device|ENOSPC)\)/);
    assert.not.match(r.stderr, /\n\s+at /, 'no stack trace');
  });

  concurrent(test, 'bless on a full disk exits 2 and leaves the probe\'s divergences as they were', async () => {
    const r = await onFullDisk(['bless', REPORT, '--probe', '@/execa'], {
      before: (disk) => `cp -r '${path.join(ROOT, 'probes', 'execa')}' '${disk}/execa'`,
      free: 0,
    });
    assert.is(r.code, 2, r.stderr);
    assert.match(r.stderr, /divergences\.json: cannot be written \(ENOSPC: no space left on the device\)/);
    assert.equal(r.left, ['execa']);
  });

  concurrent(test, 'a disk that fills while a run streams its trials leaves the stream cut back to its last whole line, and says how many trials it holds', async () => {
    // The stream's header is the report's without its trials: measured on a run of the same cases first.
    const args = ['run', '--probe', 'reference', '--case', 'core/abort-reason-*', '--quiet'];
    const measured = path.join(tempDir('childproof-full-'), 'r.json');
    const first = await cliIn(ROOT, ...args, '--out', measured);
    assert.is(first.code, 0, first.stderr);
    const { trials, summary: _s, ...header } = JSON.parse(fs.readFileSync(measured, 'utf8'));
    const headerBytes = JSON.stringify({ kind: 'run', ...header, planned: trials.length }).length + 1;
    const trialBytes = Math.min(...trials.map((t: unknown) => JSON.stringify({ kind: 'trial', trial: t }).length));
    // Room for the header and one trial and a half, in whole pages.
    const free = Math.ceil((headerBytes + trialBytes * 1.5) / 4096) * 4096;
    const r = await onFullDisk([...args, '--out', '@/r.json'], { free, keep: 'r.jsonl' });
    assert.is(r.code, 2, r.stderr);
    assert.match(r.stderr, /r\.jsonl: cannot be written \(ENOSPC: no space left on the device\); it holds the first \d finished trials?, each on a whole line/);
    assert.ok(r.kept, `the stream is kept: ${r.left}`);
    assert.ok(r.kept!.endsWith('\n'), 'the stream ends with a whole line');
    const lines = r.kept!.trimEnd().split('\n');
    for (const line of lines) JSON.parse(line);
    assert.ok(lines.length >= 1 && lines.length < trials.length + 1, `${lines.length} whole lines: the disk filled before the last trial`);
  });

  concurrent(test, 'run on a full disk exits 2, says which file could not be written, and writes no half report', async () => {
    const r = await onFullDisk(['run', '--probe', 'reference', '--case', 'core/success', '--out', '@/r.json', '--quiet'], { oldFile: 'r.json', free: 16384 });
    assert.is(r.code, 2, r.stderr);
    assert.match(r.stderr, /r\.jsonl?: cannot be written \(ENOSPC: no space left on the device\)/);
    assert.not.match(r.stderr, /\n\s+at /, 'no stack trace');
    assert.is(r.old, OLD, 'the old report is as it was');
    assert.not.ok(r.left.some((f) => f.endsWith('.tmp')), `no temporary file: ${r.left}`);
  });
}

finish(test);
