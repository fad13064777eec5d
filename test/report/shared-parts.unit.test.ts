// A published folder's reports store what they share once: each names the part by its
// digest, the folder's parts.jsonl holds it, and reading puts it back, checked.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IntegrityError, InputError } from '../../runners/model/errors.ts';
import type { Report } from '../../runners/model/report-types.ts';
import { copyReportFile, PARTS_FILE, readParts } from '../../runners/report/parts-file.ts';
import { readReport, writeReport } from '../../runners/report/report-file.ts';
import { digestOf, partsIn, partsNamed, partsOut } from '../../runners/report/shared-parts.ts';
import { tempDir } from '../support/helpers.ts';
import { publishedReports } from '../support/published.ts';
import { finish } from '../support/suite.ts';

const reports = publishedReports();
/** Two reports of one probe on two runtimes: what they share is its tool, cases and probe. */
const [a, b] = reports.filter((p) => p.file.startsWith('execa/')).map((p) => p.report);
const thaw = (r: Report): Report => structuredClone(r);
const partLines = (dir: string) => fs.readFileSync(path.join(dir, PARTS_FILE), 'utf8').trim().split('\n');

test("a report's tool, cases, probes and introspection become parts named by their digest, and come back whole", () => {
  const { file, parts } = partsOut(thaw(a));
  assert.equal(file.tool, { part: digestOf(a.tool) });
  assert.ok(file.cases.every((c, i) => JSON.stringify(c) === JSON.stringify({ part: digestOf(a.cases[i]) })));
  const looked = a.trials.find((t) => t.observations && 'worker' in t.observations)!;
  const i = a.trials.indexOf(looked);
  assert.equal((file.trials[i].observations as { worker: { introspection: unknown } }).worker.introspection, { part: digestOf((looked.observations as { worker: { introspection: unknown } }).worker.introspection) });
  // However many trials looked the same way, their way of looking is one part.
  const looks = new Set(a.trials.map((t) => JSON.stringify((t.observations as { worker?: { introspection?: unknown } } | undefined)?.worker?.introspection)).filter((l) => l !== undefined));
  assert.is(parts.size, 1 + a.cases.length + a.probes.length + looks.size);
  assert.equal(partsIn(file, () => parts, () => assert.unreachable('no part is missing')), a);
  assert.equal(partsNamed(file), new Set(parts.keys()));
});

test('a part its store lacks is named with its JSON pointer, and stays named', () => {
  const { file, parts } = partsOut(thaw(a));
  parts.delete(digestOf(a.tool));
  const missing: string[] = [];
  const back = partsIn(file, () => parts, (pointer) => missing.push(pointer)) as { tool: unknown };
  assert.equal(missing, ['/tool']);
  assert.equal(back.tool, { part: digestOf(a.tool) });
});

test("two published reports of a folder store each shared part once, and read back as they were", () => {
  const dir = tempDir();
  writeReport(path.join(dir, 'a.json'), thaw(a), { shared: true });
  const alone = partLines(dir).length;
  writeReport(path.join(dir, 'b.json'), thaw(b), { shared: true });
  // b adds its own introspection and any case or probe entry of its own, never the tool again.
  assert.ok(partLines(dir).length < alone * 2, `${partLines(dir).length} parts after two reports, ${alone} after one`);
  assert.equal(readReport(path.join(dir, 'a.json')), a);
  assert.equal(readReport(path.join(dir, 'b.json')), b);
  writeReport(path.join(dir, 'whole.json'), thaw(a));
  assert.ok(fs.statSync(path.join(dir, 'a.json')).size + JSON.stringify(a.tool).length < fs.statSync(path.join(dir, 'whole.json')).size, 'the published file is smaller than the whole one by more than its tool');
});

test('a part no report of the folder names any more is dropped when a report is stored', () => {
  const dir = tempDir();
  const other = { ...thaw(a), tool: { ...a.tool, version: '0.0.0-other' } };
  writeReport(path.join(dir, 'a.json'), other, { shared: true });
  assert.ok(readParts(dir).has(digestOf(other.tool)));
  writeReport(path.join(dir, 'a.json'), thaw(a), { shared: true });
  assert.not.ok(readParts(dir).has(digestOf(other.tool)), "the overwritten report's tool is gone");
  assert.ok(readParts(dir).has(digestOf(a.tool)));
});

test("a part changed after it was published is refused as an integrity error, naming the file's line", () => {
  const dir = tempDir();
  writeReport(path.join(dir, 'a.json'), thaw(a), { shared: true });
  const lines = partLines(dir);
  const at = lines.findIndex((l) => l.includes('"version":"0.1.0"') || l.includes(digestOf(a.tool)));
  fs.writeFileSync(path.join(dir, PARTS_FILE), `${lines.map((l, i) => (i === at ? l.replace(a.tool.version, '9.9.9') : l)).join('\n')}\n`);
  try {
    readReport(path.join(dir, 'a.json'));
    assert.unreachable('a changed part reads');
  } catch (err) {
    assert.instance(err, IntegrityError);
    assert.match((err as Error).message, `${PARTS_FILE}:${at + 1}: /value`);
  }
});

test('a published report read without its parts file says which part it lacks and where it looked', () => {
  const dir = tempDir();
  writeReport(path.join(dir, 'a.json'), thaw(a), { shared: true });
  fs.rmSync(path.join(dir, PARTS_FILE));
  try {
    readReport(path.join(dir, 'a.json'));
    assert.unreachable('a report without its parts reads');
  } catch (err) {
    assert.instance(err, InputError);
    assert.match((err as Error).message, `a.json: /tool: expected the part ${digestOf(a.tool)} in ${PARTS_FILE}`);
    // Every part is missing: three are named, and the rest counted, in four lines.
    const lines = (err as InputError).problems;
    assert.is(lines.length, 4);
    const places = fs.readFileSync(path.join(dir, 'a.json'), 'utf8').split('{"part":').length - 1;
    assert.match(lines[3], `and ${places - 3} more parts`);
  }
});

test('a report copied to another folder takes the parts it names with it, and only those', () => {
  const [from, to] = [tempDir(), tempDir()];
  writeReport(path.join(from, 'a.json'), thaw(a), { shared: true });
  writeReport(path.join(from, 'b.json'), thaw(b), { shared: true });
  copyReportFile(path.join(from, 'a.json'), path.join(to, 'a.json'));
  assert.equal(readReport(path.join(to, 'a.json')), a);
  assert.equal(new Set(readParts(to).keys()), partsNamed(JSON.parse(fs.readFileSync(path.join(to, 'a.json'), 'utf8'))));
});

test('a report written for anywhere but a publication stays whole, naming no part', () => {
  const dir = tempDir();
  writeReport(path.join(dir, 'a.json'), thaw(a));
  assert.is(partsNamed(JSON.parse(fs.readFileSync(path.join(dir, 'a.json'), 'utf8'))).size, 0);
  assert.not.ok(fs.existsSync(path.join(dir, PARTS_FILE)));
});

finish(test);
