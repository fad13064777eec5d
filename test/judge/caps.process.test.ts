// No timer of the harness's decides an outcome. A fixture's or a server's own lifetime cap
// is a guard against a leak, should the harness crash: it lies far beyond any window it
// could be judged in, and a trial in which one struck anyway (a machine loaded past any
// margin) is an error that says so, never a verdict.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { judgeTrial } from '../../runners/judge/kinds/library-judge.ts';
import { DEFAULT_DEADLINE_MS, DEFAULT_READY_MS } from '../../runners/model/case.ts';
import { fixtureCapMs } from '../../runners/engine/kinds/library-trial.ts';
import { loadAllCases } from '../../runners/model/load-cases.ts';
import { ROOT } from '../../runners/model/paths.ts';
import { cliIn, tempDir, writeJson } from '../support/helpers.ts';
import { history, observe, spec } from '../support/observed.ts';
import { concurrent, finish } from '../support/suite.ts';

const PROBES = path.join(ROOT, 'probes');
const probeFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? probeFiles(p) : e.name === 'probe.json' ? [p] : [];
  });

test("every probe's own cap lies at least ten times beyond the longest span a server case judges it in", () => {
  const serverCases = loadAllCases().filter((c) => c.spec.server);
  assert.ok(serverCases.length > 0);
  let capped = 0;
  for (const file of probeFiles(PROBES)) {
    const probe = JSON.parse(fs.readFileSync(file, 'utf8'));
    const args: string[] = probe.command?.args ?? [];
    const at = args.indexOf('--cap');
    if (at < 0) continue;
    capped++;
    // From the program's start to the end of the window: its wait to be ready, then the window.
    const longest = Math.max(...serverCases.map((c) => (probe.command.readyMs ?? c.spec.server!.readyMs ?? DEFAULT_READY_MS) + c.spec.windowMs));
    assert.ok(Number(args[at + 1]) >= 10 * longest, `${path.relative(ROOT, file)}: --cap ${args[at + 1]} is less than ten times ${longest} ms`);
  }
  assert.ok(capped >= 5, 'the reference server and its mutants each set a cap');
});

test("every library case's fixtures cap themselves ten windows, and at least 5 s, past the latest moment the case judges them", () => {
  const libraryCases = loadAllCases().filter((c) => !c.spec.server);
  assert.ok(libraryCases.length > 0);
  for (const { spec: c } of libraryCases) {
    const judgedUntil = (c.deadlineMs ?? DEFAULT_DEADLINE_MS) + c.windowMs;
    assert.ok(fixtureCapMs(c) - judgedUntil >= Math.max(5_000, 10 * c.windowMs), `${c.id}: cap ${fixtureCapMs(c)} ms`);
  }
});

const atSettleCounts = (n: number) => history({ atSettle: { ...history().atSettle!, events: { '42': n } }, eventsAtWatchEnd: { '42': 2 } });
const CAPPED = [
  { t: '3100000', pid: 42, kind: 'signal', signal: 'SIGTERM', role: 'child' },
  { t: '5000000', pid: 42, kind: 'cap', role: 'child' },
];

test("a fixture's cap that struck after the call settled and before the window ended makes the trial an error, not a verdict", () => {
  const judged = judgeTrial(spec, observe(atSettleCounts(1), { events: CAPPED }), []);
  assert.is(judged.outcome, 'error');
  assert.match(judged.reason ?? '', /the fixture's own cap ended it, not the target: pid 42 \(child\)/);
});

test('a cap that struck before the call settled is the harness ending a blocked call: the call never settled, a verdict', () => {
  const judged = judgeTrial(spec, observe(atSettleCounts(2), { events: CAPPED }), []);
  assert.is.not(judged.outcome, 'error', judged.reason);
  assert.is('facts' in judged && judged.facts.settled, 'pending');
});

test('a process its own cap ended after the watch, before the runner could sweep it, is one the harness had to end', () => {
  // The grandchild logged two events by the end of the watch, then its cap: the runner,
  // held up past the cap's margin, found nothing left to end.
  const events = [{ t: '100000', pid: 43, kind: 'start', role: 'child.g0' }, { t: '200000', pid: 43, kind: 'ready', role: 'child.g0' }, { t: '30000000', pid: 43, kind: 'cap', role: 'child.g0' }];
  const watched = history({ atSettle: { ...history().atSettle!, events: { '43': 2 } }, eventsAtWatchEnd: { '43': 2 } });
  const leaves = { ...spec, assertions: [...spec.assertions, { clause: 'leaves-nothing-running' as const, fact: 'runner.leftovers' as const, equals: 0 }] };
  const judged = judgeTrial(leaves, observe(watched, { events }), []);
  assert.is('facts' in judged && judged.facts['runner.leftovers'], 1);
  assert.ok('verdicts' in judged && judged.verdicts.some((v) => v.clause === 'leaves-nothing-running' && v.result === 'fail'), judged.reason);
  // And the check can fail: the same cap counted by the end of the watch is the window's (an error, above), not a leftover.
  const inWindow = judgeTrial(spec, observe(history({ atSettle: { ...history().atSettle!, events: { '43': 2 } }, eventsAtWatchEnd: { '43': 3 } }), { events }), []);
  assert.is('facts' in inWindow && inWindow.facts['runner.leftovers'], 0);
});

concurrent(test, "a server whose own cap strikes within the trial's window gives an error that says so, not a verdict", async () => {
  const dir = tempDir('childproof-capped-');
  const probe = path.join(dir, 'capped');
  // The mutant that ignores the end of its input, with a cap that falls inside the window.
  writeJson(path.join(probe, 'probe.json'), {
    $schema: path.relative(probe, path.join(ROOT, 'schemas', 'probe.schema.json')),
    name: 'capped-server',
    title: 'The reference server ignoring the end of its input, with a cap of 2 s',
    extends: path.relative(probe, path.join(PROBES, 'stdio-reference')),
    command: { file: 'stdio-server.mjs', args: ['--mode', 'ignores-eof', '--cap', '2000'] },
  });
  const out = path.join(dir, 'report.json');
  const run = await cliIn(dir, 'run', '--probe', probe, '--case', 'server/stdin-closed', '--out', out, '--quiet');
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  const [trial] = report.trials;
  assert.is(trial.outcome, 'error', `${run.stdout}${run.stderr}`);
  assert.match(trial.reason, /killed by SIGKILL/);
  assert.is(trial.verdicts, undefined, 'no verdict rests on the cap');
});

finish(test);
