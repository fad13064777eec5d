// Every committed report renders in every format: JUnit XML that a real validator accepts
// against Maven Surefire's published schema, Markdown that holds every trial's facts, and GitHub
// annotations on the case file of each outcome that is not as expected.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { show } from '../../runners/judge/verdicts.ts';
import { factNamesAt } from '../../runners/model/case.ts';
import { runtimeFlag, runtimeKey, runtimeText } from '../../runners/model/runtime-spec.ts';
import { RESULTS_DIR, ROOT } from '../../runners/model/paths.ts';
import { type Report, type TrialResult } from '../../runners/model/report-types.ts';
import { summarize } from '../../runners/report/build.ts';
import { renderGithub } from '../../runners/report/formats/github.ts';
import { renderJunit } from '../../runners/report/formats/junit.ts';
import { renderMarkdown } from '../../runners/report/formats/markdown.ts';
import { renderHtml } from '../../runners/report/formats/html.ts';
import { probePage, renderSite } from '../../runners/report/formats/site.ts';
import { loadFactMeanings } from '../../runners/model/fact-meanings.ts';
import { DEFAULT_VIEW, renderTable } from '../../runners/report/render-terminal.ts';
import { renderFindings } from '../../runners/report/findings.ts';
import { bottomLine } from '../../runners/report/bottom-line.ts';
import { verdictRows } from '../../runners/report/verdict.ts';
import { byRuntime } from '../../runners/report/formats/group.ts';
import { mdText } from '../../runners/report/formats/escape.ts';
import { lanesOf, renderTimeline } from '../../runners/report/formats/timeline-svg.ts';
import { cli, tempDir } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';
import { publishedReports } from '../support/published.ts';

// Files as absolute paths, so the command line can be given them from anywhere.
const published = publishedReports().map(({ file, report }) => ({ file: path.join(RESULTS_DIR, file), report }));

/** childproof's JUnit schema, beside the Maven Surefire schema it includes, both as shipped. */
const junitSchema = () => path.join(ROOT, 'schemas', 'junit.xsd');

function xmllint(xml: string, xsd: string): { status: number | null; stderr: string } {
  const file = path.join(tempDir(), 'junit.xml');
  fs.writeFileSync(file, xml);
  const r = spawnSync('xmllint', ['--noout', '--schema', xsd, file], { encoding: 'utf8' });
  assert.not.ok(r.error, 'xmllint is installed (Debian: libxml2-utils; make test installs it)');
  return { status: r.status, stderr: r.stderr };
}

test("the JUnit of every committed report validates against Surefire's schema, skipped messages and all", () => {
  const xsd = junitSchema();
  assert.ok(published.length > 10);
  for (const { file, report } of published) {
    const r = xmllint(renderJunit([report]), xsd);
    assert.is(r.status, 0, `${file}: ${r.stderr}`);
  }
  // And the check can fail: an element the schema does not know is refused, and so is a
  // skipped trial given an attribute Surefire does not know.
  const suite = (body: string) => `<testsuites tests="1" failures="0" errors="0" skipped="1"><testsuite name="x" tests="1" errors="0" skipped="1" failures="0"><testcase name="c" time="0">${body}</testcase></testsuite></testsuites>`;
  assert.is(xmllint(suite('<skipped message="unsupported: why">why</skipped>'), xsd).status, 0);
  assert.is.not(xmllint(suite('<oops/>'), xsd).status, 0);
  assert.is.not(xmllint(suite('<skipped kind="unsupported">why</skipped>'), xsd).status, 0);
});

