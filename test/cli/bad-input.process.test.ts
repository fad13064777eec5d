// Every bad input a verb reads is one line naming the file and where, exit 2: streams
// whose header, end line or last line are odd, reports that validate against the schema
// but contradict themselves, JSON nested deeper than anything childproof writes, a
// temporary directory that cannot be used, and a probe that validate would refuse.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CASES_DIR } from '../../runners/model/paths.ts';
import { type Report } from '../../runners/model/report-types.ts';
import { consistencyProblems } from '../../runners/report/consistency.ts';
import { BIN, cli, cliIn, cliWith, ROOT, tempDir, writeJson } from '../support/helpers.ts';
import { pinnedFilesProbe, STACK } from '../support/pinned.ts';
import { concurrent, finish } from '../support/suite.ts';
import { publishedReports } from '../support/published.ts';

// A library's report whose first trial was judged: a server's trials list the server facts,
// not child.stdinEnded; an unsupported trial (a control for a probe without a signal) has none.
const [{ report }] = publishedReports().filter(({ report: r }) => r.trials.length > 3 && r.trials[0].facts && !r.cases.some((c) => c.kind === 'server'));

/** The stream a run of `r` would have written, line by line. */
function streamLines(r: Report): string[] {
  const { trials, summary: _s, interrupted: _i, ...header } = r;
  return [JSON.stringify({ kind: 'run', ...header, planned: trials.length }), ...trials.map((trial) => JSON.stringify({ kind: 'trial', trial }))];
}

const dir = tempDir();
const write = (name: string, text: string) => {
  fs.writeFileSync(path.join(dir, name), text);
  return name;
};
const childproof = (...args: string[]) => cliIn(dir, ...args);

