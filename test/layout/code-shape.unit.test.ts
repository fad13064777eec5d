// The code reads as it runs: functions short enough to hold in one's head, one place that
// ends processes, file names that name one file, and exports that some other file uses.

import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, RUNNERS_DIR } from '../../runners/model/paths.ts';
import { sources } from '../support/sources.ts';
import { finish } from '../support/suite.ts';

const FUNCTION_LIMIT = 80;

/** Functions longer than the limit, and scripts: module-level statements that run (not
 *  declarations) longer than it, where a main should be a sequence of named calls. */
function longFunctions(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  const lines = (n: ts.Node) => source.getLineAndCharacterOfPosition(n.end).line - source.getLineAndCharacterOfPosition(n.getStart(source)).line + 1;
  const long: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isFunctionLike(n) && 'body' in n && n.body && lines(n) > FUNCTION_LIMIT) {
      long.push(`${file}:${source.getLineAndCharacterOfPosition(n.getStart(source)).line + 1}: ${lines(n)} lines`);
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  const runs = source.statements.filter((s) => ts.isExpressionStatement(s) || ts.isIfStatement(s) || ts.isIterationStatement(s, false) || ts.isTryStatement(s) || ts.isSwitchStatement(s) || ts.isBlock(s));
  const script = runs.reduce((n, s) => n + lines(s), 0);
  if (script > FUNCTION_LIMIT) long.push(`${file}: ${script} lines run at module level`);
  return long;
}

/** The files probes pin as their targets: the code under test, whose bytes are its identity. */
function pinnedTargets(): string[] {
  return fs.readdirSync(path.join(ROOT, 'probes'), { withFileTypes: true }).flatMap((e) => {
    const file = path.join(ROOT, 'probes', e.name, 'probe.json');
    if (!e.isDirectory() || !fs.existsSync(file)) return [];
    // A probe that extends another pins nothing of its own.
    const id = JSON.parse(fs.readFileSync(file, 'utf8')).identity as { kind: string; root?: string; paths?: Array<{ path: string }> } | undefined;
    return id?.kind === 'files' ? (id.paths ?? []).map((p) => path.resolve(path.dirname(file), id.root ?? '.', p.path)) : [];
  });
}

test(`no hand-written function is longer than ${FUNCTION_LIMIT} lines, and no module runs that many at its top level`, () => {
  const generated = path.join(RUNNERS_DIR, 'model', 'schema-types');
  const targets = pinnedTargets();
  assert.ok(targets.some((t) => t.endsWith('stoppable-exec.ts')), 'the reference is a pinned target');
  const files = ['runners', 'probes', 'bench', 'bin'].flatMap((d) => sources(path.join(ROOT, d))).filter((f) => !f.startsWith(generated) && !targets.includes(f));
  // The tests' own functions too; a test file's top level is its list of tests.
  const tests = sources(path.join(ROOT, 'test')).filter((f) => !f.includes(`${path.sep}corpus${path.sep}`));
  const long = [...files, ...tests].flatMap((f) => longFunctions(path.relative(ROOT, f), fs.readFileSync(f, 'utf8')).filter((l) => !tests.includes(f) || !l.endsWith('at module level')));
  assert.equal(long, []);
  // And the check can fail: a long function, and a long script, are each found.
  const body = Array.from({ length: FUNCTION_LIMIT }, (_, i) => `  x(${i});`).join('\n');
  assert.equal(longFunctions('a.ts', `function f() {\n${body}\n}\n`), [`a.ts:1: ${FUNCTION_LIMIT + 2} lines`]);
  assert.equal(longFunctions('b.mjs', `${body.replace(/^ {2}/gm, '')}\nif (y) z();\n`), [`b.mjs: ${FUNCTION_LIMIT + 1} lines run at module level`]);
});

