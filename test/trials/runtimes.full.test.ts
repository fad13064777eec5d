// Bun and Deno beside Node: one pinned release of each, installed by the test from its
// registry package as --runtime does, runs every core case against node:child_process's
// spawn; and a sweep over Bun's releases finds the release where a fact changed, with
// --bisect agreeing.

import fs from 'node:fs';
import path from 'node:path';
import * as assert from 'uvu/assert';
import { test } from 'uvu';
import { loadAllCases } from '../../runners/model/load-cases.ts';
import { loadProbes, shippedProbes } from '../../runners/model/load-probes.ts';
import { validate } from '../../runners/model/schemas.ts';
import { plainWords } from '../../runners/report/formats/plain-words.ts';
import { locateRuntimeCode } from '../../runners/identity/runtime-code.ts';
import { loadRuntimeFindings } from '../../runners/model/runtime-findings.ts';
import { cliIn, cliInstalling, tempDir } from '../support/helpers.ts';
import { runInRunner } from '../support/runner-process.ts';
import { eager, finish } from '../support/suite.ts';
import { runtimeInstalled } from '../support/runtimes.ts';
import { publishedReports } from '../support/published.ts';

const CORE = loadAllCases().filter((c) => c.spec.id.startsWith('core/'));

// Inside the eager runs, so a runtime that cannot be fetched fails these tests, not the import.
const onBun = eager(async () => runInRunner({ probes: loadProbes(['node-spawn']), cases: CORE, runtime: await runtimeInstalled('bun@1.4.4') }));
const onDeno = eager(async () => runInRunner({ probes: loadProbes(['node-spawn']), cases: CORE, runtime: await runtimeInstalled('deno@2.9.6') }));

for (const [name, release, run] of [['bun', '1.4.4', onBun], ['deno', '2.9.6', onDeno]] as const) {
  test(`on ${name} ${release} every core case runs, and the report validates and names the runtime and its package`, async () => {
    const report = await run;
    assert.equal(validate('report', report, 'report'), []);
    const runtime = report.environment.runtime!;
    assert.equal([runtime.name, runtime.release, runtime.package?.version], [name, release, release]);
    assert.match(runtime.package!.integrity, /^sha512-/);
    assert.is(report.trials.length, CORE.length);
    // The harness saw what it needed on this runtime: no trial is its error.
    assert.equal(report.trials.filter((t) => t.outcome === 'error').map((t) => `${t.case}: ${t.reason}`), []);
  });

  test(`on ${name} ${release} a count is a fact only where a calibrated way of looking saw it`, async () => {
    const judged = (await run).trials.filter((t) => t.facts);
    assert.ok(judged.length > 0);
    for (const t of judged) {
      const sights = t.observations!.worker!.introspection!;
      for (const [fact, sight] of [['parent.timersAfterSettle', sights.timers], ['parent.abortListenersAfterSettle', sights.abortListeners]] as const) {
        if (!sight.observed) assert.is(t.facts![fact], 'unknown', `${t.case} ${fact}`);
      }
      if (!sights.modules.observed) assert.is(t.unverifiedModules, undefined, t.case);
    }
  });
}

test("on bun 1.4.4 async_hooks never sees a timer, so no trial reports the timers it left as 0", async () => {
  for (const t of (await onBun).trials) {
    if (!t.facts) continue;
    assert.is.not(t.facts['parent.timersAfterSettle'], 0, t.case);
    const timers = t.observations!.worker!.introspection!.timers;
    assert.ok(!timers.observed && /async_hooks.*bun 1\.4\.4/.test(timers.reason), JSON.stringify(timers));
  }
});

test('on deno 2.9.6 the modules a trial loads cannot be listed, and the trial says why instead of listing none', async () => {
  for (const t of (await onDeno).trials) {
    if (!t.observations) continue;
    const modules = t.observations.worker!.introspection!.modules;
    assert.ok(!modules.observed && /deno 2\.9\.6/.test(modules.reason), JSON.stringify(modules));
  }
});

