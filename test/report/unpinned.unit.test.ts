// Code that ran beside the pinned bytes is said once per probe, on the terminal, the
// findings page and the report pages, grouped by package with the version the resolved
// tree gives; a probe whose trials loaded nothing unpinned says nothing.

import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { displayModule } from '../../runners/engine/unverified.ts';
import { RESULTS_DIR } from '../../runners/model/paths.ts';
import type { ReportProbe, Report } from '../../runners/model/report-types.ts';
import { renderFindings } from '../../runners/report/findings.ts';
import { renderHtml } from '../../runners/report/formats/html.ts';
import { renderMarkdown } from '../../runners/report/formats/markdown.ts';
import { DEFAULT_VIEW, renderTable } from '../../runners/report/render-terminal.ts';
import { describeUnpinned, packageOf, unpinnedOf, unpinnedProbes } from '../../runners/report/unpinned.ts';
import { finish } from '../support/suite.ts';
import { publishedReports } from '../support/published.ts';

const published = publishedReports().map(({ file, report }) => ({ file: path.relative(RESULTS_DIR, file), report }));
const of = (probe: string) => published.find((p) => p.report.probes[0].name === probe)!;

test('a module belongs to the package after its last node_modules, scoped names whole', () => {
  assert.is(packageOf('node_modules/which/which.js'), 'which');
  assert.is(packageOf('node_modules/@sec-ant/readable-stream/dist/ponyfill/index.js'), '@sec-ant/readable-stream');
  assert.is(packageOf('node_modules/a/node_modules/b/lib/x.js'), 'b');
  assert.is(packageOf('/home/someone/helper.js'), null);
});

test('a loaded module is named from the first node_modules on: a nested copy stays apart from the top-level one', () => {
  assert.is(displayModule('/cache/targets/execa@9.6.1/node_modules/path-key/index.js'), 'node_modules/path-key/index.js');
  assert.is(displayModule('/cache/targets/execa@9.6.1/node_modules/npm-run-path/node_modules/path-key/index.js'), 'node_modules/npm-run-path/node_modules/path-key/index.js');
  assert.is(displayModule('/home/someone/helper.js'), '/home/someone/helper.js');
});

test('a probe is described by its packages at the versions its tree resolved, and files outside any package counted', () => {
  const probe = {
    name: 'p',
    verified: {
      tree: [{ name: 'which', version: '2.0.2' }, { name: 'dup', version: '1.0.0' }, { name: 'dup', version: '2.0.0' }],
      unverifiedModules: ['node_modules/which/which.js', 'node_modules/which/lib.js', 'node_modules/dup/index.js', '/elsewhere/x.js'],
    },
  } as unknown as ReportProbe;
  const u = unpinnedOf(probe)!;
  assert.equal(u, { probe: 'p', modules: 4, packages: ['dup', 'which@2.0.2'], files: 1 });
  assert.is(describeUnpinned(u), '4 loaded modules no pin covers, from 2 packages: dup, which@2.0.2 and 1 file outside any package');
  assert.is(describeUnpinned(u, 1), '4 loaded modules no pin covers, from 2 packages: dup, and 1 more and 1 file outside any package');
  assert.is(unpinnedOf({ ...probe, verified: { ...probe.verified!, unverifiedModules: [] } }), null);
});

test("the terminal says, once per probe, what cross-spawn's trials loaded unpinned, and nothing for Node's own", () => {
  const both: Report = { ...of('cross-spawn').report, probes: [...of('cross-spawn').report.probes, ...of('node-execfile').report.probes] };
  assert.is(unpinnedProbes(both).length, 1);
  const text = renderTable(of('cross-spawn').report, { ...DEFAULT_VIEW, width: 200 });
  assert.match(text, /^ {2}cross-spawn: \d+ loaded modules no pin covers, from \d+ packages: .*which@2\.0\.2/m);
  assert.not.match(renderTable(of('node-execfile').report, { ...DEFAULT_VIEW, width: 200 }), /Unpinned|no pin covers/);
  // Quiet shows only what is not as expected.
  assert.not.match(renderTable(of('cross-spawn').report, { ...DEFAULT_VIEW, quiet: true }), /no pin covers/);
});

test('the findings page, the markdown and the HTML report say it beside the probe', () => {
  const page = renderFindings(published);
  const section = page.slice(page.indexOf('## cross-spawn'));
  assert.match(section.slice(0, section.indexOf('| clause |')), /Unpinned: \d+ loaded modules no pin covers, from \d+ packages: isexe@2\.0\.0, path-key@3\.1\.1/);
  const builtin = page.slice(page.indexOf('## node-execfile'));
  assert.not.match(builtin.slice(0, builtin.indexOf('| clause |')), /Unpinned/);
  assert.match(renderMarkdown([of('cross-spawn').report]), /Unpinned: \d+ loaded modules no pin covers/);
  const html = renderHtml([of('cross-spawn').report]);
  assert.match(html, /<p class="unpinned">Unpinned: \d+ loaded modules no pin covers/);
  assert.match(html, /<li><code>node_modules\/which\/which\.js<\/code><\/li>/);
});

finish(test);
