// Every test file ends the same way: its last test checks that nothing it started is
// still running. Scratch directories are removed when the process exits (helpers.ts).
//
// uvu imports every test file before it runs any test, so the trial runs that suites
// start with `eager()` at import all run at once, in one scheduler pool
// (runners/engine/scheduler.ts), and each suite's tests wait only for their own. The
// check at the end of a suite first waits for every eager run of the process: a run's
// processes are its own until it is done.

import { SCRATCH_ROOT } from './scratch-root.ts';
import { tempDirsMade } from './helpers.ts';
import { runnerPid } from './runner-process.ts';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as assert from 'uvu/assert';
import type { Test } from 'uvu';
import { ownCgroup, processesIn } from '../../runners/os/cgroup.ts';
import { markOf, processesMarked } from '../../runners/os/marks.ts';
import { runDirs } from '../../runners/os/run-dir.ts';
import { readStat } from '../../runners/protocol/proc-stat.mjs';
import { processesTagged, processState } from '../../runners/os/processes.ts';

const runs: Array<Promise<unknown>> = [];

/** Starts `work` now, at import, rather than when its suite's turn comes. */
export function eager<T>(work: () => Promise<T>): Promise<T> {
  const started = work();
  // Awaited by its suite; caught here so a failure waits for the suite to report it.
  runs.push(started.catch(() => undefined));
  return started;
}

/** Every eager run of this process finished: a test that must have the runner to itself waits for it. */
export const eagerWorkDone = (): Promise<unknown> => Promise.all(runs);

/**
 * A test whose body starts at import, beside every other suite's work, instead of when
 * its turn comes: for a test that runs the command line in a scratch directory of its own
 * and shares nothing with the tests around it. Its suite still reports it in order. Its
 * command lines wait for a slot (support/helpers.ts), so starting many at once starves none.
 */
export function concurrent<T>(suite: Test<T>, name: string, body: () => Promise<void>): void {
  const started = eager(body);
  suite(name, () => started);
}

/**
 * The suite's own mark, as the harness marks a run's processes (runners/os/marks.ts): a
 * random value in the environment of this process, and so of every process it starts
 * that keeps its environment: command lines it runs, their runs' workers, fixtures and
 * servers. Another run on this machine, of this checkout or another, never carries it.
 */
export const SUITE_VARIABLE = 'CHILDPROOF_TEST_SUITE';
const SUITE_MARK = randomBytes(12).toString('hex');
process.env[SUITE_VARIABLE] = SUITE_MARK;

/** This process's environment without the suite's mark: for a program a test keeps open
 *  past the closing check (a browser, closed after the suite's last test). */
export function unmarkedEnv(): NodeJS.ProcessEnv {
  const { [SUITE_VARIABLE]: _mark, ...rest } = process.env;
  return rest;
}

/** The test process's runner (support/runner-process.ts), its child that lives as long as it does. */
function isOwnRunner(pid: number): boolean {
  return pid === runnerPid() && readStat(pid)?.ppid === process.pid;
}

/** tsx's esbuild service: a child of this process or of its runner, started by its loader, that lives as long as its parent does. */
function isOwnLoader(pid: number): boolean {
  try {
    const ppid = readStat(pid)?.ppid;
    return (ppid === process.pid || (ppid !== undefined && isOwnRunner(ppid))) && fs.realpathSync(`/proc/${pid}/exe`).includes(`${path.sep}@esbuild${path.sep}`);
  } catch {
    return false;
  }
}

/**
 * Processes this suite started that are still running, by proof only: the suite's mark
 * in their environment, or, for one a target started with an environment of its own, a
 * command line below a directory no other run uses: the run directories in the suite's
 * own temporary root, or one of its scratch directories (not the whole root, where a
 * browser a test keeps open past this check, unmarked, keeps its profile). A shared path
 * is no proof: the checkout's fixture, a run directory's prefix, or the cache, where the
 * workers and fixtures of every test process of the same make test run from (test/run.ts),
 * and those of a suite it runs inside it (engine/under-load.full.test.ts).
 */
