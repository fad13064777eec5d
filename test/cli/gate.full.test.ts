// The maintainer's gate, as docs/examples/childproof.yml ships it: its `npx childproof`
// steps, run as written in a project of the maintainer's whose helper was blessed with
// one defect and then changed to fix it and bring another. Every annotation of a trial
// lands on a line of the project's own files, the regression before the fix, and the
// run's closing line leads with the regression. npm ci and the actions are the CI's.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, shellInRunning, tempDir } from '../support/helpers.ts';
import { eager, finish } from '../support/suite.ts';

const WORKFLOW = path.join(ROOT, 'docs', 'examples', 'childproof.yml');

/** The `run:` lines of one job of the workflow, in order. */
function jobSteps(yaml: string, job: string): string[] {
  const lines = yaml.split('\n');
  const start = lines.findIndex((l) => l === `  ${job}:`);
  assert.ok(start >= 0, `the workflow has a job ${job}`);
  const end = lines.findIndex((l, i) => i > start && /^ {2}\S/.test(l));
  return lines.slice(start, end < 0 ? undefined : end).flatMap((l) => /^\s+(?:- )?run: (.+)$/.exec(l)?.[1] ?? []);
}

/** The reference helper with one change: `from` replaced by `to` (the line must be there). */
function helper(from: string, to: string): string {
  const text = fs.readFileSync(path.join(ROOT, 'probes', 'reference', 'stoppable-exec.ts'), 'utf8');
  assert.ok(text.includes(from), from);
  return text.replace(from, to);
}
// Blessed with: a stop never escalates to SIGKILL. Then: that fixed, and a failed command resolves.
const NO_ESCALATION = ["mutation !== 'no-escalation'", 'false'] as const;
const RESOLVES_FAILED = ["code === 0 || mutation === 'resolves-failed-command'", 'code === 0 || true'] as const;

/** A project with childproof installed as a development dependency is, and its probe of src/exec.ts blessed. */
const project = eager(async () => {
  const dir = path.join(tempDir('childproof-gate-'), 'project');
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'node_modules', '.bin'), { recursive: true });
  fs.symlinkSync(ROOT, path.join(dir, 'node_modules', 'childproof'));
  fs.symlinkSync(path.join('..', 'childproof', 'bin', 'childproof.mjs'), path.join(dir, 'node_modules', '.bin', 'childproof'));
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "private": true, "devDependencies": { "childproof": "*" } }\n');
  fs.writeFileSync(path.join(dir, 'src', 'exec.ts'), helper(...NO_ESCALATION));
  const pinned = await shellInRunning(dir, 'npx childproof pin --file src/exec.ts --probe-dir childproof');
  assert.is(pinned.code, 0, pinned.stderr);
  const reference = JSON.parse(fs.readFileSync(path.join(ROOT, 'probes', 'reference', 'probe.json'), 'utf8'));
  fs.mkdirSync(path.join(dir, 'childproof'));
  fs.writeFileSync(path.join(dir, 'childproof', 'probe.json'), JSON.stringify({ name: 'childproof', title: "the project's exec helper", identity: JSON.parse(pinned.stdout).identity, adapter: 'adapter.ts', supports: reference.supports }, null, 2));
  const adapter = fs.readFileSync(path.join(ROOT, 'probes', 'reference', 'adapter.ts'), 'utf8').replaceAll('./stoppable-exec.ts', '../src/exec.ts');
  fs.writeFileSync(path.join(dir, 'childproof', 'adapter.ts'), adapter);
  const base = await shellInRunning(dir, 'npx childproof run --probe childproof --case core --out base.json --quiet');
  assert.is(base.code, 1, `the blessed defect is not as expected before it is blessed: ${base.stderr}`);
  const blessed = await shellInRunning(dir, 'npx childproof bless base.json --probe childproof');
  assert.is(blessed.code, 0, blessed.stderr);
  // The change under review: the escalation fixed, a failed command now resolving.
  fs.writeFileSync(path.join(dir, 'src', 'exec.ts'), helper(...RESOLVES_FAILED));
  const said: Array<{ line: string; code: number; stdout: string; stderr: string }> = [];
  for (const line of jobSteps(fs.readFileSync(WORKFLOW, 'utf8'), 'abort-contract').filter((l) => l.startsWith('npx childproof '))) said.push({ line, ...(await shellInRunning(dir, line)) });
  return { dir, said };
});

const step = async (verb: string) => {
  const { said } = await project;
  const found = said.find((s) => s.line.startsWith(`npx childproof ${verb} `) && (verb !== 'render' || s.line.includes('--format github')));
  assert.ok(found, `the workflow runs childproof ${verb}`);
  return found!;
};

test('the shipped workflow pins the change, runs it and fails the job: its closing line leads with the regression', async () => {
  const run = await step('run');
  assert.is(run.code, 1, run.stderr);
  const closing = run.stdout.trim().split('\n').slice(-4).join(' ');
  assert.match(closing, /childproof: \d+ trials? not as expected and no improvement \(a regression or an error, listed above\), beside \d+ unexpected-pass/, run.stdout);
  assert.is((await step('pin')).code, 0);
});

test("every annotation of a trial lands on a line of the project's own files, the regression first, the fix after", async () => {
  const { dir } = await project;
  const render = await step('render');
  assert.is(render.code, 0, render.stderr);
  const trials = render.stdout.split('\n').filter((l) => /^::(error|warning|notice) .*title=childproof childproof /.test(l));
  assert.ok(trials.length >= 2, render.stdout);
  for (const a of trials) {
    const m = /file=([^,]+),line=(\d+),/.exec(a);
    assert.ok(m, `a file and a line: ${a}`);
    assert.ok(fs.existsSync(path.join(dir, m![1])), `${m![1]} is the project's`);
  }
  // The regression: on the adapter's call of the helper, the case not being the project's.
  const adapter = fs.readFileSync(path.join(dir, 'childproof', 'adapter.ts'), 'utf8').split('\n');
  const callLine = adapter.findIndex((l) => l.includes('target.stoppableExec(')) + 1;
  assert.match(trials[0], new RegExp(`^::error file=childproof/adapter\\.ts,line=${callLine},title=[^:]*core/nonzero-exit%3A breaks `));
  // The fixes: notices on the divergences entries they no longer match, after every error.
  const firstNotice = trials.findIndex((a) => a.startsWith('::notice'));
  assert.ok(firstNotice > 0 && trials.slice(firstNotice).every((a) => a.startsWith('::notice file=childproof/divergences.json,')), trials.join('\n'));
  assert.ok(trials.some((a) => /core\/ignores-sigterm-abort.*fixed/.test(a)), trials.join('\n'));
});

test("the workflow's other steps (the page, the badge, the statement) run as written", async () => {
  const { said } = await project;
  for (const s of said.filter((x) => !/^npx childproof (run|pin) /.test(x.line))) assert.is(s.code, 0, `${s.line}: ${s.stderr}`);
});

finish(test);
