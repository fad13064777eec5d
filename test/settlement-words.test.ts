// The words a library's trial is told in at settlement (runners/report/kinds/library.ts),
// over every published trial: each sentence says only what the trial's own facts state.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LIBRARY_WORDS } from '../runners/report/kinds/library.ts';
import { publishedReports } from './support/published.ts';
import { finish } from './support/suite.ts';

const published = publishedReports();

test('no published settlement sentence says a child the harness ended went on its own: it outlived the window, and no time of the kill is given as its end', () => {
  let harnessEnded = 0;
  for (const { file, report } of published) {
    for (const t of report.trials) {
      if (t.kind !== 'library' || !t.facts || t.facts['child.atSettle'] !== 'running' || t.facts['child.reapedAtSettle'] !== false) continue;
      const words = LIBRARY_WORDS.words(t);
      if (t.facts['child.end'] === 'harness-killed') {
        harnessEnded++;
        assert.match(words, /still running at that moment, and outlived the window: the harness ended it\./, `${file}: ${t.case}`);
        assert.not.match(words, /exit was recorded \d+ ms later/, `${file}: ${t.case}`);
      } else assert.not.match(words, /the harness ended it/, `${file}: ${t.case}`);
    }
  }
  assert.ok(harnessEnded > 0, 'some published child outlived its window');
});

finish(test);
