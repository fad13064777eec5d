// childproof kills only what it started (what it must end, escapes.test.ts shows): a
// directory planted in the temporary directory, with any tag or any cgroup, gets no
// process killed that the run did not start, a FIFO in place of its owner.json never
// blocks, and the suites count only their own processes.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildFixture } from '../../runners/engine/bundle.ts';
import { fixtureArgv } from '../../runners/protocol/fixture-argv.mjs';
import { ownCgroup } from '../../runners/os/cgroup.ts';
import { MARK_VARIABLE } from '../../runners/os/marks.ts';
import { processState, startTimeOf } from '../../runners/os/processes.ts';
import { cliIn, cliWith, exitOf, FIXTURE, inSlot, tempDir, whenInDir, writeJson } from '../support/helpers.ts';
import { SCRATCH_ROOT } from '../support/scratch-root.ts';
import { cgroupsLeft, concurrent, finish, stillRunning, SUITE_VARIABLE } from '../support/suite.ts';
import { randomBytes } from 'node:crypto';

/** Root, with a cgroup v2 hierarchy mounted read-write: told from /proc directly, not from the code under test. */
const AS_ROOT =
  process.getuid?.() === 0 &&
  fs.readFileSync('/proc/self/mountinfo', 'utf8').split('\n').some((l) => / - cgroup2 \S+ rw/.test(l));

test('as root with a writable cgroup v2 hierarchy, childproof finds its own cgroup to make the run\'s below', () => {
  if (AS_ROOT) assert.ok(ownCgroup(), 'a cgroup for the run');
  else assert.is(process.getuid?.() === 0 ? ownCgroup() : null, null, 'without one, no cgroup is claimed');
});

const ADAPTER = `import type { Adapter } from 'childproof';
type Helper = { exec(file: string, args: string[], o: object): Promise<unknown> };
export default { uses: ['exec'], run: (call, target) => target.exec(call.file, call.args, { cwd: call.cwd, signal: call.signal }) } satisfies Adapter<Helper>;
`;

concurrent(test, 'a target that plants FIFOs where the fixtures write their records and events does not block the runner', async () => {
  const dir = tempDir('childproof-fifos-');
  fs.writeFileSync(
    path.join(dir, 'plant.mjs'),
    `import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
export function exec(file, args, options) {
  for (const [sub, name] of [['procs', 'planted.json'], ['events', 'planted.jsonl']]) {
    fs.mkdirSync(path.join(options.cwd, sub), { recursive: true });
    execFileSync('mkfifo', [path.join(options.cwd, sub, name)]);
  }
  return new Promise((resolve, reject) => execFile(file, args, options, (e) => (e ? reject(e) : resolve())));
}
`,
  );
  const identity = JSON.parse((await cliIn(dir, 'pin', '--file', 'plant.mjs', '--probe-dir', 'fifos')).stdout).identity;
  writeJson(path.join(dir, 'fifos', 'probe.json'), { name: 'fifos', title: 'fifos', identity, adapter: 'adapter.ts', supports: ['signal'] });
  fs.writeFileSync(path.join(dir, 'fifos', 'adapter.ts'), ADAPTER);
  const run = await cliIn(dir, 'run', '--probe', 'fifos', '--case', 'core/cooperative-abort', '--out', 'report.json', '--quiet');
  assert.ok(run.code === 0 || run.code === 1, run.stderr);
  const [trial] = JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8')).trials;
  assert.is(trial.observations.worker!.settlement.kind, 'rejected', 'the trial was observed as usual');
});

/** A process that is not childproof's, whose command line carries `tag`, as a canary. */
function canary(tag: string) {
  const c = spawn('sh', ['-c', `exec sleep 300 # ${tag}`], { stdio: 'ignore', detached: true });
  // Its exit is waited for only once it is stopped: a bound started now would run out
  // while the test waits its turn.
  const stop = () => {
    c.kill('SIGKILL');
    return exitOf(c);
  };
  return { pid: c.pid!, startTime: startTimeOf(c.pid!), stop };
}

