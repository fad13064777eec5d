// A site page holds each trial's data small, and its script reads back what the report says.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderSite } from '../../runners/report/formats/site.ts';
import { trialDataRead, type TrialData } from '../../runners/report/formats/trial-data.ts';
import { publishedReports } from '../support/published.ts';
import { finish } from '../support/suite.ts';

const reports = publishedReports().filter((p) => p.file.startsWith('execa/')).map((p) => p.report);
const page = renderSite(reports).find((p) => p.path === 'execa/index.html')!.text;
const scripts = [...page.matchAll(/<script type="application\/json" class="trial-data">(.*?)<\/script>/g)].map((m) => m[1]);
const tableText = /<script type="application\/json" id="facts-table">(.*?)<\/script>/.exec(page)?.[1];
const table = (): Array<TrialData['facts']> => JSON.parse(tableText!);

test("each trial's data on its page reads back as its report's timeline, facts and the rest", () => {
  const drawn = reports.flatMap((r) => r.trials.filter((t) => t.timeline?.length || t.facts).filter((t) => !['unsupported', 'unavailable'].includes(t.outcome)));
  assert.ok(scripts.length > 100, `${scripts.length} trials' data`);
  const read = scripts.map((s) => trialDataRead(s, table));
  for (const d of read) {
    const same = drawn.filter((t) => t.case === d.case && JSON.stringify(t.timeline ?? []) === JSON.stringify(d.timeline));
    assert.is(same.length, 1, `${d.case}: one trial draws this timeline`);
    assert.equal(d.facts, same[0].facts, `${d.case}: its facts`);
    assert.equal(d.leftovers, same[0].leftovers ?? []);
    assert.equal(d.evidence, same[0].evidence);
  }
});

test('a page writes each set of facts once, and its trials name them by their place', () => {
  const facts = table().map((f) => JSON.stringify(f));
  assert.is(new Set(facts).size, facts.length, 'no set of facts twice');
  const named = scripts.map((s) => JSON.parse(s).facts).filter((f) => f !== undefined);
  assert.ok(named.every((f) => typeof f === 'number' && f < facts.length));
  assert.ok(facts.length < named.length / 2, `${facts.length} sets of facts for ${named.length} trials`);
  // And the check can fail: a table shifted by one gives a trial another's facts.
  const shifted = () => [...table().slice(1), table()[0]];
  assert.not.equal(scripts.map((s) => trialDataRead(s, shifted).facts), scripts.map((s) => trialDataRead(s, table).facts));
});

finish(test);
