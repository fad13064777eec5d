// A run that is stopped or killed loses nothing and leaves nothing: the finished trials
// are written (or can be rebuilt from the stream), and every trial process and the run's
// directory are gone. Each run here gets its own TMPDIR, so its directory and its
// processes (whose command lines carry that directory) can be told from any other's.

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fixtureArgv } from '../../runners/protocol/fixture-argv.mjs';
import { MARK_VARIABLE } from '../../runners/os/marks.ts';
import { processesTagged, processState } from '../../runners/os/processes.ts';
import { readReport } from '../../runners/report/report-file.ts';
import { bounded } from '../support/bounded.ts';
import { BIN, cliIn, exitOf, FIXTURE, inSlot, tempDir, until, whenInDir } from '../support/helpers.ts';
import { cgroupsLeft, concurrent, finish } from '../support/suite.ts';

interface Started {
  runner: ChildProcess;
  scratch: string;
  out: string;
  stream: string;
  stderr: () => string;
}

const lines = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
const trialLines = (file: string) => lines(file).filter((l) => l.startsWith('{"kind":"trial"'));
const runDirs = (scratch: string) => fs.readdirSync(scratch).filter((n) => n.startsWith('childproof-run-'));
const cmdline = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};

/** A run of the reference on every core case, in a TMPDIR of its own. */
function startRun(...extra: string[]): Started {
  const scratch = tempDir();
  const out = path.join(scratch, 'report.json');
  let err = '';
  const runner = spawn(process.execPath, [BIN, 'run', '--probe', 'reference', '--case', 'core/*', '--out', out, ...extra], {
    env: { ...process.env, TMPDIR: scratch },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  runner.stderr!.on('data', (d) => (err += d));
  return { runner, scratch, out, stream: path.join(scratch, 'report.jsonl'), stderr: () => err };
}

/** Resolves once the run's stream holds a finished trial: others are under way by then. */
async function whenATrialFinished(s: Started): Promise<number[]> {
  await whenInDir(s.scratch, () => trialLines(s.stream).length > 0, 'the first finished trial in the stream');
  return processesTagged(s.scratch).filter((pid) => pid !== s.runner.pid);
}

const supervisorOf = (scratch: string) => processesTagged(scratch).find((pid) => cmdline(pid).includes('childproof-supervisor'));

for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
  concurrent(test, `${signal} mid-run writes a valid report of the finished trials, marked interrupted, exits ${code} and leaves nothing`, () => inSlot(async () => {
    const s = startRun();
    const live = await whenATrialFinished(s);
    assert.ok(live.length > 0, 'trials were running when the signal came');
    s.runner.kill(signal);
    assert.is((await exitOf(s.runner)).code, code, s.stderr());
    const report = readReport(s.out);
    assert.is(report.interrupted?.by, signal);
    assert.is(report.summary.asExpected, false, 'an interrupted run is never as expected');
    assert.ok(report.interrupted!.finished >= 1 && report.interrupted!.finished < report.interrupted!.planned, JSON.stringify(report.interrupted));
    assert.is(report.trials.length, report.interrupted!.finished);
    assert.ok(report.trials.every((t) => t.outcome !== 'error'), 'the trials cut short are not reported');
    assert.not.ok(fs.existsSync(s.stream), 'the stream is removed once the report is whole');
    assert.equal(processesTagged(s.scratch), []);
    assert.equal(runDirs(s.scratch), []);
    if (signal !== 'SIGINT') return;
    // The next run on the same --out keeps what the interrupted one finished: moved aside, and said.
    const again = await cliIn(s.scratch, 'run', '--probe', 'reference', '--case', 'core/success', '--out', s.out, '--quiet');
    assert.is(again.code, 0, again.stderr);
    const aside = path.join(s.scratch, 'report.interrupted.json');
    assert.match(again.stderr, `report.json held a run interrupted by SIGINT (${report.interrupted!.finished} of ${report.interrupted!.planned} trials): moved to`);
    assert.equal(readReport(aside).trials.length, report.trials.length);
    assert.is(readReport(s.out).trials.length, 1);
  }));
}

concurrent(test, 'SIGKILL of the runner: its supervisor ends every trial process and removes the run directory; report --from rebuilds the report', () => inSlot(async () => {
  const s = startRun();
  const live = await whenATrialFinished(s);
  const supervisor = supervisorOf(s.scratch);
  assert.ok(supervisor, 'the run has a supervisor');
  assert.ok(live.some((pid) => pid !== supervisor), 'trials were running when the runner was killed');
  s.runner.kill('SIGKILL');
  await exitOf(s.runner);
  await until('the supervisor to finish its sweep', () => processState(supervisor!, null) === 'exited');
  assert.equal(processesTagged(s.scratch), []);
  assert.equal(runDirs(s.scratch), []);
  assert.not.ok(fs.existsSync(s.out), 'the runner wrote no report');

  // A second run on the same --out takes the dead run's lock over, but not its trials:
  // it refuses, saying how to recover them, and the stream is as the dead run left it.
  const kept = fs.readFileSync(s.stream, 'utf8');
  const again = spawn(process.execPath, [BIN, 'run', '--probe', 'reference', '--case', 'core/success', '--out', s.out], { env: { ...process.env, TMPDIR: s.scratch }, stdio: ['ignore', 'ignore', 'pipe'] });
  let refused = '';
  again.stderr!.on('data', (d) => (refused += d));
  // Read to the end of what it said, not to its exit: Node can emit 'exit' before the last of it.
  const said = once(again.stderr!, 'close');
  assert.is((await exitOf(again)).code, 2, refused);
  await bounded("the refused run's words to end", said);
  assert.match(refused, new RegExp(`report\\.jsonl holds ${trialLines(s.stream).length} finished trials? of an earlier run that did not finish; recover (it|them) with \`childproof report --from .*report\\.jsonl --out .*report\\.json\``));
  assert.is(fs.readFileSync(s.stream, 'utf8'), kept, 'the stream is untouched');
  assert.not.ok(fs.existsSync(`${s.out}.lock`), 'the refused run holds no lock');

  // The stream of the dead run holds every trial it finished.
  const rebuilt = path.join(s.scratch, 'rebuilt.json');
  const from = spawn(process.execPath, [BIN, 'report', '--from', s.stream, '--out', rebuilt], { stdio: 'ignore' });
  assert.is((await exitOf(from)).code, 1, 'an interrupted run is not as expected');
  const report = readReport(rebuilt);
  assert.match(report.interrupted!.by, /died/);
  assert.is(report.trials.length, trialLines(s.stream).length);
  assert.is(report.interrupted!.finished, report.trials.length);
}));

concurrent(test, 'clean ends what a run left when its runner and its supervisor were both killed', () => inSlot(async () => {
  const s = startRun();
  await whenATrialFinished(s);
  const supervisor = supervisorOf(s.scratch)!;
  process.kill(supervisor, 'SIGKILL');
  await until('the supervisor to be gone', () => processState(supervisor, null) === 'exited');
  s.runner.kill('SIGKILL');
  await exitOf(s.runner);
  assert.is(runDirs(s.scratch).length, 1);
  // Its trials end on their own once their windows close, perhaps before the runner's
  // kill is even seen, perhaps before clean starts; a fixture with the dead run's mark
  // that lives until it is ended leaves clean something it must end, whatever the
  // machine's speed.
  const tag = runDirs(s.scratch)[0];
  const dir = path.join(s.scratch, tag, 'planted');
  fs.mkdirSync(dir);
  const mark = `${tag}/planted`;
  const argv = fixtureArgv({ fixture: FIXTURE, dir, tag: mark, role: 'child', capMs: 60_000, behaviour: {} });
  const orphan = spawn(process.execPath, argv, { stdio: 'ignore', detached: true, env: { ...process.env, [MARK_VARIABLE]: mark } });
  await whenInDir(path.join(dir, 'ready'), () => fs.existsSync(path.join(dir, 'ready', 'child')), 'the planted fixture to be ready');

  const clean = spawn(process.execPath, [BIN, 'clean'], { env: { ...process.env, TMPDIR: s.scratch }, stdio: ['ignore', 'pipe', 'ignore'] });
  let said = '';
  clean.stdout!.on('data', (d) => (said += d));
  // Read to the end of its output, not to its exit: Node can emit 'exit' before the last of it.
  const ended = once(clean.stdout!, 'close');
  assert.is((await exitOf(clean)).code, 0);
  await bounded("clean's output to end", ended);
  assert.match(said, new RegExp(`pid ${s.runner.pid}, now gone, left .*childproof-run-\\w+: ended \\d+ process`));
  assert.match(said, new RegExp(`[(, ]${orphan.pid}[,)]`), 'clean ended the fixture the dead run left');
  await exitOf(orphan);
  assert.equal(processesTagged(s.scratch), []);
  assert.equal(runDirs(s.scratch), []);
}));

concurrent(test, 'the next run finds a directory an earlier dead run left, ends its processes and says so', () => inSlot(async () => {
  const scratch = tempDir();
  const gone = spawn(process.execPath, ['-e', '0']);
  await exitOf(gone);
  const tag = 'childproof-run-deadbeef0001deadbeef0001';
  const dir = path.join(scratch, tag);
  fs.mkdirSync(path.join(dir, 'left'), { recursive: true });
  fs.chmodSync(dir, 0o700);
  fs.writeFileSync(path.join(dir, 'owner.json'), JSON.stringify({ pid: gone.pid, startTime: null, keep: false, createdAt: new Date().toISOString() }));
  // A fixture the dead run would have left: its environment carries the run's mark.
  const mark = `${tag}/t0-r0-a1`;
  const argv = fixtureArgv({ fixture: FIXTURE, dir: path.join(dir, 'left'), tag: mark, role: 'child', capMs: 60_000, behaviour: {} });
  const orphan = spawn(process.execPath, argv, { stdio: 'ignore', detached: true, env: { ...process.env, [MARK_VARIABLE]: mark } });
  await whenInDir(path.join(dir, 'left', 'ready'), () => fs.existsSync(path.join(dir, 'left', 'ready', 'child')), 'the orphan to be ready');

  const next = spawn(process.execPath, [BIN, 'run', '--probe', 'reference', '--case', 'core/cooperative-abort'], {
    env: { ...process.env, TMPDIR: scratch },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  next.stderr!.on('data', (d) => (err += d));
  assert.is((await exitOf(next)).code, 0, err);
  assert.match(err, new RegExp(`by pid ${gone.pid}, now gone, left .*${tag}: ended 1 process \\(${orphan.pid}\\); removed it`));
  await exitOf(orphan);
  assert.equal(runDirs(scratch), []);
}));

// The other verbs that run trials stop as `run` does: stability, with runs still to come.
concurrent(test, 'SIGTERM mid-stability ends its trials, compares and writes nothing, exits 143 and leaves no process, directory or cgroup', () => inSlot(async () => {
  const scratch = tempDir();
  const out = path.join(scratch, 'STABILITY.md');
  let err = '';
  const runner = spawn(process.execPath, [BIN, 'stability', '--runs', '3', '--hogs', '0', '--probe', 'reference', '--case', 'core/*', '--out', out], {
    env: { ...process.env, TMPDIR: scratch },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  runner.stderr!.on('data', (d) => (err += d));
  // 'exit' can come before the last of its stderr is read; 'close' comes after.
  const closed = once(runner, 'close');
  // A process's start writes nothing where a watch could see it: /proc is polled.
  await until('a trial process of a run', () => processesTagged(scratch).some((pid) => pid !== runner.pid && !cmdline(pid).includes('childproof-supervisor')));
  const [tag] = runDirs(scratch);
  runner.kill('SIGTERM');
  const ended = await exitOf(runner);
  assert.is(ended.code, 143, `${err}(ended by signal ${ended.signal})`);
  await closed;
  assert.match(err, /interrupted by SIGTERM: [012] run\(s\) finished; nothing compared and nothing written/, err);
  assert.not.ok(fs.existsSync(out), 'no comparison of runs that did not finish');
  assert.equal(processesTagged(scratch), []);
  assert.equal(runDirs(scratch), []);
  assert.not.ok(cgroupsLeft().includes(tag), 'the run took its cgroup with it');
}));

finish(test);