/** Ways of ending a process: a signal sent by pid, group or handle, or a cgroup's kill file. */
const ENDINGS = [/\bprocess\.kill\(/, /\.kill\(\s*['"A-Z-]/, /\w\.kill\(\)/, /cgroup\.kill['"]/, /\bkill(?:Quietly|Group)\(/];

/** The lines outside the one ender (os/ender.ts) that end a process themselves. The
 *  fixtures act out the target's world (a child that kills itself, a launcher that
 *  forwards, a client that signals its server as the case's trigger) and are not asked. */
function endingsOutsideEnder(files: Array<{ file: string; text: string }>): string[] {
  return files.flatMap(({ file, text }) =>
    file === 'os/ender.ts' || file.startsWith('fixture/') ? [] : text.split('\n').flatMap((line, i) => (ENDINGS.some((re) => re.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

test('every process childproof ends is ended by os/ender.ts: no other file of runners/ signals one', () => {
  const files = sources(RUNNERS_DIR).map((f) => ({ file: path.relative(RUNNERS_DIR, f).split(path.sep).join('/'), text: fs.readFileSync(f, 'utf8') }));
  assert.equal(endingsOutsideEnder(files), []);
  // And the check can fail: each way of ending a process is found outside the ender, and none inside it.
  const made = ['process.kill(pid, signal);', "child.kill('SIGKILL');", 'hog.kill();', "fs.writeFileSync(path.join(dir, 'cgroup.kill'), '1');", 'killQuietly(-pgid);', 'killGroup(pid, true);'];
  assert.equal(endingsOutsideEnder(made.map((text, i) => ({ file: `engine/f${i}.ts`, text }))).length, made.length);
  assert.equal(endingsOutsideEnder(made.map((text) => ({ file: 'os/ender.ts', text }))), []);
});

/** The file names of runners/ that more than one folder holds, with where. */
function sharedNames(files: string[]): string[] {
  const where = new Map<string, string[]>();
  for (const f of files) where.set(path.basename(f), [...(where.get(path.basename(f)) ?? []), f]);
  return [...where].filter(([, at]) => at.length > 1).map(([name, at]) => `${name}: ${at.join(', ')}`);
}

test('no two files of runners/ share a name: a stack trace or an editor tab names one file', () => {
  const generated = path.join(RUNNERS_DIR, 'model', 'schema-types');
  const files = sources(RUNNERS_DIR).filter((f) => !f.startsWith(generated)).map((f) => path.relative(RUNNERS_DIR, f));
  assert.equal(sharedNames(files), []);
  // And the check can fail.
  assert.equal(sharedNames(['engine/kinds/server.ts', 'judge/kinds/server.ts', 'model/report.ts']), ['server.ts: engine/kinds/server.ts, judge/kinds/server.ts']);
});

/** Exported, yet named in no other file: an export its own file alone uses. Public by
 *  design: what adapters import (package.json's exports) and the hooks Node's loader calls. */
const PUBLIC = ['model/adapter.ts', 'worker/loader-hooks.mjs'];

/** The files each word appears in, by index. */
function wordsIn(texts: string[]): Map<string, Set<number>> {
  const where = new Map<string, Set<number>>();
  texts.forEach((text, i) => {
    for (const [word] of text.matchAll(/\w+/g)) {
      const at = where.get(word) ?? new Set<number>();
      at.add(i);
      where.set(word, at);
    }
  });
  return where;
}

/** `others` are the texts of every file that may use runners/'s exports, besides `files`. */
function exportsUsedAtHome(files: Array<{ file: string; text: string }>, others: string[]): string[] {
  const where = wordsIn([...files.map((f) => f.text), ...others]);
  return files.flatMap(({ file, text }, i) =>
    PUBLIC.includes(file)
      ? []
      : [...text.matchAll(/^export (?:async )?(?:function\*?|const|let|class|interface|type|enum) (\w+)/gm)]
          .map((m) => m[1])
          .filter((name) => [...(where.get(name) ?? [])].every((at) => at === i))
          .map((name) => `${file}: ${name}`),
  );
}

test('every export of runners/ is named by some other file: what only its own file uses is not exported', () => {
  const generated = path.join(RUNNERS_DIR, 'model', 'schema-types');
  const files = sources(RUNNERS_DIR).filter((f) => !f.startsWith(generated)).map((f) => ({ file: path.relative(RUNNERS_DIR, f).split(path.sep).join('/'), text: fs.readFileSync(f, 'utf8') }));
  const others = ['test', 'bin', 'bench', 'probes'].flatMap((d) => sources(path.join(ROOT, d)).map((f) => fs.readFileSync(f, 'utf8')));
  assert.equal(exportsUsedAtHome(files, others), []);
  // And the check can fail: an export no other file names is found, one another names is not.
  const made = [{ file: 'judge/a.ts', text: 'export function lonely() {}\nexport const shared = 1;\n' }, { file: 'judge/b.ts', text: "import { shared } from './a.ts';\n" }];
  assert.equal(exportsUsedAtHome(made, []), ['judge/a.ts: lonely']);
});

finish(test);
