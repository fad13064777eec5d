// A report as JUnit XML: a <testsuites> of suites in the form Maven Surefire writes, which
// GitHub's test reporters and Jenkins read (schemas/junit.xsd). One testsuite per probe and
// runtime, one testcase per trial, whose classname names the runtime so that a CI's history
// keeps Node 20 and Node 24 apart. A failure carries the verdict sentences and the
// explanation; known failures and trials that could not run are skipped, the kind and its
// reason in the message a reporter lists. Totals and times sit on every suite and on the
// whole; when the run was made sits among a suite's properties, where Surefire keeps its own. Pure.

import type { Report, TrialResult } from '../../model/report-types.ts';
import { interruptionWords } from '../build.ts';
import { escapeMarkup } from './escape.ts';
import { runtimeKey, runtimeText } from '../../model/runtime-spec.ts';
import { explanationOf, NO_EXPLANATION } from '../explained.ts';

const FAILURE = new Set(['fail', 'unexpected-pass', 'unknown', 'flaky']);
const SKIPPED = new Set(['known-fail', 'unsupported', 'unavailable']);

const xml = escapeMarkup;

/** What went wrong, sentence by sentence: each failed verdict, with its explanation if known. */
function failureText(t: TrialResult): string {
  const verdicts = (t.verdicts ?? []).filter((v) => v.result !== 'pass').map((v) => `${v.clause}: ${v.why}${explanationOf(v) ? ` (known: ${explanationOf(v)})` : v.knownDivergence ? ` (known; ${NO_EXPLANATION})` : ''}`);
  return [t.reason ?? t.outcome, ...verdicts].join('\n');
}

const ms = (t: TrialResult) => Math.max(0, ...(t.timeline ?? []).map((e) => e.ms));
const seconds = (total: number) => (total / 1000).toFixed(3);
const properties = (report: Report) =>
  `    <properties>\n      <property name="createdAt" value="${xml(report.createdAt)}"/>\n      <property name="runtime" value="${xml(runtimeText(report.environment))}"/>\n    </properties>\n`;

/** childproof.node-v20_20_2.node-spawn: the runtime a package, the probe its class; dots
 *  in a release would split it into packages of their own. */
function classname(report: Report, probe: string): string {
  return `childproof.${runtimeKey(report.environment).replace(/\./g, '_')}.${probe}`;
}

/** known-fail (settles-after-exit, hygiene): why · unsupported: node-spawn does not support maxBuffer */
function skippedMessage(t: TrialResult): string {
  const clauses = (t.verdicts ?? []).filter((v) => v.result !== 'pass').map((v) => v.clause);
  return `${t.outcome}${clauses.length ? ` (${clauses.join(', ')})` : ''}: ${t.reason ?? 'no reason was recorded'}`;
}

function testcase(report: Report, t: TrialResult): string {
  const open = `    <testcase name="${xml(t.case)}" classname="${xml(classname(report, t.probe))}" time="${seconds(ms(t))}"`;
  // A reporter lists the message; the text under it keeps every verdict sentence.
  if (SKIPPED.has(t.outcome)) return `${open}>\n      <skipped message="${xml(skippedMessage(t))}">${xml(`${t.outcome}: ${failureText(t)}`)}</skipped>\n    </testcase>`;
  if (t.outcome === 'error') return `${open}>\n      <error type="error" message="${xml(t.reason ?? 'error')}">${xml(failureText(t))}</error>\n    </testcase>`;
  if (FAILURE.has(t.outcome)) return `${open}>\n      <failure type="${t.outcome}" message="${xml(t.reason ?? t.outcome)}">${xml(failureText(t))}</failure>\n    </testcase>`;
  return `${open}/>`;
}

/** An interrupted run as a suite of one errored testcase, which every CI's JUnit view counts. */
function interruptedSuite(report: Report): string {
  const words = interruptionWords(report.interrupted!);
  return (
    `  <testsuite name="${xml(`childproof run (${runtimeText(report.environment)})`)}" tests="1" failures="0" errors="1" skipped="0">\n` +
    properties(report) +
    `    <testcase name="the run finished" classname="${xml(classname(report, 'run'))}" time="0">\n      <error type="interrupted" message="${xml(words)}">${xml(words)}</error>\n    </testcase>\n` +
    '  </testsuite>'
  );
}

export function renderJunit(reports: Report[]): string {
  const suites: string[] = [];
  const total = { tests: 0, failures: 0, errors: 0, skipped: 0, ms: 0 };
  for (const report of reports) {
    if (report.interrupted) {
      suites.push(interruptedSuite(report));
      total.tests++;
      total.errors++;
    }
    for (const probe of report.probes) {
      const trials = report.trials.filter((t) => t.probe === probe.name);
      const count = (set: Set<string> | string) => trials.filter((t) => (typeof set === 'string' ? t.outcome === set : set.has(t.outcome))).length;
      const name = `${probe.name} (${runtimeText(report.environment)})`;
      const suite = { tests: trials.length, failures: count(FAILURE), errors: count('error'), skipped: count(SKIPPED), ms: trials.reduce((sum, t) => sum + ms(t), 0) };
      for (const k of Object.keys(total) as Array<keyof typeof total>) total[k] += suite[k];
      suites.push(
        `  <testsuite name="${xml(name)}" tests="${suite.tests}" failures="${suite.failures}" errors="${suite.errors}" skipped="${suite.skipped}" time="${seconds(suite.ms)}">\n` +
          properties(report) +
          trials.map((t) => testcase(report, t)).join('\n') +
          (trials.length ? '\n' : '') +
          '  </testsuite>',
      );
    }
  }
  const totals = `tests="${total.tests}" failures="${total.failures}" errors="${total.errors}" skipped="${total.skipped}" time="${seconds(total.ms)}"`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="childproof" ${totals}>\n${suites.join('\n')}\n</testsuites>\n`;
}
