// Facts are a pure function of a trial's saved observations: shown here on hand-made ones.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { blindFacts, deriveFacts } from '../../runners/judge/facts.ts';
import { judgeTrial } from '../../runners/judge/kinds/library-judge.ts';
import { buildTimeline, deriveDurations, deriveMemory } from '../../runners/judge/timeline.ts';
import type { CaseSpec } from '../../runners/model/case.ts';
import { finish } from '../support/suite.ts';
import { history, observe, spec } from '../support/observed.ts';
import type { Introspection, RawEvent } from '../../runners/model/observations.ts';

test('a plain abort that settles before the cleanup reads as such', () => {
  const f = deriveFacts(spec, observe(history()));
  assert.is(f.settled, 'rejected');
  assert.is(f['error.code'], 'ABORT_ERR');
  assert.is(f['error.isAbort'], true);
  assert.is(f['child.atSettle'], 'running');
  assert.is(f['child.reapedAtSettle'], false);
  assert.is(f['child.markerAtSettle'], false);
  assert.equal(f['child.signals'], ['SIGTERM']);
  assert.is(f['child.end'], 'exit');
  assert.is(f['descendants.runningAtSettle'], 1);
  assert.is(f['descendants.runningAfterWindow'], 1);
  assert.is(f['parent.timersAfterSettle'], 1);
  assert.is(f['spawn.attempts'], 1);
  assert.is(f.spawned, true);
});

test('a call that never settles leaves every settlement fact unknown', () => {
  const f = deriveFacts(spec, observe(history({ settlement: { kind: 'pending', t: null, error: null }, atSettle: null })));
  assert.is(f.settled, 'pending');
  for (const name of ['error.code', 'child.atSettle', 'child.reapedAtSettle', 'child.markerAtSettle', 'parent.timersAfterSettle'] as const) {
    assert.is(f[name], 'unknown', name);
  }
});

test("a call that returns only after the harness's cap ended its child did not settle, and the cap's kill is the harness's", () => {
  // A synchronous call: it returned, with the child's exit, once the cap had struck.
  const h = history({
    settlement: { kind: 'rejected', t: '9000000', error: { name: 'Error', code: 'ETIMEDOUT', signal: null, exitCode: null, timedOut: null, cause: null, message: 'spawnSync ETIMEDOUT', reasonAt: 'nowhere' } },
    spawns: [{ t: '2000000', file: 'node', command: true, pid: 42, error: null, exit: { t: '9000000', code: null, signal: 'SIGKILL' } }],
    afterWindow: [
      { pid: 42, role: 'child', state: 'exited' },
      { pid: 43, role: 'child.g0', state: 'exited' },
    ],
  });
  h.atSettle!.exitsSeen = [42];
  const events: RawEvent[] = [
    { t: '3100000', pid: 42, kind: 'signal', signal: 'SIGTERM', role: 'child' },
    { t: '8000000', pid: 42, kind: 'cap', role: 'child' },
    { t: '8000001', pid: 43, kind: 'cap', role: 'child.g0' },
  ];
  const f = deriveFacts(spec, observe(h, { events }));
  assert.equal([f.settled, f['error.code'], f['child.reapedAtSettle'], f['child.atSettle']], ['pending', 'unknown', 'unknown', 'unknown']);
  assert.equal(f['child.signals'], ['SIGTERM']);
  assert.is(f['child.end'], 'harness-killed');
  // The grandchild was running until the cap ended it.
  assert.is(f['descendants.runningAfterWindow'], 1);
  // The same return before any cap is a settlement like any other.
  const own = deriveFacts(spec, observe(h, { events: events.slice(0, 1) }));
  assert.equal([own.settled, own['error.code'], own['child.reapedAtSettle'], own['child.signals'], own['descendants.runningAfterWindow']], ['rejected', 'ETIMEDOUT', true, ['SIGTERM', 'SIGKILL'], 0]);
});

/** Every way of looking seen to work, but those named, which were not. */
function sights(blind: Partial<Record<keyof Introspection, string>> = {}): Introspection {
  const one = (k: keyof Introspection) => (blind[k] ? { observed: false as const, reason: blind[k]! } : { observed: true as const, how: 'calibrated' });
  return { abortListeners: one('abortListeners'), timers: one('timers'), modules: one('modules'), spawns: one('spawns'), processes: one('processes') };
}

