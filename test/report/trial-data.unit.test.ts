// A site page holds each trial small, and its script reads back what the report says: the
// block the page shows, and the timeline, facts and the rest its drawings are made from.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderHtml } from '../../runners/report/formats/html.ts';
import { renderSite } from '../../runners/report/formats/site.ts';
import { blockMarkup } from '../../runners/report/formats/trial-block.ts';
import { trialRead, type Written } from '../../runners/report/formats/trial-data.ts';
import { runtimeKey } from '../../runners/model/runtime-spec.ts';
import { publishedReports } from '../support/published.ts';
import { finish } from '../support/suite.ts';

const reports = publishedReports().filter((p) => p.file.startsWith('execa/')).map((p) => p.report);
const page = renderSite(reports).find((p) => p.path === 'execa/index.html')!.text;
const table: unknown[] = JSON.parse(/<script type="application\/json" id="page-table">(.*?)<\/script>/.exec(page)![1]);
/** Each list of trials on the page, with its section's runtime and the table's place of its trials. */
const lists = [...page.matchAll(/<section class="probe" id="[^"]+" data-probe="execa" data-runtime="([^"]+)">.*?(?=<section class="probe"|$)/gs)].flatMap((s) =>
  [...s[0].matchAll(/class="trials" data-trials="(\d+)" data-flag="([^"]+)"/g)].map((m) => ({ runtime: s[1], at: Number(m[1]), flag: m[2] })),
);
const read = (t: readonly unknown[]) => lists.flatMap((l) => (table[l.at] as Written[]).map((w) => ({ runtime: l.runtime, ...trialRead(w, { probe: 'execa', runtime: l.runtime, flag: l.flag }, t) })));

test("each trial on its page reads back as its report's outcome, timeline, facts and the rest", () => {
  const trials = reports.flatMap((r) => r.trials.map((t) => ({ runtime: runtimeKey(r.environment), t })));
  const back = read(table);
  assert.is(back.length, trials.length, 'every trial of every runtime, run or skipped, is on the page');
  for (const { runtime, block, data } of back) {
    const { t } = trials.find((x) => x.runtime === runtime && x.t.case === block.case)!;
    assert.is(block.outcome, t.outcome, `${runtime} ${t.case}: its outcome`);
    assert.is(block.verdicts.length, (t.verdicts ?? []).filter((v) => v.result !== 'pass').length, `${t.case}: every verdict that did not pass`);
    if (block.skipped !== undefined) continue;
    assert.equal(data.timeline, t.timeline ?? [], `${t.case}: its timeline`);
    assert.equal(data.facts, t.facts, `${t.case}: its facts`);
    assert.equal(data.leftovers, t.leftovers ?? []);
    assert.equal(data.evidence, t.evidence);
    if (block.rerun) assert.match(block.rerun, `--case ${t.case} `);
  }
});

test('each block the page\'s script draws is the block the one-page report holds in place, up to its drawings', () => {
  const inline = renderHtml(reports);
  const back = read(table);
  for (const { block } of back) {
    const markup = blockMarkup(block);
    // The drawings (timeline, facts) are made when a trial opens; all before them is the same.
    const before = markup.split('<div class="timeline-box">')[0].split('<details class="facts">')[0].split('<p>Run it again')[0];
    assert.ok(inline.includes(before), `${block.runtime} ${block.case}: ${before.slice(0, 200)}`);
  }
  assert.ok(back.some((r) => r.block.verdicts.length) && back.some((r) => r.block.skipped !== undefined), 'blocks with verdicts and skipped ones are among them');
});

test('a page writes what its trials repeat once, and its trials name it by its place', () => {
  const texts = new Set(lists.flatMap((l) => (table[l.at] as Written[]).map((w) => w.text)));
  const trials = lists.reduce((n, l) => n + (table[l.at] as Written[]).length, 0);
  assert.ok(texts.size < trials / 2, `${texts.size} blocks' texts for ${trials} trials`);
  const values = table.map((v) => JSON.stringify(v));
  assert.is(new Set(values).size, values.length, 'no value twice');
  // And the check can fail: a table shifted by one gives a trial another's block.
  const shifted = [...table.slice(1), table[0]];
  assert.not.equal(read(shifted).map((r) => r.block), read(table).map((r) => r.block));
});

finish(test);