/** A dead pid, with a start time, for an owner.json that says its runner is gone. */
async function deadPid(): Promise<number> {
  const gone = spawn(process.execPath, ['-e', '0']);
  await exitOf(gone);
  return gone.pid!;
}

const owner = (pid: number) => JSON.stringify({ pid, startTime: null, keep: false, createdAt: new Date().toISOString() });

concurrent(test, 'a planted run directory, whatever it holds, never gets a stranger killed by clean or by a run', () => inSlot(async () => {
  const scratch = tempDir();
  fs.chmodSync(scratch, 0o1777);
  const pid = await deadPid();
  const plant = (name: string, mode: number, ownerText = owner(pid)) => {
    const dir = path.join(scratch, name);
    fs.mkdirSync(dir, { mode });
    fs.chmodSync(dir, mode);
    fs.writeFileSync(path.join(dir, 'owner.json'), ownerText);
    return dir;
  };
  // Every way a planted directory has named its victim: a tag in owner.json, the
  // directory's own name, a tag everyone's command line has, an empty one.
  const victims = [canary('childproof-run-0123456789abcdef01234567'), canary('node'), canary('sleep')];
  plant('childproof-run-0123456789abcdef01234567', 0o700, JSON.stringify({ pid, startTime: null, tag: 'sleep', keep: false, createdAt: 'x' }));
  plant('childproof-run-aaaaaaaaaaaaaaaaaaaaaaaa', 0o777, JSON.stringify({ pid, startTime: null, tag: 'node', keep: false, createdAt: 'x' }));
  plant('childproof-run-node', 0o700, JSON.stringify({ pid, startTime: null, tag: '', keep: false, createdAt: 'x' }));
  fs.symlinkSync(path.join(scratch, 'childproof-run-node'), path.join(scratch, 'childproof-run-bbbbbbbbbbbbbbbbbbbbbbbb'));
  if (process.getuid?.() === 0) {
    const theirs = plant('childproof-run-cccccccccccccccccccccccc', 0o700);
    fs.chownSync(theirs, 65534, 65534);
  }
  const clean = await cliWith(scratch, { TMPDIR: scratch }, 'clean');
  assert.is(clean.code, 0, clean.stderr);
  assert.match(clean.stdout, /childproof-run-aaaaaaaaaaaaaaaaaaaaaaaa alone: others may open it/);
  assert.match(clean.stdout, /childproof-run-bbbbbbbbbbbbbbbbbbbbbbbb alone: it is a link/);
  assert.match(clean.stdout, /childproof-run-node alone: its name is not one childproof makes/);
  if (process.getuid?.() === 0) assert.match(clean.stdout, /childproof-run-cccccccccccccccccccccccc alone: it belongs to uid 65534/);
  // The trusted one was cleaned: nothing of it carried its mark.
  assert.match(clean.stdout, /childproof-run-0123456789abcdef01234567: nothing of it was running; removed it/);
  const run = await cliWith(scratch, { TMPDIR: scratch }, 'run', '--probe', 'reference', '--case', 'core/cooperative-abort', '--quiet');
  assert.is(run.code, 0, run.stderr);
  for (const v of victims) assert.is(processState(v.pid, v.startTime), 'running', `canary ${v.pid} lives`);
  await Promise.all(victims.map((v) => v.stop()));
}));

concurrent(test, 'a FIFO in place of owner.json, or of the directory itself, never blocks clean', async () => {
  const scratch = tempDir();
  const dir = path.join(scratch, 'childproof-run-dddddddddddddddddddddddd');
  fs.mkdirSync(dir, { mode: 0o700 });
  const { execFileSync } = await import('node:child_process');
  execFileSync('mkfifo', [path.join(dir, 'owner.json')]);
  execFileSync('mkfifo', [path.join(scratch, 'childproof-run-eeeeeeeeeeeeeeeeeeeeeeee')]);
  const clean = await cliWith(scratch, { TMPDIR: scratch }, 'clean');
  assert.is(clean.code, 0, clean.stderr);
  assert.match(clean.stdout, /dddddddddddddddddddddddd alone: its owner.json is missing, not a regular file/);
  assert.match(clean.stdout, /eeeeeeeeeeeeeeeeeeeeeeee alone: it is not a directory/);
});

