// "Writing a probe" (docs/writing-a-probe.md) is run as written: each of its files is
// written and each of its shell blocks run, in order, in a project directory outside this
// repository, with `npx childproof` meaning this checkout's command; then the CI
// workflow's childproof steps run there too. The maintainer's loop end to end: pin a
// revision, run (known divergences appear as fail), bless (exit 0), re-pin a revision
// that changed behaviour (unexpected-pass, naming what changed), bless again.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, ROOT, tempDir } from '../support/helpers.ts';
import { eager, finish } from '../support/suite.ts';

const GUIDE = path.join(ROOT, 'docs', 'writing-a-probe.md');
const WORKFLOW = path.join(ROOT, 'docs', 'examples', 'childproof.yml');

interface Block {
  lang: string;
  attrs: Record<string, string>;
  body: string;
}

/** The guide's fenced blocks, in order, with their info-string attributes (file=, id=, exit=). */
function blocks(markdown: string): Block[] {
  return [...markdown.matchAll(/^```(\w+)([^\n]*)\n([\s\S]*?)^```$/gm)].map(([, lang, info, body]) => ({
    lang,
    attrs: Object.fromEntries([...info.matchAll(/(\w+)=(\S+)/g)].map(([, k, v]) => [k, v])),
    body,
  }));
}

function sh(cwd: string, env: NodeJS.ProcessEnv, script: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-e', '-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out }));
  });
}

const work = eager(async () => {
  const base = tempDir('childproof-guide-');
  const project = path.join(base, 'myexec');
  fs.mkdirSync(project);
  // `npx childproof` is this checkout's command; nothing else is fetched.
  const shims = path.join(base, '.bin');
  fs.mkdirSync(shims);
  fs.writeFileSync(path.join(shims, 'npx'), `#!/bin/sh\n[ "$1" = childproof ] || { echo "npx $1: not in this test" >&2; exit 127; }\nshift\nexec "${process.execPath}" "${BIN}" "$@"\n`, { mode: 0o755 });
  const who = { GIT_AUTHOR_NAME: 'maintainer', GIT_AUTHOR_EMAIL: 'm@example.invalid', GIT_COMMITTER_NAME: 'maintainer', GIT_COMMITTER_EMAIL: 'm@example.invalid' };
  const env = { ...process.env, ...who, PATH: `${shims}:${process.env.PATH}`, NO_COLOR: '1', CI: '1' };
  const steps: Array<{ id: string | undefined; expected: number; code: number | null; out: string }> = [];
  for (const b of blocks(fs.readFileSync(GUIDE, 'utf8'))) {
    if (b.attrs.file) {
      fs.mkdirSync(path.dirname(path.join(project, b.attrs.file)), { recursive: true });
      fs.writeFileSync(path.join(project, b.attrs.file), b.body);
    } else if (b.lang === 'sh') {
      steps.push({ id: b.attrs.id, expected: Number(b.attrs.exit ?? 0), ...(await sh(project, env, b.body)) });
    }
  }
  const ci: typeof steps = [];
  for (const [, command] of fs.readFileSync(WORKFLOW, 'utf8').matchAll(/^\s+(?:- )?run: (npx childproof .*)$/gm)) {
    ci.push({ id: command, expected: 0, ...(await sh(project, env, command)) });
  }
  return { base, project, steps, ci };
});

const step = async (id: string) => (await work).steps.find((s) => s.id === id)!;

test('every shell block of the guide exits as the guide says', async () => {
  const { steps } = await work;
  assert.ok(steps.length >= 8, 'the guide has its shell blocks');
  for (const s of steps) assert.is(s.code, s.expected, `${s.id ?? 'a block'}:\n${s.out}`);
});

test('init pins the commit, verifies it, and prints the command that runs the probe', async () => {
  const s = await step('init');
  assert.match(s.out, /1 file\(s\) verified/);
  assert.match(s.out, /run it: {2}childproof run --probe childproof/);
  const probe = JSON.parse(fs.readFileSync(path.join((await work).project, 'childproof', 'probe.json'), 'utf8'));
  assert.is(probe.identity.checkout, '..');
});

test('the first run fails on the known divergences; blessed, the same run exits 0 with them known', async () => {
  assert.match((await step('first-run')).out, /core\/cooperative-abort\s+fail/);
  assert.match((await step('blessed-run')).out, /core\/cooperative-abort\s+known-fail/);
});

test('a revision that changed behaviour is unexpected-pass, naming the facts that changed, until blessed', async () => {
  assert.match((await step('repin')).out, /commit: [0-9a-f]{12} -> [0-9a-f]{12}/);
  const changed = (await step('changed-run')).out;
  assert.match(changed, /core\/cooperative-abort\s+unexpected-pass/);
  assert.match(changed.replace(/\s+/g, ' '), /child\.reapedAtSettle was known to be false and is now true/);
  // The probe is named for the directory init wrote it into.
  assert.match((await step('bless-again')).out, /childproof: \d+ known divergence\(s\) written/);
});

test("the CI workflow's childproof steps pass on the blessed project", async () => {
  const { ci } = await work;
  assert.ok(ci.length >= 3, 'the workflow runs childproof');
  for (const s of ci) assert.is(s.code, 0, `${s.id}:\n${s.out}`);
  assert.match(ci.find((s) => / run /.test(s.id!))!.out, /All as expected/);
});

test("a server of one's own: init --command pins it, and it passes every server case, as in CI", async () => {
  assert.match((await step('server-init')).out, /running index\.mjs, 1 file\(s\) verified/);
  const run = (await step('server-run')).out;
  assert.match(run, /server\/parent-killed-npx\s+pass/);
  assert.match(run, /All as expected/);
  const { ci } = await work;
  assert.ok(ci.some((s) => s.id!.includes("--case 'server/*'")), 'the workflow gates the server too');
});

test('the generic call table names every field of GenericCall, and the features table every feature', () => {
  const guide = fs.readFileSync(GUIDE, 'utf8');
  const contract = fs.readFileSync(path.join(ROOT, 'runners', 'model', 'adapter.ts'), 'utf8');
  const body = /export interface GenericCall \{([\s\S]*?)\n\}/.exec(contract)![1];
  const fields = [...body.matchAll(/^ {2}(\w+)\??:/gm)].map((m) => m[1]);
  const features = JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas', 'case.schema.json'), 'utf8')).$defs.feature.enum;
  for (const name of [...fields, ...features]) assert.match(guide, new RegExp(`^\\| \`${name}\` \\|`, 'm'), name);
});

test('nothing in the project names a path outside it', async () => {
  const { project } = await work;
  for (const file of fs.readdirSync(project, { recursive: true }) as string[]) {
    const full = path.join(project, file);
    if (file.split(path.sep)[0] === '.git' || !fs.statSync(full).isFile()) continue;
    const text = fs.readFileSync(full, 'utf8');
    for (const outside of [ROOT, os.tmpdir()]) assert.not.ok(text.includes(outside), `${file} names ${outside}`);
  }
});

finish(test);