// One clock: every time the worker recorded was moved onto the fixtures' clock, so an
// order that causes fix (a spawn before the process starts, an abort before the signal it
// sends, an exit before the caller sees it) shows on the timeline, within the mapping's
// error; and "appeared N ms later" is bounded by the fixture's own ready-to-marker time.
for (const [name, run] of [['bun', onBun], ['deno', onDeno]] as const) {
  test(`on ${name} every timeline shows what caused what in order, and no sentence's "ms later" exceeds what the fixture's own clock measured`, async () => {
    const trials = (await run).trials.filter((t) => t.observations && t.timeline);
    assert.ok(trials.length > 0);
    let sentences = 0;
    for (const t of trials) {
      const o = t.observations!;
      const clock = o.worker!.clock!;
      assert.is(clock.clock, 'mapped', `${t.case}: ${JSON.stringify(clock)}`);
      const err = clock.clock === 'mapped' ? Number(clock.errorNs) / 1e6 + 0.001 : 0;
      const at = (kind: string, source?: RegExp) => t.timeline!.filter((e) => e.kind === kind && (!source || source.test(e.source))).map((e) => e.ms);
      const first = (xs: number[]) => (xs.length ? Math.min(...xs) : null);
      const spawn = first(at('spawn', /^worker$/));
      const start = first(at('start', /^child:/));
      if (spawn !== null && start !== null) assert.ok(spawn <= start + err, `${t.case}: spawned at ${spawn}, started at ${start}`);
      const abort = first(at('abort'));
      const signal = first(at('signal', /^child:/));
      // Only where the abort is the child's first signal: no timeout of the target's came first.
      const spec = CORE.find((c) => c.spec.id === t.case)!.spec;
      const abortFirst = spec.trigger.kind === 'abort' && (spec.trigger.after ?? 'ready') === 'ready' && spec.call.timeoutMs === undefined;
      if (abort !== null && signal !== null && abortFirst) assert.ok(abort <= signal + err, `${t.case}: aborted at ${abort}, signalled at ${signal}`);
      const logged = first(at('exit', /^child:/));
      const seen = first(at('child-exit'));
      if (logged !== null && seen !== null) assert.ok(logged <= seen + err, `${t.case}: exit logged at ${logged}, seen at ${seen}`);
      const later = /it appeared (\d+) ms later/.exec(plainWords(t));
      if (later) {
        sentences++;
        const ready = first(at('ready', /^child:/))!;
        const marker = first(at('marker', /^child:/))!;
        assert.ok(Number(later[1]) <= Math.round(marker - ready + err), `${t.case}: "${later[0]}", the fixture wrote its marker ${marker - ready} ms after it was ready`);
      }
    }
    assert.ok(sentences > 0, 'some trial says when its cleanup marker appeared');
  });
}

// Citations of a runtime's own code, checked against the binary of the release named.
test("every citation of Bun's or Deno's own code, in the divergences and the runtime findings, quotes text the binary of the published release holds", async () => {
  const published = new Map(publishedReports().flatMap(({ report }) => (report.environment.runtime ? [[report.environment.runtime.name, report.environment.runtime.release] as const] : [])));
  const cites = [
    ...shippedProbes().flatMap((p) => p.explanations.flatMap((e) => e.cites ?? [])),
    ...loadRuntimeFindings().flatMap((f) => f.cites ?? []),
  ].filter((c): c is Extract<typeof c, { runtime: string }> => 'runtime' in c);
  assert.ok(cites.some((c) => c.runtime === 'bun') && cites.some((c) => c.runtime === 'deno'), 'Bun and Deno are both cited');
  for (const c of cites) {
    const rt = await runtimeInstalled(`${c.runtime}@${published.get(c.runtime)}`);
    const found = locateRuntimeCode(c, { name: rt.name, release: rt.release, execPath: rt.execPath });
    assert.ok(!('missing' in found), `${JSON.stringify(c)}: ${'missing' in found ? found.missing : ''}`);
  }
});

