// Explanations cite the pinned code they rest on: validate refuses a citation it cannot
// check, and reports and the findings page carry the cited lines, read from the pinned
// bytes.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { citationProblems, citedExplanations } from '../../runners/identity/citations.ts';
import { locateRuntimeCode } from '../../runners/identity/runtime-code.ts';
import { loadAllCases } from '../../runners/model/load-cases.ts';
import { loadProbe, shippedProbes } from '../../runners/model/load-probes.ts';
import { RESULTS_DIR } from '../../runners/model/paths.ts';
import { validate } from '../../runners/model/schemas.ts';
import { renderFindings } from '../../runners/report/findings.ts';
import { finish } from '../support/suite.ts';
import { publishedReports } from '../support/published.ts';

const COMBINE = "tinyexec's combineSignals()";

test('every shipped explanation cites the code it rests on or says it is an observation, and every citation checks', () => {
  const probes = shippedProbes();
  for (const probe of probes) assert.equal(citationProblems(probe), [], probe.spec.name);
  const cited = probes.flatMap((p) => p.explanations.filter((e) => e.cites?.length));
  assert.ok(cited.length >= 50, `${cited.length} explanations cite code`);
});

test('a citation of a file no pin covers, or of lines past its end, is refused with its pointer', () => {
  const probe = loadProbe('tinyexec');
  const i = probe.explanations.findIndex((e) => e.why.startsWith(COMBINE));
  probe.explanations[i] = { ...probe.explanations[i], cites: [{ path: 'dist/unpinned.mjs', lines: [1, 2] }, { path: 'dist/main.mjs', lines: [1, 99_999] }] };
  const problems = citationProblems(probe);
  assert.is(problems.length, 2, problems.join('\n'));
  assert.match(problems[0], new RegExp(`divergences\\.json: /explanations/${i}/cites/0/path: expected a pinned file .*"dist/unpinned\\.mjs" is not among the probe's pinned files`));
  assert.match(problems[1], new RegExp(`/explanations/${i}/cites/1/lines: expected a range within the file's \\d+ lines, first to last, not 1-99999`));
});

test('a citation that is neither lines of a file nor a Node function is refused by the schema', () => {
  const doc = { probe: 'p', explanations: [{ why: 'w', cites: [{ path: 'a.js', lines: [3] }], signatures: [{ case: 'core/x', fact: 'settled', value: 'resolved' }] }] };
  assert.ok(validate('divergences', doc, 'd.json').some((p) => p.startsWith('d.json: /explanations/0/cites/0')));
});

test('an explanation of a case nothing aborts never also explains a case an abort or a timeout ends', () => {
  const trigger = new Map(loadAllCases().map((c) => [c.spec.id, c.spec.trigger.kind]));
  const stopped = (id: string) => ['abort', 'timeout'].includes(trigger.get(id) ?? '');
  for (const probe of shippedProbes()) {
    for (const why of new Set(probe.knownDivergences.map((d) => d.why))) {
      const cases = [...new Set(probe.knownDivergences.filter((d) => d.why === why).map((d) => d.case))];
      if (cases.includes('core/lookalike-signal')) assert.equal(cases.filter(stopped), [], `${probe.spec.name}: ${why}`);
    }
  }
});

test('the cited lines are read from the pinned bytes, as they are', () => {
  const cited = citedExplanations(loadProbe('tinyexec')).find((e) => e.why.startsWith(COMBINE))!;
  const code = cited.cites.find((c) => 'code' in c) as { code: string; lines: [number, number] };
  assert.is(code.code.split('\n')[0], 'function combineSignals(signals) {');
  assert.is(code.code.split('\n').length, code.lines[1] - code.lines[0] + 1);
});

test('the findings page shows the cited lines beside the finding they explain', () => {
  const published = publishedReports().filter((p) => p.file.startsWith('tinyexec/'));
  assert.ok(published.length > 0);
  const page = renderFindings(published);
  assert.match(page, /\*\*Explanations\*\* \(the probe's own; the code is read from the verified bytes\)/);
  assert.match(page, /dist\/main\.mjs lines 204–217:\n\n {5}```js\n {5}function combineSignals\(signals\) \{/);
  assert.is(fs.readFileSync(path.join(RESULTS_DIR, 'README.md'), 'utf8').includes('function combineSignals(signals) {'), true);
});

test("each mutant's citation is the line of the reference that makes its one mutation", () => {
  const mutants = shippedProbes().filter((p) => p.spec.mutant);
  assert.ok(mutants.length >= 8);
  for (const m of mutants) {
    const mutation = String(m.spec.options?.mutation ?? '');
    for (const e of citedExplanations(m)) {
      for (const c of e.cites) if ('path' in c) assert.ok(c.code.includes(mutation), `${m.spec.name}: ${c.path} lines ${c.lines.join('-')} do not name ${mutation}: ${c.code}`);
    }
  }
});

// Node's own code, as the binary that runs these tests holds it (identity/runtime-source.ts).
const HOST = { name: 'node' as const, release: process.version.slice(1), execPath: process.execPath };

test("every citation of Node's own code names a function this Node's lib defines, and is read with its lines from the binary", () => {
  const cites = shippedProbes().flatMap((p) => p.explanations.flatMap((e) => (e.cites ?? []).filter((c) => 'node' in c).map((c) => ({ probe: p.spec.name, c }))));
  assert.ok(cites.length >= 20, `${cites.length} Node citations`);
  for (const { probe, c } of cites) {
    const found = locateRuntimeCode(c as { node: string; function: string }, HOST);
    assert.ok(!('missing' in found), `${probe}: ${JSON.stringify(c)}: ${'missing' in found ? found.missing : ''}`);
    if ('missing' in found) continue;
    const name = (c as { function: string }).function.split('.').pop()!;
    assert.ok(found.code.split('\n')[0].includes(name), `${probe}: ${name} is not on the first line cited: ${found.code.split('\n')[0]}`);
    assert.is(found.code.split('\n').length, found.lines![1] - found.lines![0] + 1);
  }
});

test("a citation of a function Node's lib does not define is refused, with its pointer", () => {
  const probe = loadProbe('node-spawn');
  const i = probe.explanations.findIndex((e) => e.cites?.some((c) => 'node' in c));
  probe.explanations[i] = { ...probe.explanations[i], cites: [{ node: 'lib/child_process.js', function: 'noSuchFunction' }] };
  const problems = citationProblems(probe);
  assert.is(problems.length, 1, problems.join('\n'));
  assert.match(problems[0], new RegExp(`/explanations/${i}/cites/0: expected a function of Node's own lib: lib/child_process\\.js of Node ${HOST.release.replace(/\./g, '\\.')} defines no noSuchFunction`));
});

test('a published report on this Node carries each cited Node function as its binary holds it, with the release and lines', () => {
  const mine = publishedReports().filter((p) => p.report.environment.node === process.version && !p.report.environment.runtime?.package);
  assert.ok(mine.length > 0);
  let seen = 0;
  for (const { file, report } of mine) {
    for (const c of report.probes.flatMap((p) => p.explanations ?? []).flatMap((e) => e.cites)) {
      if (!('node' in c)) continue;
      seen++;
      const found = locateRuntimeCode(c, HOST);
      assert.equal([c.release, c.lines, c.code], [HOST.release, 'missing' in found ? undefined : found.lines, 'missing' in found ? undefined : found.code], `${file}: ${c.function}`);
    }
  }
  assert.ok(seen > 0, 'some report cites Node');
});

finish(test);