async function refused(args: string[], expected: RegExp): Promise<void> {
  const r = await childproof(...args);
  assert.is(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
  assert.match(r.stderr, expected);
  assert.not.match(r.stderr, STACK);
  for (const line of r.stderr.trim().split('\n')) assert.match(line, /^childproof: /, 'one line per problem');
}

test('a stream whose header is only {"kind":"run"} is refused at line 1 by report --from and merge', async () => {
  const f = write('bare.jsonl', '{"kind":"run"}\n');
  const g = write('noshape.jsonl', '{"kind":"run","planned":1}\n');
  // Each call reads and writes files of its own, so they run side by side.
  await Promise.all([
    refused(['report', '--from', f, '--out', 'x1.json'], /bare\.jsonl: line 1: expected "planned"/),
    refused(['merge', f, '--out', 'x2.json'], /bare\.jsonl: line 1/),
    refused(['report', '--from', g, '--out', 'x3.json'], /noshape\.jsonl: line 1: \//),
  ]);
});

test("a stream whose end line says odd things, or whose header's plan is negative, is refused, not built into an invalid report", async () => {
  const lines = streamLines(report);
  const negative = [JSON.stringify({ ...JSON.parse(lines[0]), planned: -1 }), ...lines.slice(1), ''].join('\n');
  await Promise.all([
    refused(['report', '--from', write('end-x.jsonl', [...lines, '{"kind":"end","interrupted":"x"}', ''].join('\n')), '--out', 'x4.json'], /end-x\.jsonl: \/interrupted/),
    refused(['report', '--from', write('neg.jsonl', negative), '--out', 'x5.json'], /neg\.jsonl: line 1: expected "planned"/),
  ]);
});

test('a stream cut inside its header says so; one that lost only its final newline keeps its last trial', async () => {
  const lines = streamLines(report);
  const [, r] = await Promise.all([
    refused(['report', '--from', write('cut.jsonl', lines[0].slice(0, 200)), '--out', 'x6.json'], /cut\.jsonl: line 1: expected the run header; it was cut short/),
    childproof('report', '--from', write('nonl.jsonl', lines.join('\n')), '--out', 'nonl.json'),
  ]);
  assert.is(r.code, 1, r.stderr);
  assert.is(JSON.parse(fs.readFileSync(path.join(dir, 'nonl.json'), 'utf8')).trials.length, report.trials.length);
});

test('a report that holds a trial twice, or whose summary its trials contradict, is refused by validate, compare, render and merge', async () => {
  const twice = write('twice.json', JSON.stringify({ ...report, trials: [...report.trials, report.trials[0]], summary: { ...report.summary, total: report.summary.total + 1 } }));
  const lies = write('lies.json', JSON.stringify({ ...report, summary: { ...report.summary, asExpected: !report.summary.asExpected } }));
  const original = write('original.json', JSON.stringify(report));
  await Promise.all([
    refused(['validate', twice], /twice\.json: \/trials\/\d+: expected one trial per probe and case/),
    refused(['validate', lies], /lies\.json: \/summary\/asExpected/),
    refused(['compare', original, twice], /twice\.json: \/trials/),
    refused(['render', lies, '--format', 'html'], /lies\.json: \/summary/),
    refused(['merge', twice, '--out', 'm7.json'], /twice\.json/),
  ]);
});

test('a trial that lacks one fact is refused before html is rendered', async () => {
  const trials = report.trials.map((t, i) => (i === 0 ? { ...t, facts: Object.fromEntries(Object.entries(t.facts!).slice(1)) } : t));
  await refused(['render', write('lacks.json', JSON.stringify({ ...report, trials })), '--format', 'html'], /lacks\.json: \/trials\/0\/facts: expected every fact; missing/);
});

test('a report of an earlier semantics version is read without the facts added since, and only it', () => {
  const without = (r: Report) => ({ ...r, trials: r.trials.map((t) => (t.facts ? { ...t, facts: Object.fromEntries(Object.entries(t.facts).filter(([f]) => f !== 'child.stdinEnded')) } : t)) }) as Report;
  assert.equal(consistencyProblems({ ...without(report), semantics: 3 }, 'old.json'), []);
  assert.match(consistencyProblems(without(report), 'new.json').join('\n'), /new\.json: \/trials\/0\/facts: expected every fact; missing child\.stdinEnded/);
});

test('JSON nested deeper than childproof writes is refused, valid or not, by every verb that reads it', async () => {
  const deep = write('deep.json', '['.repeat(100_000));
  // Deep but valid, in a trial's timeline: written as text, since JSON.stringify cannot.
  const trials = report.trials.map((t, i) => (i === 0 ? { ...t, timeline: [{ ...t.timeline![0], detail: { deep: 'DEEP' } }] } : t));
  const text = JSON.stringify({ ...report, trials }).replace('"DEEP"', `${'['.repeat(5000)}${']'.repeat(5000)}`);
  const deepArgs = [['validate', deep], ['render', deep, '--format', 'md'], ['judge', deep], ['compare', deep, deep], ['merge', deep, '--out', 'm8.json'], ['bless', deep]];
  await Promise.all([
    ...deepArgs.map((args) => refused(args, /deep\.json: \/: expected JSON nested at most 256 deep/)),
    refused(['merge', write('valid-deep.json', text), '--out', 'm9.json'], /valid-deep\.json: \/: expected JSON nested at most 256 deep/),
    refused(['report', '--from', write('deep.jsonl', `${streamLines(report)[0]}\n${'['.repeat(100_000)}\n`), '--out', 'x10.json'], /deep\.jsonl: line 2: expected JSON nested at most 256 deep/),
    refused(['report', '--from', write('valid-deep.jsonl', `${streamLines(report)[0]}\n${'['.repeat(5000)}${']'.repeat(5000)}\n`), '--out', 'x11.json'], /valid-deep\.jsonl: line 2: expected JSON nested at most 256 deep/),
  ]);
});

test('a case that nests grandchildren deeper than two levels, or wider than four, is refused where it does', async () => {
  const shipped = JSON.parse(fs.readFileSync(path.join(CASES_DIR, 'core', 'grandchild-stdout-abort.case.json'), 'utf8'));
  const [g] = shipped.child.grandchildren;
  const nest = (b: object, depth: number): object => (depth === 0 ? b : { ...b, grandchildren: [{ ...g, behaviour: nest(g.behaviour, depth - 1) }] });
  fs.mkdirSync(path.join(dir, 'own'), { recursive: true });
  const deep = write('own/deep.case.json', JSON.stringify({ ...shipped, id: 'own/deep', child: nest(shipped.child, 3) }));
  const wide = write('own/wide.case.json', JSON.stringify({ ...shipped, id: 'own/wide', child: { ...shipped.child, grandchildren: Array(5).fill(g) } }));
  const fine = write('own/fine.case.json', JSON.stringify({ ...shipped, id: 'own/fine', child: nest(shipped.child, 2) }));
  const [, , ok] = await Promise.all([
    refused(['validate', deep], /deep\.case\.json: \/child\/grandchildren\/0\/behaviour\/grandchildren\/0\/behaviour: expected two levels below the child: no grandchildren of its own/),
    refused(['validate', wide], /wide\.case\.json: \/child\/grandchildren: expected it to NOT have more than 4 items/),
    childproof('validate', fine),
  ]);
  assert.is(ok.code, 0);
});

test('empty patterns, counts beyond any plan and versions that are not exact versions are refused before anything runs', async () => {
  const refusals = [
    [['run', '--case', ''], /--case expects a name or a glob, not an empty string/],
    [['run', '--probe', ''], /--probe expects a name or a glob, not an empty string/],
    [['run', '--repeat', '99999999999999999999'], /--repeat expects a whole number from 1 to/],
    [['run', '--probe', 'tinyexec@1/../../../../x'], /expected NAME@VERSION with an exact version such as 1\.3\.1, not "1\/\.\.\//],
    [['run', '--probe', 'tinyexec@1.x'], /not "1\.x"; for a range of versions, use childproof sweep --versions/],
  ] as const;
  await Promise.all(refusals.map(([args, expected]) => refused([...args], expected)));
});

concurrent(test, 'a TMPDIR that cannot be used is one line naming it and exit 2, for any verb, help too, before the loader starts', async () => {
  const dir = tempDir();
  const file = writeJson(path.join(dir, 'a-file'), 'x');
  const unusable: Array<[string, RegExp]> = [
    [file, /is not a directory/],
    ['/proc', /no file can be made in it \(ENOENT\)/],
    ['/sys/kernel', /no file can be made in it \(E[A-Z]+\)/],
    [path.join(dir, 'missing'), /cannot be used \(ENOENT\)/],
  ];
  for (const [tmp, why] of unusable) {
    for (const args of [['help'], ['validate']]) {
      const r = await cliWith(dir, { TMPDIR: tmp }, ...args);
      assert.is(r.code, 2, `${tmp} ${args}: ${r.stderr}`);
      assert.match(r.stderr, new RegExp(`^childproof: TMPDIR ${tmp.replace(/[/.]/g, '\\$&')}: `));
      assert.match(r.stderr, why);
      assert.not.match(r.stderr, STACK);
      assert.is(r.stderr.trim().split('\n').length, 1, 'one line');
    }
  }
});

concurrent(test, 'a current directory removed under the command is one line and exit 2, not a stack trace', async () => {
  const gone = path.join(tempDir(), 'gone');
  fs.mkdirSync(gone);
  // The shell enters it, removes it, then becomes the command, which starts in a directory that is no more.
  const r = await new Promise<{ code: number; stderr: string }>((resolve) =>
    execFile('sh', ['-c', 'cd "$1" && rmdir "$1" && exec "$2" "$3" validate', 'sh', gone, process.execPath, BIN], (err, _out, stderr) =>
      resolve({ code: typeof err?.code === 'number' ? err.code : 0, stderr }),
    ),
  );
  assert.is(r.code, 2, r.stderr);
  assert.match(r.stderr, /^childproof: the current directory cannot be read \(ENOENT\)/);
  assert.not.match(r.stderr, STACK);
  assert.is(r.stderr.trim().split('\n').length, 1, 'one line');
});

concurrent(test, 'a divergences.json that validate refuses is refused by run, verify and judge in the same words', async () => {
  const { dir } = await pinnedFilesProbe('cited');
  writeJson(path.join(dir, 'divergences.json'), {
    probe: 'cited',
    explanations: [{ why: 'it reads a file it has no business reading', cites: [{ path: '../../../etc/passwd', lines: [1, 99999999999] }], signatures: [{ case: 'core/success', fact: 'settled', value: 'rejected' }] }],
  });
  const expected = /divergences\.json: \/explanations\/0\/cites\/0\/path: expected a pinned file whose bytes match the pin: "\.\.\/\.\.\/\.\.\/etc\/passwd" is not among the probe's pinned files/;
  const report = path.join(ROOT, 'results', 'reference', fs.readdirSync(path.join(ROOT, 'results', 'reference')).find((f) => f.endsWith(`@node-${process.version}.json`))!);
  for (const args of [['validate', path.join(dir, 'divergences.json')], ['run', '--probe', dir, '--case', 'core/success'], ['verify', '--probe', dir], ['judge', report, '--probe', dir]]) {
    const r = await cli(...args);
    assert.is(r.code, 2, `${args[0]}: ${r.stderr}`);
    assert.match(r.stderr, expected, args[0]);
    assert.not.match(r.stderr, STACK);
  }
});

test('a name of 100,000 characters is refused in one short line: its start is echoed, with how long it was', async () => {
  const huge = 'q'.repeat(100_000);
  await Promise.all([
    refused(['run', '--probe', huge], /--probe expects a name or a glob of at most 1000 characters, not one of 100000/),
    refused(['run', '--case', huge], /--case expects a name or a glob of at most 1000 characters, not one of 100000/),
    refused(['validate', huge], /q{80}… \(100000 characters\): \/: cannot be read \(ENAMETOOLONG\)/),
  ]);
  const r = await childproof('render', huge, '--format', 'md');
  assert.ok(r.stderr.length < 400, `${r.stderr.length} characters said`);
});

finish(test);