test('a count the runtime could not be seen to keep is unknown, not the zero its API returned', () => {
  const blind = history({ introspection: sights({ timers: "async_hooks.createHook's init was not called on bun 1.4.4" }) });
  blind.atSettle!.timers = 0;
  const f = deriveFacts(spec, observe(blind));
  assert.is(f['parent.timersAfterSettle'], 'unknown');
  assert.is(f['parent.abortListenersAfterSettle'], 0);
  assert.equal(blindFacts(blind), { 'parent.timersAfterSettle': "async_hooks.createHook's init was not called on bun 1.4.4" });
  // Calibrated, the same zero is a fact.
  const seen = history({ introspection: sights() });
  seen.atSettle!.timers = 0;
  assert.is(deriveFacts(spec, observe(seen))['parent.timersAfterSettle'], 0);
});

test('the verdict on an unobservable fact says why it could not be observed', () => {
  const hygiene: CaseSpec = { ...spec, assertions: [{ clause: 'hygiene', fact: 'parent.timersAfterSettle', equals: 0 }] };
  const judged = judgeTrial(hygiene, observe(history({ introspection: sights({ timers: 'no hook on bun 1.4.4' }) })), []);
  assert.is(judged.outcome, 'unknown');
  assert.match(judged.reason ?? '', /parent\.timersAfterSettle could not be observed: no hook on bun 1\.4\.4; required 0/);
});

test('a worker that could not see spawns or processes makes the trial an error of the harness, not a fact', () => {
  const judged = judgeTrial(spec, observe(history({ introspection: sights({ spawns: 'spawn() bypasses the prototype on x 1.0' }) })), []);
  assert.is(judged.outcome, 'error');
  assert.match(judged.reason ?? '', /could not see spawns: spawn\(\) bypasses the prototype on x 1\.0/);
});

test('a SIGKILL the fixture could not log is read from the exit status the parent saw', () => {
  const h = history({ spawns: [{ t: '2000000', file: 'node', command: true, pid: 42, error: null, exit: { t: '6000000', code: null, signal: 'SIGKILL' } }] });
  const f = deriveFacts(spec, observe(h, { events: [{ t: '3100000', pid: 42, kind: 'signal', signal: 'SIGTERM', role: 'child' }] }));
  assert.equal(f['child.signals'], ['SIGTERM', 'SIGKILL']);
  assert.is(f['child.end'], 'killed');
});

test('a fixture seen gone after logging, with no exit logged or reported, was killed by a signal it could not catch', () => {
  const h = history();
  h.afterWindow = [{ pid: 42, state: 'exited' } as (typeof h.afterWindow)[number]];
  const f = deriveFacts(spec, observe(h, { events: [{ t: '3100000', pid: 42, kind: 'signal', signal: 'SIGTERM', role: 'child' }] }));
  assert.is(f['child.end'], 'killed');
});

test('a child seen gone that never logged (no fixture ran: a shell that exited 127) ended unobserved: unknown, not killed', () => {
  const h = history();
  h.afterWindow = [{ pid: 42, state: 'exited' } as (typeof h.afterWindow)[number]];
  const f = deriveFacts(spec, observe(h, { events: [] }));
  assert.is(f['child.end'], 'unknown');
  assert.equal(f['child.signals'], []);
});

test('a child the runner had to kill ended harness-killed, whatever else was seen', () => {
  const f = deriveFacts(spec, observe(history(), { leftovers: [{ pid: 42, role: 'child', how: 'record' }] }));
  assert.is(f['child.end'], 'harness-killed');
});

test('a child whose exit the target had seen before settling was reaped at settlement', () => {
  const h = history();
  h.atSettle!.exitsSeen = [42];
  assert.is(deriveFacts(spec, observe(h))['child.reapedAtSettle'], true);
});

test('a resolved call has no error facts, and a call with no spawn has no child', () => {
  const h = history({ spawns: [], settlement: { kind: 'resolved', t: '4000000', error: null } });
  const f = deriveFacts(spec, observe(h, { records: [], events: [] }));
  assert.is(f['error.code'], null);
  assert.is(f['error.isAbort'], null);
  assert.is(f['child.atSettle'], 'none');
  assert.is(f['child.end'], 'none');
  assert.is(f.spawned, false);
});

