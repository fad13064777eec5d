// Each library probe end to end, on real processes: the cooperative, ignores-SIGTERM and
// hung-handshake cases. Where a library's documentation promises a fact, the test holds
// it to that; where it promises nothing, the test only requires that the fact was seen.

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runtimeFor } from '../../runners/identity/runtime.ts';
import type { FactName } from '../../runners/model/case.ts';
import { loadAllCases } from '../../runners/model/load-cases.ts';
import { loadProbes } from '../../runners/model/load-probes.ts';
import type { Report, TrialResult } from '../../runners/model/report-types.ts';
import { runInRunner } from '../support/runner-process.ts';
import { eager, finish } from '../support/suite.ts';
import { runtimeInstalled } from '../support/runtimes.ts';
import { AS_RECORDED } from '../support/trials.ts';

const LIBRARIES = ['execa', 'execa10', 'tinyexec', 'nano-spawn', 'zx', 'zx-nothrow', 'cross-spawn', 'mcp-sdk', 'mcp-sdk-close', 'ai-sdk-mcp'];
const CASES = ['core/cooperative-abort', 'core/ignores-sigterm-abort', 'core/mcp-handshake-abort'];
const NEEDS_NODE_22 = ['execa10', 'ai-sdk-mcp'];
const onNode22 = Number(process.versions.node.split('.')[0]) >= 22;

type Run = Pick<Report, 'probes' | 'trials'>;

const libraries = suite<{ run: Run }>('libraries', { run: { probes: [], trials: [] } });

const run = eager(() => runInRunner({ probes: loadProbes(LIBRARIES), cases: loadAllCases().filter((c) => CASES.includes(c.spec.id)) }));

libraries.before(async (ctx) => {
  ctx.run = await run;
});

function trial(ctx: { run: Run }, probe: string, id: string): TrialResult {
  const t = ctx.run.trials.find((r) => r.probe === probe && r.case === id);
  if (!t) throw new Error(`no trial ${probe} ${id}`);
  return t;
}

libraries('every library trial comes out as its probe records', (ctx) => {
  assert.is(ctx.run.trials.length, LIBRARIES.length * CASES.length);
  const surprises = ctx.run.trials.filter((t) => !['pass', 'known-fail', 'unsupported'].includes(t.outcome));
  assert.equal(surprises.map((t) => `${t.probe} ${t.case}: ${t.outcome}: ${t.reason}`), []);
});

libraries('a library that needs a newer Node is unsupported here, with the command that runs it', (ctx) => {
  for (const probe of NEEDS_NODE_22) {
    const t = trial(ctx, probe, 'core/cooperative-abort');
    if (onNode22) assert.is.not(t.outcome, 'unsupported', probe);
    else {
      assert.is(t.outcome, 'unsupported', probe);
      assert.match(t.reason!, /needs Node >=22 \(the trials run on v\d+\.\d+\.\d+\): run with --node 22/);
    }
  }
});

libraries("execa terminates with SIGTERM, then SIGKILL after forceKillAfterDelay's default, as documented", (ctx) => {
  assert.equal(trial(ctx, 'execa', 'core/cooperative-abort').facts!['child.signals'], ['SIGTERM']);
  const ignored = trial(ctx, 'execa', 'core/ignores-sigterm-abort').facts!;
  assert.equal(ignored['child.signals'], ['SIGTERM', 'SIGKILL']);
  assert.is(ignored.settled, 'rejected');
});

libraries("libraries that pass the signal to Node's spawn stop the child with SIGTERM, as Node documents", (ctx) => {
  for (const probe of ['tinyexec', 'nano-spawn', 'cross-spawn']) {
    const facts = trial(ctx, probe, 'core/cooperative-abort').facts!;
    assert.equal((facts['child.signals'] as string[])[0], 'SIGTERM', probe);
  }
});

const SEEN_AT_SETTLE: FactName[] = ['child.atSettle', 'child.reapedAtSettle', 'parent.abortListenersAfterSettle', 'parent.timersAfterSettle', 'error.isAbort'];

libraries('where the documentation promises nothing (zx, the MCP transports), every fact was observed', (ctx) => {
  for (const probe of ['zx', 'zx-nothrow', 'mcp-sdk', 'mcp-sdk-close']) {
    for (const id of CASES) {
      const facts = trial(ctx, probe, id).facts!;
      assert.ok(facts, `${probe} ${id} has facts`);
      assert.is.not(facts['child.end'], 'unknown', `${probe} ${id} child.end`);
      if (facts.settled === 'pending') continue;
      for (const name of SEEN_AT_SETTLE) assert.is.not(facts[name], 'unknown', `${probe} ${id} ${name}`);
    }
  }
});

libraries('an MCP server hung at the handshake is ended by the runner when the transport leaves it, and that is recorded', (ctx) => {
  for (const probe of ['mcp-sdk', 'mcp-sdk-close']) {
    const t = trial(ctx, probe, 'core/mcp-handshake-abort');
    const ended = t.facts!['child.end'];
    if (ended === 'harness-killed') assert.ok(t.leftovers!.some((l) => l.role === 'child'), probe);
    else assert.equal(t.leftovers, [], probe);
  }
});

// Inside the eager run, so a Node that cannot be fetched fails this test, not the import.
const onNode24 = eager(async () => {
  const runtime = await runtimeInstalled('24.19.0');
  const run = await runInRunner({ probes: loadProbes(['execa10', 'node-execfile', 'ai-sdk-mcp']), cases: loadAllCases().filter((c) => c.spec.id === 'core/cooperative-abort'), runtime });
  return { runtime, run };
});

libraries('--node runs the trials on another Node release, where a library that needs it is supported', async () => {
  const { runtime, run } = await onNode24;
  assert.is(runtime.version, 'v24.19.0');
  const execa10 = run.trials.find((t) => t.probe === 'execa10')!;
  assert.is(execa10.outcome, 'pass', execa10.reason);
  assert.equal(execa10.facts!['child.signals'], ['SIGTERM']);
  // A scoped package whose dependencies share its scope (@ai-sdk/mcp needs
  // @ai-sdk/provider-utils) loads from its verified copy, with no loader hooks.
  const aiSdk = run.trials.find((t) => t.probe === 'ai-sdk-mcp')!;
  assert.ok(AS_RECORDED.includes(aiSdk.outcome), `${aiSdk.outcome}: ${aiSdk.reason}`);
  const builtin = run.probes.find((p) => p.name === 'node-execfile')!.verified!;
  assert.is(builtin.node, 'v24.19.0');
  assert.is(builtin.nodeSha256, runtime.sha256);
  assert.is.not(runtime.sha256, runtimeFor(undefined).sha256);
});

finish(libraries);
