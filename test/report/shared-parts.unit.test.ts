// A publication's reports store what they share once: each names the part by its digest,
// the publication's one parts.jsonl holds it, and reading puts it back, checked.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IntegrityError, InputError } from '../../runners/model/errors.ts';
import type { Report } from '../../runners/model/report-types.ts';
import { copyReportFile, PARTS_FILE, pruneParts, readParts } from '../../runners/report/parts-file.ts';
import { readReport, writeReport } from '../../runners/report/report-file.ts';
import { digestOf, partsIn, partsNamed, partsOut, partsReached } from '../../runners/report/shared-parts.ts';
import { tempDir } from '../support/helpers.ts';
import { publishedReports } from '../support/published.ts';
import { finish } from '../support/suite.ts';

const reports = publishedReports();
/** Two reports of one probe on two runtimes: what they share is its tool, cases and probe. */
const [a, b] = reports.filter((p) => p.file.startsWith('execa/')).map((p) => p.report);
const thaw = (r: Report): Report => structuredClone(r);
const partLines = (dir: string) => fs.readFileSync(path.join(dir, PARTS_FILE), 'utf8').trim().split('\n');

test("a report's tool, cases, probes, and each trial's facts, verdicts and ways of looking become parts named by their digest, and come back whole", () => {
  const { file, parts } = partsOut(thaw(a));
  assert.equal(file.tool, { part: digestOf(a.tool) });
  assert.ok(file.cases.every((c, i) => JSON.stringify(c) === JSON.stringify({ part: digestOf(a.cases[i]) })));
  const i = a.trials.findIndex((t) => t.facts && t.verdicts?.length);
  assert.equal(file.trials[i].facts, { part: digestOf(a.trials[i].facts) });
  assert.equal(file.trials[i].verdicts, { part: digestOf(a.trials[i].verdicts) });
  const looked = a.trials.find((t) => t.observations && 'worker' in t.observations)!;
  const j = a.trials.indexOf(looked);
  assert.equal((file.trials[j].observations as { worker: { introspection: unknown } }).worker.introspection, { part: digestOf((looked.observations as { worker: { introspection: unknown } }).worker.introspection) });
  // However many trials judged alike, their verdicts are one part.
  const judged = a.trials.filter((t) => t.verdicts);
  const lists = new Set(judged.map((t) => JSON.stringify(t.verdicts)));
  assert.ok(lists.size < judged.length, `${lists.size} lists of verdicts for ${judged.length} trials`);
  assert.is([...parts.values()].filter((v) => lists.has(JSON.stringify(v))).length, lists.size);
  assert.equal(partsIn(file, () => parts, () => assert.unreachable('no part is missing')), a);
  // The file names its parts; a probe's entry names its identity in turn, so every part is reached from the file.
  assert.equal(partsReached(partsNamed(file), parts), new Set(parts.keys()));
  assert.ok(partsNamed(file).size < parts.size, 'some parts are named only by other parts');
});

test("a probe's identity is one part for every runtime's entry, though their explanations differ", () => {
  const entries = [a, b].map((r) => partsOut(thaw(r)));
  const probeOf = (o: (typeof entries)[number]) => o.parts.get((o.file.probes[0] as unknown as { part: `sha256:${string}` }).part) as { identity: unknown };
  assert.equal(probeOf(entries[0]).identity, probeOf(entries[1]).identity);
  assert.equal(probeOf(entries[0]).identity, { part: digestOf(a.probes[0].identity) });
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
  writeReport(path.join(dir, 'a.json'), thaw(a), { publication: dir });
  const alone = partLines(dir).length;
  writeReport(path.join(dir, 'b.json'), thaw(b), { publication: dir });
  // b adds its own introspection and any case or probe entry of its own, never the tool again.
  assert.ok(partLines(dir).length < alone * 2, `${partLines(dir).length} parts after two reports, ${alone} after one`);
  assert.equal(readReport(path.join(dir, 'a.json')), a);
  assert.equal(readReport(path.join(dir, 'b.json')), b);
  writeReport(path.join(dir, 'whole.json'), thaw(a));
  assert.ok(fs.statSync(path.join(dir, 'a.json')).size + JSON.stringify(a.tool).length < fs.statSync(path.join(dir, 'whole.json')).size, 'the published file is smaller than the whole one by more than its tool');
});

