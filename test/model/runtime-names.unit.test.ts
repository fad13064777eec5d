// How a runtime is named on the command line and in a report: pure, no runtime installed.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { InputError } from '../../runners/model/errors.ts';
import { parseRuntimeSpec, runtimeFlag, runtimeKey, runtimeText } from '../../runners/model/runtime-spec.ts';
import { classify } from '../../runners/judge/outcome.ts';
import { divergencesOn, scopeCovers } from '../../runners/judge/scope.ts';
import type { Report } from '../../runners/model/report-types.ts';
import type { KnownDivergence } from '../../runners/model/probe.ts';
import { divergencesFrom, newHangs } from '../../runners/report/bless-divergences.ts';
import { withRuntimeOptions } from '../../runners/engine/prepare.ts';
import { runtimeUnsupported } from '../../runners/identity/target-fit.ts';
import { loadProbe } from '../../runners/model/load-probes.ts';
import { finish } from '../support/suite.ts';

test('a runtime is named with a release or an npm range after @, and Bun or Deno alone means the latest', () => {
  assert.equal(parseRuntimeSpec('bun@1.4.4'), { name: 'bun', range: '1.4.4' });
  assert.equal(parseRuntimeSpec('deno@>=2.1 <2.3'), { name: 'deno', range: '>=2.1 <2.3' });
  assert.equal(parseRuntimeSpec('deno'), { name: 'deno', range: 'latest' });
  assert.equal(parseRuntimeSpec('node@24'), { name: 'node', range: '24' });
  // Node alone is the host's own; a bare version is Node's, as --node takes it.
  assert.equal(parseRuntimeSpec('node'), { name: 'node', range: null });
  assert.equal(parseRuntimeSpec('22.1'), { name: 'node', range: '22.1' });
});

test('an unknown runtime or an empty release is an input error that names the flag', () => {
  for (const bad of ['python@3', 'bun@', '@1.0']) {
    assert.throws(() => parseRuntimeSpec(bad), (e: unknown) => e instanceof InputError && /--runtime expects node, bun or deno/.test(e.message), bad);
  }
});

test('a report names its runtime by name and release, and one made before runtimes could be chosen ran on its Node', () => {
  const bun = { node: 'v26.3.0', runtime: { name: 'bun' as const, release: '1.4.4' } };
  assert.equal([runtimeKey(bun), runtimeText(bun), runtimeFlag(bun)], ['bun-1.4.4', 'Bun 1.4.4', '--runtime bun@1.4.4']);
  const old = { node: 'v20.20.2' };
  assert.equal([runtimeKey(old), runtimeText(old), runtimeFlag(old)], ['node-v20.20.2', 'Node v20.20.2', '--node 20.20.2']);
});

test('a divergence holds where its scope says: unscoped on Node, a runtime with or without a range of releases', () => {
  const bun144 = { name: 'bun', release: '1.4.4' };
  assert.ok(scopeCovers(undefined, { name: 'node', release: '20.20.2' }));
  assert.not.ok(scopeCovers(undefined, bun144));
  assert.ok(scopeCovers('bun', bun144));
  assert.ok(scopeCovers('bun@>=1.2 <1.5', bun144));
  assert.not.ok(scopeCovers('bun@1.4.5', bun144));
  assert.not.ok(scopeCovers('deno@2', bun144));
  const known = [
    { case: 'core/a', fact: 'settled' as const, value: 'pending', why: 'node' },
    { case: 'core/a', fact: 'settled' as const, value: 'pending', why: 'bun', runtime: 'bun@>=1.4' },
  ];
  assert.equal(divergencesOn(known, { node: 'v26.3.0', runtime: bun144 as { name: 'bun'; release: string } }).map((k) => k.why), ['bun']);
  assert.equal(divergencesOn(known, { node: 'v20.20.2' }).map((k) => k.why), ['node']);
});

/** A report of one trial of probe p on core/a whose one verdict failed with `value`. */
function blessable(env: Report['environment'], value: string): Report {
  const verdict = { clause: 'settles-after-exit' as const, fact: 'settled' as const, observed: value, result: 'fail' as const, why: `settled was ${value}` };
  return { environment: env, trials: [{ probe: 'p', case: 'core/a', outcome: 'fail', verdicts: [verdict] }] } as unknown as Report;
}

test('bless on Bun writes the runtime and release it saw and keeps what was blessed on Node', () => {
  const onNode = [{ case: 'core/a', fact: 'settled' as const, value: 'rejected', why: 'on node' }];
  const bun = { node: 'v26.3.0', v8: '', platform: 'linux', release: '', arch: 'x64', cpus: 2, runtime: { name: 'bun' as const, release: '1.4.4', sha256: '0'.repeat(64) } };
  const out = divergencesFrom([blessable(bun, 'pending')], 'p', (s) => s, onNode);
  assert.equal(out, [
    { case: 'core/a', fact: 'settled', value: 'rejected', why: 'on node' },
    { case: 'core/a', fact: 'settled', value: 'pending', why: 'settled was pending', runtime: 'bun@1.4.4' },
  ]);
  // Blessed again on Node, the Bun signature stays and Node's own is replaced.
  const node = { ...bun, node: 'v20.20.2', runtime: { name: 'node' as const, release: '20.20.2', sha256: '0'.repeat(64) } };
  const again = divergencesFrom([blessable(node, 'resolved')], 'p', (s) => s, out);
  assert.equal(again.map((k) => [k.value, k.runtime]), [['pending', 'bun@1.4.4'], ['resolved', undefined]]);
});