test('a case that keeps its caller running asks nothing about outliving it', () => {
  const f = deriveFacts(spec, observe(history()));
  assert.is(f['child.outlivedCaller'], null);
  assert.is(f['descendants.outlivedCaller'], null);
});

test('what was running when the runner saw the caller gone outlived the caller', () => {
  const exits: CaseSpec = { ...spec, caller: 'exits-on-settle' };
  const gone = observe(history(), {
    afterCaller: {
      t: '4500000',
      processes: [
        { pid: 42, role: 'child', state: 'running' },
        { pid: 43, role: 'child.g0', state: 'exited' },
      ],
      ends: {},
      afterWindow: [],
    },
  });
  const f = deriveFacts(exits, gone);
  assert.is(f['child.outlivedCaller'], true);
  assert.is(f['descendants.outlivedCaller'], 0);
  const timeline = buildTimeline(gone);
  assert.ok(timeline.some((r) => r.source === 'runner' && r.kind === 'caller-gone'));
});

test('a caller that exits on settlement but was never seen gone leaves the facts unknown', () => {
  const f = deriveFacts({ ...spec, caller: 'exits-on-settle' }, observe(history()));
  assert.is(f['child.outlivedCaller'], 'unknown');
  assert.is(f['descendants.outlivedCaller'], 'unknown');
});

test('memory growth is measured from the call to its settlement, and absent if it never settled', () => {
  assert.equal(deriveMemory(observe(history())), { rssAtCallBytes: 50_000_000, rssGrowthBytes: 8_000_000 });
  assert.equal(deriveMemory(observe(history({ rss: { atCall: 1, atSettle: null } }))), { rssAtCallBytes: 1, rssGrowthBytes: null });
});

test('the timeline merges worker and fixture events in clock order, in ms from the start', () => {
  const rows = buildTimeline(observe(history()));
  assert.equal(
    rows.map((r) => r.kind),
    ['start', 'spawn', 'abort', 'signal', 'rejected', 'marker', 'exit'],
  );
  assert.is(rows[0].ms, 0);
  assert.is(rows[rows.length - 1].ms, 4.1);
});

test("the child's end is when it ended, by its own record, not when its parent was told", () => {
  const o = observe(history());
  const told = { ...o, worker: { ...o.worker, spawns: o.worker.spawns.map((s) => ({ ...s, exit: { t: '9100000', code: 0, signal: null } })) } };
  const own = deriveDurations(o).settleToChildEndMs!;
  assert.ok(own > 0);
  // The parent heard of it 4 ms later than the child logged its exit: the child's own time stands.
  assert.is(deriveDurations(told as typeof o).settleToChildEndMs, own);
});

test("a worker on its own clock (off Node, before the mapping) places no fixture or runner event beside its own", () => {
  const o = observe(history());
  // On Node the two clocks are one; off it, only a mapped clock is.
  assert.ok(buildTimeline(o).some((r) => r.source.startsWith('child:')));
  const own = buildTimeline(o, 'Deno 2.9.6');
  assert.equal(own.map((r) => r.kind), ['start', 'spawn', 'abort', 'rejected']);
  assert.is(deriveDurations(o, 'Deno 2.9.6').settleToChildEndMs, null);
  const mapped = { ...o, worker: { ...o.worker, clock: { clock: 'mapped' as const, how: 'test', offsetNs: '0', errorNs: '100' } } };
  assert.equal(buildTimeline(mapped, 'Deno 2.9.6').map((r) => r.kind), ['start', 'spawn', 'abort', 'signal', 'rejected', 'marker', 'exit']);
  const unmapped = { ...o, worker: { ...o.worker, clock: { clock: 'own' as const, reason: 'test' } } };
  assert.equal(buildTimeline(unmapped).map((r) => r.kind), ['start', 'spawn', 'abort', 'rejected']);
});

test("a timeout's trigger is the call's start, so the time from it to settlement is kept", () => {
  const o = observe(history());
  const timeout = { ...o, worker: { ...o.worker, trigger: { kind: 'timeout' as const, t: o.worker.t0, fired: false } } };
  assert.ok(deriveDurations(timeout).triggerToSettleMs !== null);
  assert.ok(buildTimeline(timeout).some((r) => r.kind === 'timeout-start'));
});

finish(test);