test("a report on Deno carries its runtime finding's code as the binary that ran holds it", async () => {
  const finding = loadRuntimeFindings().find((f) => f.runtime.startsWith('deno@'))!;
  const carried = (await onDeno).probes.flatMap((p) => p.explanations ?? []).find((e) => e.why === finding.why);
  assert.ok(carried, 'node-spawn on Deno names the finding');
  for (const c of carried!.cites) assert.ok('quote' in c && c.code?.includes(c.quote), JSON.stringify(c));
});

test('every published report on Node 22 and 24 carries each cited Node function as that release\'s binary holds it', async () => {
  let seen = 0;
  for (const spec of ['node@22.23.5', 'node@24.19.0']) {
    const node = await runtimeInstalled(spec);
    const on = { name: node.name, release: node.release, execPath: node.execPath };
    for (const { file, report } of publishedReports().filter((p) => p.report.environment.runtime?.release === node.release)) {
      for (const c of report.probes.flatMap((p) => p.explanations ?? []).flatMap((e) => e.cites)) {
        if (!('node' in c)) continue;
        seen++;
        const found = locateRuntimeCode(c, on);
        assert.ok(!('missing' in found), `${file}: ${c.function}: ${'missing' in found ? found.missing : ''}`);
        if (!('missing' in found)) assert.equal([c.release, c.lines, c.code], [node.release, found.lines, found.code], `${file}: ${c.function}`);
      }
    }
  }
  assert.ok(seen > 0);
});

// Each runtime's own API, beside the node:child_process probes: Bun.spawn and Deno.Command.
const ownOnBun = eager(async () => runInRunner({ probes: loadProbes(['bun-spawn', 'deno-command']), cases: CORE, runtime: await runtimeInstalled('bun@1.4.4') }));
const ownOnDeno = eager(async () => runInRunner({ probes: loadProbes(['bun-spawn', 'deno-command']), cases: CORE, runtime: await runtimeInstalled('deno@2.9.6') }));
const trial = (report: Awaited<typeof ownOnBun>, probe: string, id: string) => report.trials.find((t) => t.probe === probe && t.case === id)!;

for (const [name, own, other, run] of [['bun', 'bun-spawn', 'deno-command', ownOnBun], ['deno', 'deno-command', 'bun-spawn', ownOnDeno]] as const) {
  test(`${own} runs on ${name} as its known divergences expect, watched through the runtime's own API, and ${other} is not covered there`, async () => {
    const report = await run;
    assert.equal(validate('report', report, 'report'), []);
    assert.ok(report.summary.asExpected, JSON.stringify(report.summary));
    const mine = report.trials.filter((t) => t.probe === own);
    assert.ok(mine.some((t) => t.outcome === 'pass') && mine.some((t) => t.outcome === 'known-fail'), JSON.stringify(mine.map((t) => t.outcome)));
    const spawns = mine.find((t) => t.observations)!.observations!.worker!.introspection!.spawns;
    assert.ok(spawns.observed && spawns.how.includes(name === 'bun' ? 'Bun.spawn' : 'Deno.Command'), JSON.stringify(spawns));
    for (const t of report.trials.filter((t) => t.probe === other)) {
      assert.is(t.outcome, 'unsupported', t.case);
      assert.match(t.reason ?? '', new RegExp(`^runs on ${other === 'bun-spawn' ? 'bun' : 'deno'} `));
    }
  });
}

test('Deno.Command on deno 2.9.6 starts a child whose signal is already aborted and never stops it', async () => {
  const t = trial(await ownOnDeno, 'deno-command', 'core/pre-aborted');
  assert.equal([t.facts!['spawn.attempts'], t.facts!['settled'], t.facts!['child.end']], [1, 'pending', 'harness-killed']);
});