concurrent(test, "clean ends a dead run's process by its mark, and leaves a stranger naming the run alone", () => inSlot(async () => {
  const scratch = tempDir();
  const tag = 'childproof-run-feedfacefeedfacefeedface';
  const dir = path.join(scratch, tag);
  fs.mkdirSync(path.join(dir, 'left'), { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  fs.writeFileSync(path.join(dir, 'owner.json'), owner(await deadPid()));
  const argv = fixtureArgv({ fixture: FIXTURE, dir: path.join(dir, 'left'), tag: `${tag}/t0-r0-a1`, role: 'child', capMs: 60_000, behaviour: {} });
  const orphan = spawn(process.execPath, argv, { stdio: 'ignore', detached: true, env: { ...process.env, [MARK_VARIABLE]: `${tag}/t0-r0-a1` } });
  const stranger = canary(tag);
  await whenInDir(path.join(dir, 'left', 'ready'), () => fs.existsSync(path.join(dir, 'left', 'ready', 'child')), 'the orphan to be ready');
  const clean = await cliWith(scratch, { TMPDIR: scratch }, 'clean');
  assert.match(clean.stdout, new RegExp(`${tag}: ended 1 process \\(${orphan.pid}\\); removed it`));
  await exitOf(orphan);
  assert.is(processState(stranger.pid, stranger.startTime), 'running');
  await stranger.stop();
}));

concurrent(test, 'a planted directory whose owner.json names an ordinary directory as its cgroup gets no process killed by clean or by a run', () => inSlot(async () => {
  const scratch = tempDir();
  const tag = 'childproof-run-0badc0de0badc0de0badc0de';
  const dir = path.join(scratch, tag);
  fs.mkdirSync(dir, { mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  const victim = canary('a stranger');
  // A plain file called cgroup.procs, listing the stranger, in a directory named for the tag.
  fs.writeFileSync(path.join(dir, 'cgroup.procs'), `${victim.pid}\n`);
  fs.writeFileSync(path.join(dir, 'owner.json'), JSON.stringify({ pid: await deadPid(), startTime: null, keep: true, createdAt: 'x', cgroup: dir }));
  const clean = await cliWith(scratch, { TMPDIR: scratch }, 'clean');
  assert.is(clean.code, 0, clean.stderr);
  assert.match(clean.stdout, new RegExp(`${tag}: nothing of it was running; left the cgroup its owner.json names, .*${tag}, alone: it is not below a cgroup v2 mount`));
  assert.is(processState(victim.pid, victim.startTime), 'running', 'the stranger lives after clean');
  const run = await cliWith(scratch, { TMPDIR: scratch }, 'run', '--probe', 'reference', '--case', 'core/cooperative-abort', '--quiet');
  assert.is(run.code, 0, run.stderr);
  assert.is(processState(victim.pid, victim.startTime), 'running', 'the stranger lives after a run');
  await victim.stop();
}));

concurrent(test, "the suite's closing check counts the suite's own processes and no other childproof run's", async () => {
  // Another run's fixture, as a run in another checkout starts it: the same fixture file,
  // a run directory in a temporary directory of its own, its own mark, not the suite's.
  const other = path.join(fs.mkdtempSync(path.join(path.dirname(os.tmpdir()), 'childproof-other-')), `childproof-run-${'ab'.repeat(12)}`);
  const { [SUITE_VARIABLE]: _mine, ...strangersEnv } = process.env;
  const argv = (dir: string, fixture = FIXTURE) => fixtureArgv({ fixture, dir, tag: `childproof-run-${'ab'.repeat(12)}/t0-r0-a1`, role: 'child', capMs: 60_000, behaviour: {} });
  // A target's environment of its own carries no mark at all.
  const bare = { PATH: process.env.PATH ?? '' };
  const started: Array<{ name: string; dir: string; child: ReturnType<typeof spawn> }> = [];
  const start = (name: string, dir: string, env: NodeJS.ProcessEnv, fixture?: string) => {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    started.push({ name, dir, child: spawn(process.execPath, argv(dir, fixture), { stdio: 'ignore', env }) });
    return started.at(-1)!.child;
  };
  const theirs = start('another run', path.join(other, 't0-r0-a1'), { ...strangersEnv, [MARK_VARIABLE]: `childproof-run-${'ab'.repeat(12)}/t0-r0-a1` });
  // Another test process's of the same make test, run from the cache they share by a target that set its own environment.
  const neighbours = start("another test process's run", path.join(other, 't1-r0-a1'), bare, buildFixture());
  // And the suite's own, started the same ways: one with the suite's environment, one in a
  // run directory of the suite's own temporary root, by a target that set its own.
  const mine = start("the suite's", tempDir(), { ...strangersEnv, [SUITE_VARIABLE]: process.env[SUITE_VARIABLE]! });
  const ownRun = path.join(SCRATCH_ROOT, `childproof-run-${randomBytes(12).toString('hex')}`);
  const mineBare = start("the suite's run's", path.join(ownRun, 't0-r0-a1'), bare, buildFixture());
  try {
    for (const { name, dir } of started) await whenInDir(path.join(dir, 'ready'), () => fs.existsSync(path.join(dir, 'ready', 'child')), `${name} fixture to be ready`);
    const counted = stillRunning();
    assert.ok(!counted.includes(theirs.pid!), "another run's fixture is not the suite's");
    assert.ok(!counted.includes(neighbours.pid!), "an unmarked fixture run from the shared cache is not the suite's");
    assert.ok(counted.includes(mine.pid!), "the suite's own fixture is counted: the check can fail");
    assert.ok(counted.includes(mineBare.pid!), "the suite's own run's fixture, unmarked, is counted by its run directory");
  } finally {
    for (const { child } of started) child.kill('SIGKILL');
    await Promise.all(started.map(({ child }) => exitOf(child)));
    fs.rmSync(path.dirname(other), { recursive: true, force: true });
    fs.rmSync(ownRun, { recursive: true, force: true });
  }
});

concurrent(test, "the suite's closing check counts a run cgroup only where the suite's own temporary root holds its run's directory", async () => {
  const own = ownCgroup();
  if (!own) return assert.not.ok(AS_ROOT, 'a writable cgroup v2 hierarchy gives this process a cgroup');
  // Another run's cgroup, as another checkout's run or another test process makes it: its
  // directory is in a TMPDIR of its own, not below this suite's.
  const theirs = `childproof-run-${randomBytes(12).toString('hex')}`;
  const mine = `childproof-run-${randomBytes(12).toString('hex')}`;
  const elsewhere = fs.mkdtempSync(path.join(path.dirname(os.tmpdir()), 'childproof-other-'));
  fs.mkdirSync(path.join(elsewhere, theirs), { mode: 0o700 });
  fs.mkdirSync(path.join(own, theirs));
  // And one of the suite's own, its run directory in a TMPDIR a test handed to a run.
  fs.mkdirSync(path.join(tempDir(), mine), { mode: 0o700 });
  fs.mkdirSync(path.join(own, mine));
  try {
    const left = cgroupsLeft();
    assert.not.ok(left.includes(theirs), "another run's cgroup is not the suite's");
    assert.ok(left.includes(mine), "the suite's own cgroup, left, is counted: the check can fail");
  } finally {
    fs.rmdirSync(path.join(own, theirs));
    fs.rmdirSync(path.join(own, mine));
    fs.rmSync(elsewhere, { recursive: true, force: true });
  }
});

finish(test);
