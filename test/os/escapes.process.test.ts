// Nothing leaves a trial: a target that starts daemons by every route (setsid, detached,
// a double fork with a cleared environment, and one that moves itself out of the trial's
// cgroup first) leaves none running, and the report names each as a leftover with what
// found it. As root, and as an unprivileged user, who has no cgroup to write.

import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { processState } from '../../runners/os/processes.ts';
import { BIN, cliIn, exitOf, tempDir, writeJson } from '../support/helpers.ts';
import { eager, finish, SUITE_VARIABLE } from '../support/suite.ts';

/** Root, with a cgroup v2 hierarchy mounted read-write: told from /proc directly, not from the code under test. */
const AS_ROOT =
  process.getuid?.() === 0 &&
  fs.readFileSync('/proc/self/mountinfo', 'utf8').split('\n').some((l) => / - cgroup2 \S+ rw/.test(l));

/** A helper that runs the command and, on the side, starts four daemons, writing their pids. */
const helper = (log: string) => `import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
const note = (what, pid) => fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify({ what, pid }) + '\\n');
export function exec(file, args, options) {
  note('setsid', spawn('setsid', ['sleep', '300'], { stdio: 'ignore' }).pid);
  const d = spawn('sleep', ['301'], { stdio: 'ignore', detached: true });
  d.unref();
  note('detached', d.pid);
  // A double fork with no environment, out of the group: only a cgroup or the subreaper can find it.
  const sh = spawn('sh', ['-c', 'sleep 302 & echo $! >> ' + ${JSON.stringify(`${log}.bare`)}], { stdio: 'ignore', env: {}, detached: true });
  sh.unref();
  // The same, having moved itself into the root cgroup first (as root it can): only the subreaper can find it.
  spawn('sh', [${JSON.stringify(`${log}.sh`)}, ${JSON.stringify(`${log}.escaped`)}], { stdio: 'ignore', env: {}, detached: true }).unref();
  return new Promise((resolve, reject) => execFile(file, args, options, (e) => (e ? reject(e) : resolve())));
}
`;

/**
 * A daemon that leaves the trial's cgroup for every cgroup v2 root it can write (root can),
 * then drops its environment and session. Its parent exits at once, so it is an orphan.
 */
const ESCAPE = `sh -c 'for m in $(awk "{ for (i = 1; i < NF; i++) if (\\$i == \\"-\\" && \\$(i + 1) == \\"cgroup2\\") print \\$5 }" /proc/self/mountinfo); do echo $$ > "$m/cgroup.procs"; done 2>/dev/null; exec env -i setsid sleep 303' &
echo $! >> "$1"
`;

const ADAPTER = `import type { Adapter } from 'childproof';
type Helper = { exec(file: string, args: string[], o: object): Promise<unknown> };
export default { uses: ['exec'], run: (call, target) => target.exec(call.file, call.args, { cwd: call.cwd, signal: call.signal, timeout: call.timeoutMs }) } satisfies Adapter<Helper>;
`;

/**
 * Why childproof cannot be run here as uid 65534, or null when it can: that needs root,
 * setpriv, and a checkout that user may read (one below a home directory of mode 0700 is
 * not). Asked of the system by running node as that user.
 */
function whyNotAsNobody(): string | null {
  if (process.getuid?.() !== 0) return 'only root can run a command as another user';
  if (!fs.existsSync('/usr/bin/setpriv')) return 'setpriv (util-linux) is not installed';
  const probe = `require('fs').accessSync(${JSON.stringify(BIN)}, require('fs').constants.R_OK)`;
  const r = spawnSync('setpriv', ['--reuid', '65534', '--regid', '65534', '--clear-groups', process.execPath, '-e', probe], { stdio: 'ignore' });
  return r.status === 0 ? null : `uid 65534 cannot read this checkout's ${path.relative(path.dirname(path.dirname(BIN)), BIN)}`;
}
const WHY_NOT_NOBODY = whyNotAsNobody();

/**
 * The daemons probe run by `childproof run`, as this user or (`nobody`) as uid 65534 with
 * a cache and a temporary directory of its own: no cgroup to write, no privilege.
 */