test('in JUnit a failure carries its verdicts, an error its reason, and known failures are skipped', () => {
  const [{ report }] = published;
  const trials: TrialResult[] = [
    { probe: 'p', case: 'core/a', kind: 'library', outcome: 'fail', reason: 'why', verdicts: [{ clause: 'escalates', fact: 'child.signals', result: 'fail', observed: ['SIGTERM'], why: 'child.signals is ["SIGTERM"] <no SIGKILL>' }] },
    { probe: 'p', case: 'core/b', kind: 'library', outcome: 'error', reason: 'the worker died' },
    { probe: 'p', case: 'core/c', kind: 'library', outcome: 'known-fail', reason: 'it never escalates' },
    { probe: 'p', case: 'core/d', kind: 'library', outcome: 'pass' },
  ];
  const xml = renderJunit([{ ...report, probes: [{ ...report.probes[0], name: 'p' }], trials, summary: summarize(trials) }]);
  assert.match(xml, /tests="4" failures="1" errors="1" skipped="1" time="/);
  assert.match(xml, /<testsuites name="childproof" tests="4" failures="1" errors="1" skipped="1" time="\d+\.\d{3}">/);
  assert.match(xml, /<failure type="fail" message="why">why\nescalates: child\.signals is \[&quot;SIGTERM&quot;\] &lt;no SIGKILL&gt;<\/failure>/);
  assert.match(xml, /<error type="error" message="the worker died">/);
  assert.match(xml, /<skipped message="known-fail: it never escalates">known-fail: it never escalates<\/skipped>/);
  assert.match(xml, /<property name="createdAt" value="[^"]+"\/>/);
  assert.match(xml, new RegExp(`<testcase name="core/d" classname="childproof\\.${runtimeKey(report.environment).replace(/\./g, '_')}\\.p" time="0\\.000"/>`));
});

test('the Markdown of every committed report holds every trial, its facts and how to run it again', () => {
  for (const { file, report } of published) {
    const md = renderMarkdown([report]);
    for (const t of report.trials) {
      const at = md.indexOf(`### ${t.probe} · ${t.case}: ${t.outcome}`);
      assert.ok(at >= 0, `${file}: ${t.probe} ${t.case}`);
      const section = md.slice(at, md.indexOf('\n### ', at + 1) >>> 0 || undefined);
      const value = (v: unknown) => (v === 'unknown' ? '*unknown*' : `\`${show(v as never)}\``);
      for (const fact of t.facts ? factNamesAt(report.semantics, t.kind) : []) assert.ok(section.includes(`| ${fact} | ${value(t.facts![fact])} |`), `${file}: ${t.case}: ${fact}`);
      if (t.observations) assert.ok(section.includes(`childproof run --probe ${t.probe} --case ${t.case} ${runtimeFlag(report.environment)}`), `${file}: ${t.case}: replay`);
    }
  }
});

test('GitHub annotations escape what they carry, and a report as expected gets its notice alone', () => {
  const [{ report }] = published;
  const trials: TrialResult[] = [
    { probe: 'p', case: 'core/a', kind: 'library', outcome: 'fail', reason: 'line one\nline two: 100%' },
    { probe: 'p', case: 'core/b', kind: 'library', outcome: 'known-fail', reason: 'known' },
  ];
  const out = renderGithub([{ ...report, trials, summary: summarize(trials) } as Report]);
  assert.is(out.split('\n')[1], `::error title=childproof p on ${runtimeText(report.environment).replace(':', '%3A')}%3A core/a%3A fail::line one%0Aline two: 100%25`);
  for (const { report: r } of published) assert.match(renderGithub([r]), /^::notice title=childproof on [^:]+::\d+ trials: .*(All as expected( \(\d+ known-fail: divergences the probes record, not passes\))?|Nothing was tested)\.( \d+ never settled \(\d+ of them known divergences\)\.)?\n$/, 'every committed report is as expected');
});

test('render picks one trial with --trial, writes --out whole, and refuses what it does not know', async () => {
  const { file, report } = published.find((p) => p.report.trials.some((t) => t.observations))!;
  const t = report.trials.find((x) => x.observations)!;
  const out = path.join(tempDir(), 'one.md');
  const r = await cli('render', file, '--format', 'md', '--trial', `${t.probe}:${t.case}`, '--out', out);
  assert.is(r.code, 0, r.stderr);
  assert.is(fs.readFileSync(out, 'utf8').match(/^### /gm)!.length, 1);
  const svg = await cli('render', file, '--format', 'svg', '--trial', `${t.probe}:${t.case}`);
  assert.is(svg.code, 0, svg.stderr);
  assert.match(svg.stdout, new RegExp(`^<svg [^>]*data-trial="${t.probe} ${t.case}"`));
  for (const [args, expected] of [
    [[file, '--format', 'pdf'], /--format expects one of md, html, svg, junit, github, badge, summary, site, not "pdf"/],
    [[file, '--format', 'md', '--trial', 'nope'], /--trial expects PROBE:CASE/],
    [[file, '--format', 'svg'], /--format svg draws one trial: name it with --trial PROBE:CASE/],
    [[file, '--format', 'md', '--trial', 'nope:core/x'], /no trial nope core\/x/],
  ] as const) {
    const bad = await cli('render', ...args);
    assert.is(bad.code, 2);
    assert.match(bad.stderr, expected);
  }
});

test('compare --format md lists, fact by fact, what changed between two reports', async () => {
  const { file, report } = published.find((p) => p.report.trials.some((t) => t.facts))!;
  const changed = structuredClone(report);
  const t = changed.trials.find((x) => x.facts)!;
  t.facts!['spawn.attempts'] = 7;
  const other = path.join(tempDir(), 'changed.json');
  fs.writeFileSync(other, JSON.stringify(changed));
  const r = await cli('compare', file, other, '--format', 'md');
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stdout, /^# What changed: /);
  const before = JSON.stringify(report.trials.find((x) => x.probe === t.probe && x.case === t.case)!.facts!['spawn.attempts']);
  assert.ok(r.stdout.includes(`| ${t.probe} vs ${t.probe} | ${t.case} | spawn.attempts | \`${before}\` | \`7\` |\n`), r.stdout);
  assert.match(r.stdout, /1 with differences, 0 unpaired\.\n$/);
});

test('the findings open as the page does: the same bottom line, rows in its order and words, how each library was called; each explanation once per row', () => {
  const text = renderFindings(published.map(({ file, report }) => ({ file: path.relative(RESULTS_DIR, file), report })));
  const page = verdictRows(byRuntime(published.map((p) => p.report)));
  const bottom = text.split('\n## Bottom line\n\n')[1].split('\n\n')[0].split('\n');
  assert.equal(bottom, bottomLine(page).map((l, i) => `${i + 1}. ${mdText(l)}`));
  const overview = text.split('\n## Which library holds which clause\n\n')[1].split('\n## ')[0];
  const rows = overview.split('\n').filter((l) => l.startsWith('| **'));
  // The reference first, then libraries by name; a row's runtimes newest first, Node before Bun and Deno.
  assert.match(rows[0], /^\| \*\*reference\*\* /);
  assert.match(overview, /\| \*\*reference\*\* files [0-9a-f]+ \(the reference\)<br>\[findings\]\([^)]*\)<br>Node 24\.19\.0, 22\.23\.5, 20\.20\.2; Deno 2\.9\.6 \| holds in \d+ of \d+ \|/);
  // The page's words: a clause nothing covered says why, as the page does.
  assert.match(overview, /\*\*execa10\*\* 10\.2\.1<br>called with `killDescendants: true`<br>\[npm\]\(https:\/\/www\.npmjs\.com\/package\/execa\/v\/10\.2\.1\) · \[source\]\(https:\/\/github\.com\/sindresorhus\/execa\) · \[findings\]\(#[^)]+\)<br>Node 20\.20\.2 \| not covered: needs Node &gt;=22 \|/);
  assert.not.match(overview, /\| unsupported \|/);
  assert.match(text, /\n## Words used here\n\n- \*\*clause\*\*: /);
  for (const section of text.split('\n## ').slice(1)) {
    const notes = [...section.matchAll(/^\d+\. (.+)$/gm)].map((m) => m[1]);
    assert.equal(notes, [...new Set(notes)], section.split('\n')[0]);
    for (const ref of section.matchAll(/ \[(\d+)\]/g)) assert.ok(Number(ref[1]) <= notes.length, `${section.split('\n')[0]}: [${ref[1]}]`);
  }
});

test('every trial of every committed report draws its timeline: a mark per event, a line for its settlement and the end of its watch', () => {
  const lines = new Set(['rejected', 'resolved', 'threw', 'watch-end']);
  for (const { file, report } of published) {
    for (const t of report.trials.filter((x) => x.timeline?.length)) {
      const svg = renderTimeline(t);
      assert.is(svg.match(/<circle class="mark /g)?.length ?? 0, t.timeline!.filter((e) => !lines.has(e.kind)).length, `${file}: ${t.case}`);
      assert.is(svg.match(/<line [^>]*class="settlement"/g)?.length ?? 0, t.timeline!.some((e) => ['rejected', 'resolved', 'threw'].includes(e.kind)) ? 2 : 0, `${file}: ${t.case}`);
      assert.is(svg.match(/<line [^>]*class="lane"/g)!.length, lanesOf(t).length, `${file}: ${t.case}`);
    }
  }
});

test('the Markdown says in words what was true at settlement', () => {
  const { report } = published.find((p) => p.file.includes('node-execfile') && p.report.environment.node === process.version) ?? published[0];
  const t = report.trials.find((x) => x.case === 'core/delayed-cleanup-abort' && x.facts?.['child.markerAtSettle'] === false);
  if (!t) return assert.unreachable('a published execfile trial whose cleanup marker was absent at settlement');
  const marker = t.timeline!.find((e) => e.kind === 'marker')!.ms - t.timeline!.find((e) => e.kind === 'rejected')!.ms;
  assert.match(renderMarkdown([{ ...report, trials: [t] }]), new RegExp(`At settlement: The call rejected \\d+ ms after the trigger\\. The child was still running at that moment; it ended \\d+ ms later\\. Its cleanup marker was absent; it appeared ${Math.round(marker)} ms later\\.`));
});

test('an interrupted run is never green: not as expected, an error JUnit counts and validates, and github and md say what did not run', () => {
  const xsd = junitSchema();
  const [{ report }] = published;
  const interrupted = { by: 'SIGINT', planned: 20, finished: 0 };
  const cut: Report = { ...report, trials: [], summary: summarize([], interrupted), interrupted };
  assert.is(cut.summary.asExpected, false, 'no trial failed, yet it is not as expected');
  const xml = renderJunit([cut]);
  assert.match(xml, /errors="1"/);
  assert.match(xml, /<error type="interrupted" message="the run was interrupted \(SIGINT\): 0 of 20 planned trials finished, 20 did not run"/);
  assert.is(xmllint(xml, xsd).status, 0);
  assert.match(renderGithub([cut]), /^::error title=childproof run on (Node|Bun|Deno) [^:]+%3A interrupted::the run was interrupted \(SIGINT\): 0 of 20/m);
  assert.match(renderMarkdown([cut]), /\*\*Interrupted:\*\* the run was interrupted \(SIGINT\): 0 of 20 planned trials finished, 20 did not run/);
  assert.match(renderHtml([cut]), /class="interrupted"/);
});

test('what a target, an adapter or a probe wrote is shown, never obeyed, in every format', () => {
  const xsd = junitSchema();
  const { report } = published.find((p) => p.report.trials.some((t) => t.evidence))!;
  const evil = '<script>alert(1)</script><img src=x onerror=alert(2)> [link](javascript:alert(3)) `code` | cell\n# heading\u001b[2K\u001b]0;title\u0007All as expected.\r\n::error::forged';
  const trials = report.trials.map((t) => ({ ...t, outcome: 'fail' as const, reason: evil, ...(t.evidence ? { evidence: { 'error.message': evil } } : {}) }));
  const probes = report.probes.map((p) => ({ ...p, title: evil }));
  const hostile: Report = { ...report, probes, trials, summary: summarize(trials) };
  // Inside a code span Markdown shows HTML as text; everywhere else it must be escaped.
  const md = renderMarkdown([hostile]).replace(/(`+)(?!`).*?[^`]\1(?!`)/g, '(code)');
  for (const raw of [/<script/, /<img/, /[^\\]\]\(javascript/, /\u001b/, /\u0007/, /\n# heading/, /\n::error/]) assert.not.match(md, raw);
  assert.ok(md.includes('&lt;script&gt;'), 'md shows the text');
  const html = renderHtml([hostile]);
  for (const raw of ['<script>alert', '<img src=x', '\u001b', '\u0007']) assert.not.ok(html.includes(raw), `html holds ${JSON.stringify(raw)}`);
  const xml = renderJunit([hostile]);
  assert.not.ok(xml.includes('<script'));
  assert.is(xmllint(xml, xsd).status, 0);
  const gh = renderGithub([hostile]);
  for (const line of gh.trimEnd().split('\n')) assert.match(line, /^::((error|notice) [^\n]*::|group::[^\n]*|endgroup::$)/, 'one annotation or a group\'s edge per line');
  assert.not.ok(gh.includes('\n::error::forged'));
  const terminal = renderTable(hostile, { ...DEFAULT_VIEW, table: 'probes' });
  for (const raw of ['\u001b[2K', '\u001b]0', '\u0007']) assert.not.ok(terminal.includes(raw), `the terminal gets ${JSON.stringify(raw)}`);
});

test('every fact name a page shows is defined on it, in the words cases/INTERPRETING.md gives it', () => {
  const zx = published.filter((p) => p.report.probes.some((q) => q.name === 'zx')).map((p) => p.report);
  // The one-page view draws each table of facts: each name links to a definition on the page.
  const html = renderHtml(zx.slice(0, 1));
  const linked = new Set([...html.matchAll(/href="#fact-([\w.]+)"/g)].map((m) => m[1]));
  assert.ok(linked.has('child.reapedAtSettle') && linked.has('descendants.runningAtSettle'), [...linked].join(', '));
  for (const f of linked) assert.match(html, new RegExp(`<dt id="fact-${f.replace(/\./g, '\\.')}"><code>${f.replace(/\./g, '\\.')}</code></dt><dd>(?!not defined)`), f);
  // A library's page draws its tables when a trial opens: every fact its trials hold is defined.
  const page = renderSite(zx).find((p) => p.path === probePage('zx'))!.text;
  const held = new Set(zx.flatMap((r) => r.trials.flatMap((t) => Object.keys(t.facts ?? {}))));
  for (const f of held) assert.ok(page.includes(`<dt id="fact-${f}">`), f);
  assert.match(page, new RegExp(`<dd>${loadFactMeanings()['child.reapedAtSettle']!.slice(0, 40).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
});

finish(test);