test('bless on another release of the same runtime widens the scope of what it saw again, and keeps the rest as scoped', () => {
  const env = (release: string) => ({ node: 'v26.3.0', v8: '', platform: 'linux', release: '', arch: 'x64', cpus: 2, runtime: { name: 'bun' as const, release, sha256: '0'.repeat(64) } });
  const known = [
    { case: 'core/a', fact: 'settled' as const, value: 'pending', why: 'written by hand', runtime: 'bun@1.4.4' },
    { case: 'core/a', fact: 'settled' as const, value: 'rejected', why: 'on node' },
  ];
  const out = divergencesFrom([blessable(env('1.4.5'), 'pending')], 'p', (s) => s, known);
  const byValue = (ks: KnownDivergence[]) => [...ks].sort((a, b) => String(a.value).localeCompare(String(b.value)));
  assert.equal(byValue(out), [
    { case: 'core/a', fact: 'settled', value: 'pending', why: 'written by hand', runtime: 'bun@1.4.4 || 1.4.5' },
    { case: 'core/a', fact: 'settled', value: 'rejected', why: 'on node' },
  ]);
  assert.ok(scopeCovers(byValue(out)[0].runtime, { name: 'bun', release: '1.4.5' }) && !scopeCovers(out[0].runtime, { name: 'bun', release: '1.4.3' }));
  // A value the new release does not show keeps its old scope, beside the new one.
  const changed = divergencesFrom([blessable(env('1.4.6'), 'resolved')], 'p', (s) => s, out);
  assert.equal(byValue(changed).map((k) => [k.value, k.runtime]), [['pending', 'bun@1.4.4 || 1.4.5'], ['rejected', undefined], ['resolved', 'bun@1.4.6']]);
});

test('a known divergence that no longer shows on another runtime names the runtime and release', () => {
  const verdicts = [{ clause: 'settles-after-exit' as const, fact: 'settled' as const, observed: 'rejected', result: 'pass' as const, why: '' }];
  const { outcome, reason } = classify(verdicts, [{ case: 'core/a', fact: 'settled', value: 'pending', why: 'it hung', runtime: 'bun@1.4.4' }], 'Bun 1.4.5');
  assert.is(outcome, 'unexpected-pass');
  assert.match(reason ?? '', /is now "rejected" on Bun 1\.4\.5 \(known divergence: it hung\)/);
});

test("a probe of Bun's or Deno's own API is not covered on another runtime, and says which runtime to run it on", () => {
  const bun = loadProbe('bun-spawn');
  assert.is(runtimeUnsupported(bun, { name: 'bun', release: '1.4.4' }), null);
  assert.is(runtimeUnsupported(bun, { name: 'node', release: '20.20.2' }), 'runs on bun (the trials run on Node 20.20.2): run with --runtime bun');
  assert.match(runtimeUnsupported(loadProbe('deno-command'), { name: 'bun', release: '1.4.4' })!, /^runs on deno \(the trials run on Bun 1\.4\.4\)/);
  // node:child_process runs everywhere: a probe that declares nothing runs on all three.
  for (const name of ['node', 'bun', 'deno'] as const) assert.is(runtimeUnsupported(loadProbe('node-spawn'), { name, release: '1.0.0' }), null);
  // Bun's namespace is Bun's alone even where a probe forgets to say so.
  const undeclared = { ...bun, spec: { ...bun.spec, runtimes: undefined } };
  assert.match(runtimeUnsupported(undeclared, { name: 'deno', release: '2.9.6' })!, /^runs on bun/);
});

test('byRuntime lays its options over the probe\'s own only where the trials run on the runtime and release it names', () => {
  const base = loadProbe('node-spawn');
  const probe = { ...base, spec: { ...base.spec, options: { a: 1, b: 1 }, byRuntime: [{ runtime: 'bun@>=1.4', options: { b: 2 } }, { runtime: 'deno', options: { c: 3 } }] } };
  assert.equal(withRuntimeOptions(probe, { name: 'bun', release: '1.4.4' }).spec.options, { a: 1, b: 2 });
  assert.equal(withRuntimeOptions(probe, { name: 'bun', release: '1.3.14' }).spec.options, { a: 1, b: 1 });
  assert.equal(withRuntimeOptions(probe, { name: 'deno', release: '2.9.6' }).spec.options, { a: 1, b: 1, c: 3 });
  assert.equal(withRuntimeOptions(probe, { name: 'node', release: '20.20.2' }).spec.options, { a: 1, b: 1 });
});

test('bless names a hang it accepts on a release where none was known, and no other', () => {
  const hang = (runtime?: string) => ({ case: 'core/a', fact: 'settled' as const, value: 'pending', why: 'w', ...(runtime ? { runtime } : {}) });
  assert.equal(newHangs([], [hang('bun@1.4.5')]).map((k) => k.runtime), ['bun@1.4.5']);
  assert.equal(newHangs([hang('bun@1.4.5')], [hang('bun@1.4.5')]), []);
  assert.equal(newHangs([hang('bun@1.4.5')], [hang('bun@1.4.5 || 1.4.4')]).length, 1);
  assert.equal(newHangs([hang('bun@1.4.5 || 1.4.4')], [hang('bun@1.4.5 || 1.4.4')]), []);
  assert.equal(newHangs([hang()], [hang(), hang('deno@2.9.6')]).map((k) => k.runtime), ['deno@2.9.6']);
});

finish(test);