async function runDaemons(nobody: boolean) {
  const dir = tempDir('childproof-daemons-');
  const log = path.join(dir, 'daemons.jsonl');
  fs.writeFileSync(path.join(dir, 'exec.mjs'), helper(log));
  fs.writeFileSync(`${log}.sh`, ESCAPE);
  const identity = JSON.parse((await cliIn(dir, 'pin', '--file', 'exec.mjs', '--probe-dir', 'daemons')).stdout).identity;
  writeJson(path.join(dir, 'daemons', 'probe.json'), { name: 'daemons', title: 'daemons', identity, adapter: 'adapter.ts', supports: ['signal', 'timeout', 'exit-status'] });
  fs.writeFileSync(path.join(dir, 'daemons', 'adapter.ts'), ADAPTER);
  const args = ['run', '--probe', 'daemons', '--case', 'core/success', '--out', 'report.json', '--quiet'];
  let run: { code: number; stderr: string };
  if (nobody) {
    for (const d of ['home', 'tmp']) fs.mkdirSync(path.join(dir, d));
    execFileSync('chown', ['-R', '65534:65534', dir]);
    fs.chmodSync(dir, 0o755);
    const { [SUITE_VARIABLE]: mark } = process.env;
    const env = { PATH: process.env.PATH!, HOME: path.join(dir, 'home'), TMPDIR: path.join(dir, 'tmp'), CHILDPROOF_CACHE: path.join(dir, 'home', 'cache'), [SUITE_VARIABLE]: mark! };
    const child = spawn('setpriv', ['--reuid', '65534', '--regid', '65534', '--clear-groups', process.execPath, BIN, ...args], { cwd: dir, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    run = { code: (await exitOf(child)).code ?? -1, stderr };
  } else run = await cliIn(dir, ...args);
  const lines = (f: string) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8').split('\n').filter(Boolean) : []);
  const started = [
    ...lines(log).map((l) => JSON.parse(l) as { what: string; pid: number }),
    ...lines(`${log}.bare`).map((pid) => ({ what: 'double-fork', pid: Number(pid) })),
    ...lines(`${log}.escaped`).map((pid) => ({ what: 'cgroup-escape', pid: Number(pid) })),
  ];
  const report = fs.existsSync(path.join(dir, 'report.json')) ? JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8')) : null;
  return { dir, run, started, report };
}

const daemons = eager(() => runDaemons(false));
const nobodysDaemons = WHY_NOT_NOBODY ? null : eager(() => runDaemons(true));

/** Every daemon gone, each a leftover found by `how` (or any way, where it says null). */
function assertAllEnded({ run, started, report }: Awaited<ReturnType<typeof runDaemons>>, how: Record<string, string | null>): void {
  assert.ok(run.code === 0 || run.code === 1, run.stderr);
  assert.equal(started.map((s) => s.what).sort(), Object.keys(how).sort(), 'every daemon was started');
  const [trial] = report.trials;
  assert.equal(trial.observations.runner.containment, { reaper: 'subreaper' }, 'the trial had its subreaper');
  const leftovers: Array<{ pid: number; how: string; name?: string }> = trial.observations.runner.leftovers;
  for (const s of started) {
    assert.is(processState(s.pid, null), 'exited', `${s.what} (pid ${s.pid}) is gone`);
    const left = leftovers.find((l) => l.pid === s.pid);
    assert.ok(left, `${s.what} (pid ${s.pid}) is a leftover: ${JSON.stringify(leftovers)}`);
    assert.is(left!.name, 'sleep');
    if (how[s.what]) assert.is(left!.how, how[s.what], `${s.what} was found by ${how[s.what]}`);
  }
}

test('a target that starts daemons leaves none running, and the report lists each as a leftover', async () => {
  // A process out of the group with no environment is found by the cgroup where there is
  // one, else by the subreaper; one that also left the cgroup, by the subreaper alone.
  assertAllEnded(await daemons, { setsid: null, detached: null, 'double-fork': AS_ROOT ? 'cgroup' : 'reaper', 'cgroup-escape': 'reaper' });
});

test('a target that leaves daemons fails, on a call that otherwise succeeds: every format names what the harness had to end', async () => {
  const { dir, run, report } = await daemons;
  assert.is(run.code, 1, 'the run is not as expected');
  const [trial] = report.trials;
  assert.is(trial.outcome, 'fail');
  const left = trial.verdicts.find((v: { clause: string }) => v.clause === 'leaves-nothing-running');
  assert.is(left.result, 'fail');
  assert.match(left.why, /^the harness had to end 4 processes once the trial stopped watching: 4 of no role of the case \(sleep; found by /);
  // The terminal's words are the run's own (its line of the trial); the others, the report rendered.
  const shown = [{ format: 'the terminal', text: `${(run as { stdout?: string }).stdout ?? ''}${run.stderr}` }];
  for (const format of ['md', 'html', 'junit', 'github']) shown.push({ format, text: (await cliIn(dir, 'render', 'report.json', '--format', format)).stdout });
  for (const { format, text } of shown) {
    assert.match(text, /had to end 4 processes once the trial stopped watching: 4\s+of no role of the case \(sleep; found by /, `${format} says how many, in what role, found how`);
    if (format !== 'the terminal') assert.match(text, 'leaves-nothing-running', `${format} names the clause`);
  }
});

if (nobodysDaemons) {
  test('as an unprivileged user, a double fork with a cleared environment is still ended and listed, by the subreaper', async () => {
    assertAllEnded(await nobodysDaemons, { setsid: null, detached: null, 'double-fork': 'reaper', 'cgroup-escape': 'reaper' });
  });
} else {
  // Not run as another user: this process runs it as itself, above, without a cgroup where it is no root.
  test(`as an unprivileged user: did not run: ${WHY_NOT_NOBODY}`, () => {
    assert.ok(WHY_NOT_NOBODY);
  });
}

test("a target that ends the trial's subreaper is an error whose trial records containment lost, says so in its reason, and still ends what it can find", async () => {
  const dir = tempDir('childproof-reaper-killed-');
  const log = path.join(dir, 'daemon.pid');
  fs.writeFileSync(
    path.join(dir, 'exec.mjs'),
    `import { spawn } from 'node:child_process';
import fs from 'node:fs';
export function exec() {
  const d = spawn('sleep', ['305'], { stdio: 'ignore', detached: true });
  d.unref();
  fs.writeFileSync(${JSON.stringify(log)}, String(d.pid));
  // The worker's parent is the trial's subreaper: ended from inside the trial.
  process.kill(process.ppid, 'SIGKILL');
  return new Promise(() => {});
}
`,
  );
  const identity = JSON.parse((await cliIn(dir, 'pin', '--file', 'exec.mjs', '--probe-dir', 'killer')).stdout).identity;
  writeJson(path.join(dir, 'killer', 'probe.json'), { name: 'killer', title: 'ends its subreaper', identity, adapter: 'adapter.ts', supports: ['signal', 'timeout', 'exit-status'] });
  fs.writeFileSync(path.join(dir, 'killer', 'adapter.ts'), ADAPTER);
  const run = await cliIn(dir, 'run', '--probe', 'killer', '--case', 'core/success', '--out', 'report.json', '--quiet');
  assert.is(run.code, 1, run.stderr);
  const [trial] = JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8')).trials;
  assert.is(trial.outcome, 'error');
  assert.is(trial.containment.reaper, 'lost');
  assert.match(trial.containment.why, /the trial's subreaper \(pid \d+\) was ended before the trial was: what it held may have escaped/);
  assert.match(trial.reason, /; containment lost: the trial's subreaper .* still found by cgroup, mark or group ended as leftovers/);
  const daemon = Number(fs.readFileSync(log, 'utf8'));
  assert.ok(trial.leftovers.some((l: { pid: number }) => l.pid === daemon), `the daemon, which kept its mark, is a leftover: ${JSON.stringify(trial.leftovers)}`);
  assert.is(processState(daemon, null), 'exited');
});

finish(test);
