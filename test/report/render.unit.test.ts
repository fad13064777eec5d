// The terminal view fits its width at any number of probes, shows the matrix only where it
// fits (or is asked for), keeps every outcome that is news with its reason, and paints
// only when asked. What a run prints while it runs depends on where it prints.

import { test } from 'uvu';
import { say } from '../../runners/cli/say.ts';
import * as assert from 'uvu/assert';
import { modeFor, reporter } from '../../runners/cli/progress.ts';
import type { Report, TrialResult } from '../../runners/model/report-types.ts';
import { summarize } from '../../runners/report/build.ts';
import { DEFAULT_VIEW, renderTable, wrap } from '../../runners/report/render-terminal.ts';
import { finish } from '../support/suite.ts';
import { publishedReports } from '../support/published.ts';

const published = publishedReports().map((p) => p.report);
const widest = (text: string) => Math.max(...text.split('\n').map((l) => l.length));

/** Every published report's trials under one report, as a run of every probe would be. */
function everything(copies = 1): Report {
  const [first] = published;
  const probes = published.flatMap((r) => r.probes).flatMap((p) => Array.from({ length: copies }, (_, i) => ({ ...p, name: copies > 1 ? `${p.name}-${i}` : p.name })));
  const trials = published.flatMap((r) => r.trials).flatMap((t) => Array.from({ length: copies }, (_, i) => ({ ...t, probe: copies > 1 ? `${t.probe}-${i}` : t.probe })));
  // Every report's cases, each once, as a run of them all would list them.
  const cases = published.flatMap((r) => r.cases).filter((c, i, all) => all.findIndex((x) => x.id === c.id) === i);
  return { ...first, probes, cases, trials, summary: summarize(trials) };
}

test('every published report, and all of them at once, fit 100 columns', () => {
  assert.ok(published.length > 10, `${published.length} published reports`);
  for (const r of [...published, everything(), everything(3)]) assert.ok(widest(renderTable(r)) <= 100, `${r.probes.map((p) => p.name).join(',')}: ${widest(renderTable(r))}`);
});

test('the case x probe matrix shows when it fits or is asked for, and is left out otherwise', () => {
  const one = published.find((r) => r.probes.length === 1)!;
  assert.match(renderTable(one), /^case\s+\S+\n-+/);
  const many = everything(3);
  assert.not.match(renderTable(many), /^case\s/m);
  assert.match(renderTable(many, { ...DEFAULT_VIEW, table: 'cases' }), /^case\s/m);
  assert.not.match(renderTable(one, { ...DEFAULT_VIEW, table: 'probes' }), /^case\s/m);
  assert.match(renderTable(many), /^probe\s+pass known\s+unexp\s+skip\s+settles\s+waits\s+reason/m);
});

test('every outcome that is not as expected is listed with its reason, even when quiet', () => {
  const base = published[0];
  const odd: TrialResult[] = [
    { probe: base.probes[0].name, case: 'core/x', kind: 'library', outcome: 'fail', reason: 'child.reapedAtSettle is false, expected true' },
    { probe: base.probes[0].name, case: 'core/y', kind: 'library', outcome: 'flaky', reason: 'child.signals differed across 5 runs' },
  ];
  const report = { ...base, trials: [...base.trials, ...odd], summary: summarize([...base.trials, ...odd]) };
  for (const quiet of [false, true]) {
    const text = renderTable(report, { ...DEFAULT_VIEW, quiet });
    assert.match(text, /core\/x: fail: child\.reapedAtSettle is false, expected true/);
    assert.match(text, /core\/y: flaky: child\.signals differed/);
    assert.match(text, /NOT as expected\.$/);
    assert.is(/^probe\s/m.test(text), !quiet);
  }
});

test('colour only when asked, and the colour takes no columns', () => {
  const r = published.find((x) => x.trials.some((t) => t.outcome === 'pass'))!;
  assert.not.match(renderTable(r), /\u001b\[/);
  const painted = renderTable(r, { ...DEFAULT_VIEW, color: true });
  assert.match(painted, /\u001b\[\d+m/);
  assert.equal(painted.replace(/\u001b\[[\d;]*m/g, ''), renderTable(r));
});

test('long sentences wrap at the width with a hanging indent', () => {
  assert.equal(wrap('aaa bbb ccc ddd', 8, '  '), ['aaa bbb', '  ccc', '  ddd']);
});

test("the run's own lines on stderr fit a terminal of 100 columns, and stay one line each off a terminal", () => {
  const long = "execa10, ai-sdk-mcp and mcp-searxng run on Node 24.19.0, not the host's Node v20.20.2: needs Node >=22, as their packages say";
  const seen = (isTTY: boolean, columns: number) => {
    let written = '';
    say(long, { isTTY, columns, write: (s: string) => ((written += s), true) } as never);
    return written.trimEnd().split('\n');
  };
  const onTerminal = seen(true, 100);
  assert.ok(onTerminal.length > 1 && onTerminal.every((l) => l.length < 100), onTerminal.join('\n'));
  assert.equal(seen(false, 100), [`childproof: ${long}`]);
});

test('progress: a status line on a terminal, a line per trial off one or under CI, nothing when quiet', () => {
  const tty = { isTTY: true } as NodeJS.WriteStream;
  const pipe = { isTTY: false } as NodeJS.WriteStream;
  assert.is(modeFor(tty, false, {}), 'live');
  assert.is(modeFor(tty, false, { CI: 'true' }), 'lines');
  assert.is(modeFor(pipe, false, {}), 'lines');
  assert.is(modeFor(tty, true, {}), 'quiet');
  let written = '';
  const sink = { write: (s: string) => ((written += s), true), columns: 80 } as unknown as NodeJS.WriteStream;
  const lines = reporter(sink, 'lines');
  lines.progress({ done: 0, total: 2, running: 1 });
  lines.result({ probe: 'p', case: 'core/a', kind: 'library', outcome: 'pass' });
  lines.progress({ done: 1, total: 2, running: 1 });
  lines.result({ probe: 'p', case: 'core/b', kind: 'library', outcome: 'fail' });
  lines.end();
  assert.is(written, '[1/2] p core/a: pass\n[2/2] p core/b: fail\n');
  written = '';
  const live = reporter(sink, 'live');
  live.result({ probe: 'p', case: 'core/b', kind: 'library', outcome: 'fail' });
  live.progress({ done: 1, total: 2, running: 1 });
  live.end();
  assert.match(written, /\r\u001b\[2Kchildproof: 1\/2 done, 1 running, \d+ s, 1 not as expected/);
  assert.ok(written.endsWith('\r\u001b[2K'), 'the status line is cleared at the end');
});

finish(test);