test('a part no report of the publication names any more is dropped once it is pruned, and a part another part names is kept', () => {
  const dir = tempDir();
  const other = { ...thaw(a), tool: { ...a.tool, version: '0.0.0-other' } };
  writeReport(path.join(dir, 'a.json'), other, { publication: dir });
  assert.ok(readParts(dir).has(digestOf(other.tool)));
  writeReport(path.join(dir, 'a.json'), thaw(a), { publication: dir });
  assert.ok(readParts(dir).has(digestOf(other.tool)), 'kept until the publication is pruned');
  pruneParts(dir);
  assert.ok(readParts(dir).has(digestOf(a.probes[0].identity)), "the probe's identity, which only its entry names");
  assert.equal(readReport(path.join(dir, 'a.json')), a);
  assert.not.ok(readParts(dir).has(digestOf(other.tool)), "the overwritten report's tool is gone");
  assert.ok(readParts(dir).has(digestOf(a.tool)));
});

test("a part changed after it was published is refused as an integrity error, naming the file's line", () => {
  const dir = tempDir();
  writeReport(path.join(dir, 'a.json'), thaw(a), { publication: dir });
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
  writeReport(path.join(dir, 'a.json'), thaw(a), { publication: dir });
  fs.rmSync(path.join(dir, PARTS_FILE));
  try {
    readReport(path.join(dir, 'a.json'));
    assert.unreachable('a report without its parts reads');
  } catch (err) {
    assert.instance(err, InputError);
    assert.match((err as Error).message, /a\.json: \/\S+: expected the part sha256:[0-9a-f]{64} in a parts\.jsonl in its folder or the two above it \(there is none\)/);
    assert.match((err as Error).message, `/tool: expected the part ${digestOf(a.tool)}`);
    // Every part is missing: three are named, and the rest counted, in four lines.
    const lines = (err as InputError).problems;
    assert.is(lines.length, 4);
    const places = fs.readFileSync(path.join(dir, 'a.json'), 'utf8').split('{"part":').length - 1;
    assert.match(lines[3], `and ${places - 3} more parts`);
  }
});

test('a report copied to another publication takes the parts it reaches with it, and only those', () => {
  const [from, to] = [tempDir(), tempDir()];
  writeReport(path.join(from, 'a.json'), thaw(a), { publication: from });
  writeReport(path.join(from, 'b.json'), thaw(b), { publication: from });
  copyReportFile(path.join(from, 'a.json'), path.join(to, 'a.json'), to);
  assert.equal(readReport(path.join(to, 'a.json')), a);
  const parts = readParts(to);
  assert.equal(new Set(parts.keys()), partsReached(partsNamed(JSON.parse(fs.readFileSync(path.join(to, 'a.json'), 'utf8'))), parts));
  assert.ok(parts.size < readParts(from).size, "b's own parts stay behind");
});

test("reports in a publication's folders and its sweeps' share the one store at its top, and read from it", () => {
  const dir = tempDir();
  writeReport(path.join(dir, 'execa', 'a.json'), thaw(a), { publication: dir });
  // A sweep published below it finds the publication's store rather than starting its own.
  writeReport(path.join(dir, 'sweeps', 'execa', 'b.json'), thaw(b), { publication: path.join(dir, 'sweeps') });
  assert.equal(fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => path.basename(f) === PARTS_FILE), [PARTS_FILE]);
  assert.equal(readReport(path.join(dir, 'execa', 'a.json')), a);
  assert.equal(readReport(path.join(dir, 'sweeps', 'execa', 'b.json')), b);
  assert.ok(readParts(dir).has(digestOf(b.tool)));
});

test('a report written for anywhere but a publication stays whole, naming no part', () => {
  const dir = tempDir();
  writeReport(path.join(dir, 'a.json'), thaw(a));
  assert.is(partsNamed(JSON.parse(fs.readFileSync(path.join(dir, 'a.json'), 'utf8'))).size, 0);
  assert.not.ok(fs.existsSync(path.join(dir, PARTS_FILE)));
});

finish(test);
