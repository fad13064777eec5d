// The words a library's trial is told in at settlement (runners/report/kinds/library-words.ts),
// over every published trial: each sentence says only what the trial's own facts state.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LIBRARY_WORDS } from '../../runners/report/kinds/library-words.ts';
import { publishedReports } from '../support/published.ts';
import { finish } from '../support/suite.ts';
import { loadAllCases } from '../../runners/model/load-cases.ts';

const published = publishedReports();

test('no published settlement sentence says a child the harness ended went on its own: it outlived the window, and no time of the kill is given as its end', () => {
  let harnessEnded = 0;
  for (const { file, report } of published) {
    for (const t of report.trials) {
      if (t.kind !== 'library' || !t.facts || t.facts['child.atSettle'] !== 'running' || t.facts['child.reapedAtSettle'] !== false) continue;
      const words = LIBRARY_WORDS.words(t);
      const leftover = (t.leftovers ?? []).some((l) => l.role === 'child');
      if (t.facts['child.end'] === 'harness-killed') {
        harnessEnded++;
        assert.match(words, /still running at that moment, and outlived the window: /, `${file}: ${t.case}`);
        assert.not.match(words, /ended \d+ ms later/, `${file}: ${t.case}`);
      }
      // The harness ended the child only where the child is a leftover: else it ended on its own.
      if (leftover) assert.match(words, /the harness ended it/, `${file}: ${t.case}`);
      else assert.not.match(words, /the harness ended it/, `${file}: ${t.case}`);
    }
  }
  assert.ok(harnessEnded > 0, 'some published child outlived its window');
});

test('no published sentence says the child ended later than its window, nor after the trial stopped watching', () => {
  const windows = new Map(loadAllCases().map((c) => [c.spec.id, c.spec.windowMs]));
  let timed = 0;
  for (const { file, report } of published) {
    for (const t of report.trials) {
      if (t.kind !== 'library' || !t.facts) continue;
      const later = /it ended(?:, on the end of its input,)? (\d+) ms later/.exec(LIBRARY_WORDS.words(t));
      if (!later) continue;
      timed++;
      // The watch runs its window, and a sample or two past it: the bound is where it stopped.
      const at = (kind: string) => t.timeline?.find((e) => e.kind === kind)?.ms;
      const settled = at('rejected') ?? at('resolved') ?? at('threw');
      const watched = settled !== undefined && at('watch-end') !== undefined ? at('watch-end')! - settled : Infinity;
      assert.ok(Number(later[1]) <= Math.max(windows.get(t.case)!, Math.ceil(watched)), `${file}: ${t.case}: ended ${later[1]} ms later, past its ${windows.get(t.case)} ms window and its watch`);
    }
  }
  assert.ok(timed > 0, 'some published child ended within its window');
});

test('no published sentence or explanation says the harness had to end something where it ended nothing', () => {
  let told = 0;
  for (const { file, report } of published) {
    for (const t of report.trials) {
      if (t.kind !== 'library' || !t.facts) continue;
      const left = (t.leftovers ?? []).length;
      const said = [LIBRARY_WORDS.words(t), ...(t.verdicts ?? []).flatMap((v) => (v.knownDivergence ? [v.knownDivergence] : []))].join(' ');
      if (/had to (end|kill)/.test(said)) {
        told++;
        assert.ok(left > 0, `${file}: ${t.case} says "had to end" with no leftover`);
      }
    }
  }
  assert.ok(told > 0, 'some published trial had a leftover');
});

finish(test);
