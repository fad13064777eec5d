// A server whose readiness is a line on stdout rather than MCP: one that announces itself
// and leaves at the end of its input passes, one that never announces itself is
// unanswered, and still meets its trigger.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadCase } from '../../runners/model/load-cases.ts';
import { loadProbeDir } from '../../runners/model/load-probes.ts';
import { CASES_DIR } from '../../runners/model/paths.ts';
import { cli, tempDir, writeJson } from '../support/helpers.ts';
import { runInRunner } from '../support/runner-process.ts';
import { eager, finish } from '../support/suite.ts';

const SERVER = `// Announces itself once listening, and leaves when its input ends.
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
setTimeout(() => process.stdout.write(process.argv[2] === 'quiet' ? 'no newline' : 'listening on stdio\\n'), 10);
`;

const run = eager(async () => {
  const root = tempDir();
  fs.writeFileSync(path.join(root, 'server.mjs'), SERVER);
  const probes = [];
  for (const [name, args] of [['announces', ''], ['quiet', ' quiet']]) {
    const made = await cli('init', path.join(root, name), '--file', path.join(root, 'server.mjs'), '--command', `${path.join(root, 'server.mjs')}${args}`, '--name', name);
    assert.is(made.code, 0, made.stderr);
    probes.push(loadProbeDir(path.join(root, name)));
  }
  const spec = JSON.parse(fs.readFileSync(path.join(CASES_DIR, 'server', 'stdin-closed.case.json'), 'utf8'));
  fs.mkdirSync(path.join(root, 'cases', 'server'), { recursive: true });
  const file = writeJson(path.join(root, 'cases', 'server', 'stdin-closed.case.json'), { ...spec, server: { handshake: 'line', readyMs: 1000 } });
  return runInRunner({ probes, cases: [loadCase(file, path.join(root, 'cases'))] });
});

test('a server that writes a line once ready passes, its line taken as its answer', async () => {
  const t = (await run).trials.find((x) => x.probe === 'announces')!;
  assert.is(t.outcome, 'pass', t.reason);
  assert.is(t.facts!['server.answered'], true);
  assert.ok(t.timeline!.some((e) => e.kind === 'first-line'));
});

test('one that never ends a line is unanswered, and is still taken away from', async () => {
  const t = (await run).trials.find((x) => x.probe === 'quiet')!;
  assert.is(t.outcome, 'fail');
  assert.is(t.facts!['server.answered'], false);
  assert.is(t.facts!['server.exited'], true);
});

finish(test);
