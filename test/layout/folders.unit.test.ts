// The tree shows the design: folders by role with dependencies in one direction, small
// files, and a README whose layout section is the tree as it is.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, RUNNERS_DIR } from '../../runners/model/paths.ts';
import { sources } from '../support/sources.ts';
import { finish } from '../support/suite.ts';

/** What each folder of runners/ may import, besides itself and Node's builtins. */
const MAY_IMPORT: Record<string, string[]> = {
  protocol: [],
  model: ['protocol'],
  os: ['model', 'protocol'],
  fixture: ['protocol'],
  identity: ['model', 'os'],
  judge: ['model'],
  worker: ['model', 'os', 'protocol'],
  supervisor: ['model', 'os', 'protocol'],
  report: ['model', 'judge', 'identity'],
  attest: ['model', 'identity'],
  engine: ['model', 'os', 'identity', 'judge', 'worker', 'protocol', 'report'],
  cli: ['model', 'os', 'identity', 'engine', 'report', 'judge', 'attest'],
};

const LINE_LIMIT = 250;


test('runners/ holds only folders by role, each importing only what its role may', () => {
  const folders = fs.readdirSync(RUNNERS_DIR);
  assert.equal(folders.sort(), Object.keys(MAY_IMPORT).sort());
  for (const folder of folders) {
    for (const file of sources(path.join(RUNNERS_DIR, folder))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [, spec] of text.matchAll(/^import[^'"]*['"](\.[^'"]+)['"]/gm)) {
        const target = path.relative(RUNNERS_DIR, path.resolve(path.dirname(file), spec)).split(path.sep)[0];
        assert.ok(target === folder || MAY_IMPORT[folder].includes(target), `${path.relative(ROOT, file)} imports ${spec}`);
      }
    }
  }
});

/** Each source file of runners/ and the files of runners/ it imports, types included. */
function importGraph(): Map<string, string[]> {
  const files = sources(RUNNERS_DIR);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const deps = [...text.matchAll(/^(?:import|export)[^'"]*?from\s*['"](\.[^'"]+)['"]/gm)].map((m) => path.resolve(path.dirname(file), m[1]));
    graph.set(file, deps.filter((d) => files.includes(d)));
  }
  return graph;
}

/** The files that import each other, directly or through others: each circle once. */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const walk = (file: string, trail: string[]): void => {
    const at = trail.indexOf(file);
    if (at >= 0) {
      const circle = trail.slice(at);
      if (!found.some((c) => c.length === circle.length && c.every((f) => circle.includes(f)))) found.push(circle);
      return;
    }
    if (done.has(file)) return;
    for (const next of graph.get(file) ?? []) walk(next, [...trail, file]);
    done.add(file);
  };
  for (const file of graph.keys()) walk(file, []);
  return found;
}

test('no file of runners/ imports itself through others: the import graph has no circle', () => {
  const graph = importGraph();
  assert.ok(graph.size > 100, `${graph.size} files read`);
  assert.equal(circles(graph).map((c) => c.map((f) => path.relative(RUNNERS_DIR, f)).join(' -> ')), []);
  // And the check can fail: a circle of three is found, once.
  const made = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
  assert.equal(circles(made), [['a', 'b', 'c']]);
});

/** Ways of telling a server's trial from a library's other than asking its kind: a
 *  predicate, a fact's presence, a server block or sighting, a probe's command as a test. */
const KIND_PREDICATES = [/(?:===|!==)\s*'(?:library|server)'/, /'(?:library|server)'\s*(?:===|!==)/, /\bisServer\w*/, /'server\.exited'/, /\.server\b/, /(?:if \(|\? |&& |\|\| |!)[\w.]*spec\.command\b(?![.!?])|spec\.command (?:===|!==) undefined/];

/** The lines of runners/ outside the kinds' own folders that tell kinds apart by themselves. */
function kindPredicates(files: Array<{ file: string; text: string }>): string[] {
  return files.flatMap(({ file, text }) =>
    /(^|\/)kinds\//.test(file) ? [] : text.split('\n').flatMap((line, i) => (KIND_PREDICATES.some((re) => re.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

test('the kind of a trial is decided in the kinds/ folders alone: every other file asks it', () => {
  const generated = path.join(RUNNERS_DIR, 'model', 'schema-types');
  const files = sources(RUNNERS_DIR)
    .filter((f) => !f.startsWith(generated))
    .map((f) => ({ file: path.relative(RUNNERS_DIR, f).split(path.sep).join('/'), text: fs.readFileSync(f, 'utf8') }));
  assert.equal(kindPredicates(files), []);
  // The server's fact is named only by the server kind's own files.
  assert.equal(files.filter((f) => f.text.includes("'server.exited'") && !/(^|\/)kinds\/server[^/]*$/.test(f.file)).map((f) => f.file), []);
  // And the check can fail: each way of telling kinds apart is found outside kinds/, and none inside.
  const made = ["if (t.kind === 'server') x();", "const implied = kind !== 'library' ? [] : all;", "if (isServerTrial(t)) x();", "if (Object.hasOwn(f, 'server.exited')) x();", 'const s = t.observations?.server;', 'if (p.spec.command) continue;', 'a === (spec.command === undefined)'];
  assert.equal(kindPredicates(made.map((text, i) => ({ file: `report/f${i}.ts`, text }))).length, made.length);
  assert.equal(kindPredicates(made.map((text, i) => ({ file: `engine/kinds/f${i}.ts`, text }))), []);
});

test(`no source file is longer than ${LINE_LIMIT} lines`, () => {
  const files = ['runners', 'probes', 'test', 'bench', 'bin'].flatMap((d) => sources(path.join(ROOT, d)));
  // Generated from the schemas (bin/schema-types.ts), never edited by hand.
  const generated = path.join(RUNNERS_DIR, 'model', 'schema-types');
  const long = files
    .filter((f) => !f.startsWith(generated))
    .map((f) => [path.relative(ROOT, f), fs.readFileSync(f, 'utf8').split('\n').length - 1] as const)
    .filter(([, n]) => n > LINE_LIMIT);
  assert.equal(long, []);
});

test("the README's layout section names every folder of the tree, and no other", () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((s) => s.startsWith('Layout'))!;
  const named = [...section.matchAll(/^\s*(\w[\w-]*)\/\s/gm)].map((m) => m[1]);
  const top = ['cases', 'probes', 'docs', 'schemas', 'runners', 'results', 'bench', 'test'];
  assert.equal(named.sort(), [...top, ...fs.readdirSync(RUNNERS_DIR)].sort());
});

finish(test);
