// The other side of the pipe: childproof's own stdio server and its known-bad variants,
// run as programs whose client goes away, directly and behind a shell or npx. The
// reference passes every server case; each variant fails through the clause it breaks;
// a server that stays is ended by the runner and recorded. The inner loop runs each
// variant on the cases examined here; the full tier runs every one on every server case.

import * as assert from 'uvu/assert';
import { loadAllCases } from '../../runners/model/load-cases.ts';
import type { ServerObservations } from '../../runners/model/observations.ts';
import { finish } from '../support/suite.ts';
import { FULL_TIER } from '../support/tier.ts';
import { trial, trialSuite } from '../support/trials.ts';

const SERVER_CASES = loadAllCases().filter((c) => c.kind === 'server').map((c) => c.spec.id);
const MUTANTS = ['mutant-server-ignores-eof', 'mutant-server-timer', 'mutant-server-never-answers', 'mutant-server-leaves-helper'];
const EXAMINED: Record<string, string[]> = {
  'stdio-reference': SERVER_CASES,
  'mutant-server-ignores-eof': ['server/stdin-closed', 'server/parent-killed-npx', 'server/client-close'],
  'mutant-server-timer': ['server/stdin-closed'],
  'mutant-server-never-answers': ['server/sigterm'],
  'mutant-server-leaves-helper': ['server/stdin-closed'],
};
const servers = trialSuite('servers', FULL_TIER ? ['stdio-reference', ...MUTANTS] : EXAMINED, SERVER_CASES);

const sight = (t: ReturnType<typeof trial>) => (t.observations as ServerObservations).server;

servers('there are server cases for each trigger, directly, behind a shell and behind npx', () => {
  const specs = loadAllCases().filter((c) => c.kind === 'server').map((c) => c.spec);
  assert.equal([...new Set(specs.map((s) => s.trigger.kind))].sort(), ['client-close', 'parent-killed', 'signal', 'stdin-closed']);
  assert.equal([...new Set(specs.map((s) => s.server!.launcher ?? 'none'))].sort(), ['none', 'npx', 'shell']);
});

servers('the reference server passes every server case, answering, exiting and leaving nothing', (ctx) => {
  for (const id of SERVER_CASES) {
    const t = trial(ctx, 'stdio-reference', id);
    assert.is(t.outcome, 'pass', `${id}: ${t.reason}`);
    assert.equal(t.leftovers, [], id);
  }
});

servers('each variant fails through the clause it breaks', (ctx) => {
  const breaks: Record<string, string> = {
    'mutant-server-ignores-eof': 'exits-with-client',
    'mutant-server-timer': 'exits-with-client',
    'mutant-server-never-answers': 'answers-handshake',
    'mutant-server-leaves-helper': 'leaves-no-descendants',
  };
  for (const [probe, clause] of Object.entries(breaks)) {
    const failed = ctx.run.trials.filter((t) => t.probe === probe && t.verdicts?.some((v) => v.clause === clause && v.result === 'fail'));
    assert.ok(failed.length > 0, `${probe} is caught through ${clause}`);
  }
});

servers('a server that ignores the end of its input is still running after the window, and the runner ends it as a finding', (ctx) => {
  const t = trial(ctx, 'mutant-server-ignores-eof', 'server/stdin-closed');
  assert.is(t.facts!['server.exited'], false);
  assert.is(t.facts!['server.end'], null);
  const started = sight(t).started.pid;
  // Ended by the runner after the window, and said so: proven the trial's by cgroup or mark.
  assert.ok(t.leftovers!.some((l) => l.pid === started && (l.how === 'cgroup' || l.how === 'mark' || l.how === 'group')), JSON.stringify(t.leftovers));
});

servers("a killed client takes the server's exit status with it, and a signalled one sees it", (ctx) => {
  assert.is(trial(ctx, 'stdio-reference', 'server/parent-killed').facts!['server.end'], 'unknown');
  assert.is(trial(ctx, 'stdio-reference', 'server/sigterm').facts!['server.end'], 'killed by SIGTERM');
  assert.is(trial(ctx, 'stdio-reference', 'server/stdin-closed').facts!['server.end'], 'exited 0');
});

servers('behind npx the client started npm, which started a shell, which started the server: all three are watched', (ctx) => {
  const tree = sight(trial(ctx, 'stdio-reference', 'server/parent-killed-npx')).tree;
  assert.ok(tree.length >= 2, JSON.stringify(tree));
  assert.ok(tree.every((p) => p.gone !== null), 'every one of them was seen gone');
  // The variant that ignores its input keeps npm and the shell waiting on it too.
  const kept = trial(ctx, 'mutant-server-ignores-eof', 'server/parent-killed-npx');
  assert.is(kept.facts!['server.exited'], false);
  assert.ok((kept.facts!['server.descendantsAfterWindow'] as number) >= 1);
  assert.is(kept.facts!['server.reparented'], true, 'the killed client left them to init');
});

servers('a server that never answers still meets its trigger, and its silence is the fact', (ctx) => {
  const t = trial(ctx, 'mutant-server-never-answers', 'server/sigterm');
  assert.is(t.facts!['server.answered'], false);
  assert.is(t.facts!['server.exited'], true);
  assert.is(sight(t).handshake!.answered, null);
});

servers("a helper the server leaves behind is counted after the window, however it was detached", (ctx) => {
  const t = trial(ctx, 'mutant-server-leaves-helper', 'server/stdin-closed');
  assert.is(t.facts!['server.exited'], true);
  assert.is(t.facts!['server.descendantsAfterWindow'], 1);
  assert.is(t.leftovers!.length, 1);
});

servers("the MCP SDK's client, closing, ends a server that ignores its input as that release does: with SIGTERM once its wait is over", (ctx) => {
  const t = trial(ctx, 'mutant-server-ignores-eof', 'server/client-close');
  assert.is(t.outcome, 'pass');
  assert.is(t.facts!['server.end'], 'killed by SIGTERM');
  assert.is(sight(t).client, '@modelcontextprotocol/sdk 1.32.2', 'the client is named with its version');
  assert.is(trial(ctx, 'stdio-reference', 'server/client-close').facts!['server.end'], 'exited 0');
});

finish(servers);