test('Bun.spawn refuses a NaN timeout before asking for a process, so no attempt is counted, but starts one with an Infinity timeout', async () => {
  const report = await ownOnBun;
  const nan = trial(report, 'bun-spawn', 'core/invalid-timeout-nan');
  assert.equal([nan.facts!['spawn.attempts'], nan.facts!['error.code']], [0, 'ERR_OUT_OF_RANGE']);
  assert.is(trial(report, 'bun-spawn', 'core/invalid-timeout-infinity').facts!['spawn.attempts'], 1);
});

// Bun 1.4.0 made an abort after the child's exit resolve, as Node's does (it rejected before).
const sweeps = eager(async () => {
  const dir = tempDir('childproof-runtime-sweep-');
  // The three releases are installed first, each by a command that installs (with the limit
  // every installing command has): the sweep's own bound is then a hang's, not a download's.
  for (const release of ['1.3.13', '1.3.14', '1.4.0']) {
    const installed = await cliInstalling('verify', '--runtime', `bun@${release}`, '--probe', 'node-spawn');
    assert.is(installed.code, 0, installed.stderr);
  }
  const args = ['sweep', '--runtime', 'bun', '--versions', '>=1.3.13 <1.4.1', '--probe', 'node-spawn', '--case', 'core/abort-after-exit'];
  const bisected = await cliIn(dir, ...args, '--bisect', 'settled');
  const swept = await cliIn(dir, ...args, '--out', 'swept', '--publish', 'published');
  return { dir, bisected, swept };
});

test('a sweep over runtime releases and its --bisect agree on the release where a fact changed', async () => {
  const { dir, bisected, swept } = await sweeps;
  assert.is(bisected.code, 0, bisected.stderr);
  assert.match(bisected.stdout, /core\/abort-after-exit settled on Bun: "rejected" before 1\.4\.0, "resolved" from 1\.4\.0/);
  assert.is(swept.code, 0, swept.stderr);
  assert.match(swept.stdout, /core\/abort-after-exit settled: "rejected" in 1\.3\.13–1\.3\.14, "resolved" from 1\.4\.0/);
  // One report per release, each valid and naming its release.
  const files = fs.readdirSync(path.join(dir, 'swept')).filter((f) => f.endsWith('.json')).sort();
  assert.equal(files, ['bun-1.3.13.json', 'bun-1.3.14.json', 'bun-1.4.0.json']);
  for (const f of files) {
    const report = JSON.parse(fs.readFileSync(path.join(dir, 'swept', f), 'utf8'));
    assert.equal(validate('report', report, f), []);
    assert.is(`bun-${report.environment.runtime.release}.json`, f);
  }
  // Published: the page names the change, and a full report is kept where a fact took a new value.
  const published = path.join(dir, 'published', 'node-spawn-on-bun');
  const page = fs.readFileSync(path.join(published, 'README.md'), 'utf8');
  assert.match(page, /^# node-spawn across Bun's releases/);
  assert.match(page, /\| core\/abort-after-exit \| settled \| \["rejected"\]\(bun-1\.3\.13\.json#L\d+\) in 1\.3\.13–1\.3\.14, \["resolved"\]\(bun-1\.4\.0\.json#L\d+\) from 1\.4\.0 \|/);
  assert.match(page, /^### From 1\.4\.0 \(after 1\.3\.14\): \d+ changes?/m);
  assert.match(page, /^\| settled \| `"rejected"` → `"resolved"` \| \d+: \[core\/abort-after-exit\]\(bun-1\.4\.0\.json#L\d+\)/m);
  const kept = fs.readdirSync(published).sort();
  assert.ok(kept.includes('bun-1.3.13.json') && kept.includes('bun-1.4.0.json') && kept.includes('sweep.json'), kept.join(' '));
  const compact = JSON.parse(fs.readFileSync(path.join(published, 'sweep.json'), 'utf8'));
  assert.equal(compact.releases.map((r: { release: string }) => r.release), ['1.3.13', '1.3.14', '1.4.0']);
});

finish(test);