export function stillRunning(): number[] {
  const marked = processesMarked(SUITE_MARK, { variable: SUITE_VARIABLE }).filter((pid) => !isOwnLoader(pid) && !isOwnRunner(pid));
  // One look at /proc for every directory: a test process makes a hundred or more.
  const ownDirs = [path.join(SCRATCH_ROOT, 'childproof-run-'), ...tempDirsMade().map((d) => `${d}${path.sep}`)];
  const tagged = processesTagged(ownDirs).filter((pid) => [null, SUITE_MARK].includes(markOf(pid, SUITE_VARIABLE)));
  return [...new Set([...marked, ...tagged])].filter((pid) => processState(pid, null) === 'running').sort((a, b) => a - b);
}

/** Where the suite's runs put their directories: its own temporary root, and the
 *  TMPDIRs its tests hand to runs, which are scratch directories below that root or one
 *  level further down (a test's own `tmp`). Nowhere else on the machine. */
function suiteRunDirs(): Map<string, string> {
  const found = new Map<string, string>();
  const look = (dir: string, depth: number) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (!e.isDirectory() || e.name === 'node_modules') continue;
      if (e.name.startsWith('childproof-run-')) found.set(e.name, path.join(dir, e.name));
      else if (depth > 0) look(path.join(dir, e.name), depth - 1);
    }
  };
  look(SCRATCH_ROOT, 2);
  return found;
}

/**
 * Run cgroups left in place by the suite's own runs: a run's cgroup goes with its run
 * (os/cgroup.ts), and its directory, which names it, is made before it and removed after
 * it (os/run-dir.ts). So a run cgroup is the suite's only when a run directory of that
 * name is in the suite's own temporary root; any other is another run's on this machine
 * (another checkout's, another process's of the same make test), whatever its state.
 */
export function cgroupsLeft(): string[] {
  const own = ownCgroup();
  if (!own) return [];
  const cgroups = fs.readdirSync(own).filter((n) => n.startsWith('childproof-run-'));
  if (cgroups.length === 0) return [];
  const mine = suiteRunDirs();
  return cgroups.filter((n) => mine.has(n));
}

const readProc = (pid: number, file: string) => {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'latin1');
  } catch {
    return null;
  }
};

/** Whose a process is, for a reader telling a leak from a neighbour: its command, cache, TMPDIR and suite mark. */
export function describeProcess(pid: number): string {
  const command = readProc(pid, 'cmdline')?.split('\0').filter(Boolean).join(' ') ?? '(gone)';
  const suite = markOf(pid, SUITE_VARIABLE);
  const whose = suite === null ? 'no suite mark' : suite === SUITE_MARK ? "this suite's mark" : `another suite's mark ${suite}`;
  return `pid ${pid}: ${command.slice(0, 300)} (cache ${markOf(pid, 'CHILDPROOF_CACHE') ?? 'default'}, TMPDIR ${markOf(pid, 'TMPDIR') ?? 'default'}, ${whose})`;
}

/** The same for a run cgroup: the run directory that names it, its runner, and what is still in it. */
function describeCgroup(name: string): string {
  const dir = suiteRunDirs().get(name);
  const owner = dir ? runDirs(path.dirname(dir)).find((f) => 'owner' in f && f.tag === name) : undefined;
  const runner = owner && 'owner' in owner ? `runner pid ${owner.owner.pid} ${processState(owner.owner.pid, owner.owner.startTime)}` : 'no owner.json';
  const inside = processesIn(path.join(ownCgroup()!, name));
  return `cgroup ${name} of the run in ${dir ?? '(no directory)'}: ${runner}; ${inside.length} process(es) in it${inside.map((p) => `\n    ${describeProcess(p)}`).join('')}`;
}

export function finish<T>(suite: Test<T>): void {
  suite('leaves no fixture or trial worker running, and no run cgroup', async () => {
    await eagerWorkDone();
    const running = stillRunning();
    assert.ok(running.length === 0, `the suite started these and they still run:\n  ${running.map(describeProcess).join('\n  ')}`);
    const left = cgroupsLeft();
    assert.ok(left.length === 0, `the suite's runs left these cgroups:\n  ${left.map(describeCgroup).join('\n  ')}`);
  });
  suite.run();
}
