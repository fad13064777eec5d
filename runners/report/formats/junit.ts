// A report as JUnit XML (the Jenkins JUnit 4 schema): one testsuite per probe and runtime,
// one testcase per trial. A failure carries the verdict sentences and the explanation;
// known failures and trials that could not run are skipped, with their reason. Pure.

import type { Report, TrialResult } from '../../model/report.ts';
import { interruptionWords } from '../build.ts';
import { escapeMarkup } from './escape.ts';
import { runtimeText } from '../../model/runtime-spec.ts';

const FAILURE = new Set(['fail', 'unexpected-pass', 'unknown', 'flaky']);
const SKIPPED = new Set(['known-fail', 'unsupported', 'unavailable']);

const xml = escapeMarkup;

/** What went wrong, sentence by sentence: each failed verdict, with its explanation if known. */
export function failureText(t: TrialResult): string {
  const verdicts = (t.verdicts ?? []).filter((v) => v.result !== 'pass').map((v) => `${v.clause}: ${v.why}${v.knownDivergence ? ` (known: ${v.knownDivergence})` : ''}`);
  return [t.reason ?? t.outcome, ...verdicts].join('\n');
}

const seconds = (t: TrialResult) => (Math.max(0, ...(t.timeline ?? []).map((e) => e.ms)) / 1000).toFixed(3);

function testcase(t: TrialResult): string {
  const open = `    <testcase name="${xml(t.case)}" classname="${xml(`childproof.${t.probe}`)}" time="${seconds(t)}"`;
  if (SKIPPED.has(t.outcome)) return `${open}>\n      <skipped>${xml(`${t.outcome}: ${failureText(t)}`)}</skipped>\n    </testcase>`;
  if (t.outcome === 'error') return `${open}>\n      <error type="error" message="${xml(t.reason ?? 'error')}">${xml(failureText(t))}</error>\n    </testcase>`;
  if (FAILURE.has(t.outcome)) return `${open}>\n      <failure type="${t.outcome}" message="${xml(t.reason ?? t.outcome)}">${xml(failureText(t))}</failure>\n    </testcase>`;
  return `${open}/>`;
}

/** An interrupted run as a suite of one errored testcase, which every CI's JUnit view counts. */
function interruptedSuite(report: Report): string {
  const words = interruptionWords(report.interrupted!);
  return (
    `  <testsuite name="${xml(`childproof run (${runtimeText(report.environment)})`)}" tests="1" failures="0" errors="1" skipped="0" timestamp="${xml(report.createdAt)}">\n` +
    `    <testcase name="the run finished" classname="childproof.run" time="0">\n      <error type="interrupted" message="${xml(words)}">${xml(words)}</error>\n    </testcase>\n` +
    '  </testsuite>'
  );
}

export function renderJunit(reports: Report[]): string {
  const suites: string[] = [];
  for (const report of reports) {
    if (report.interrupted) suites.push(interruptedSuite(report));
    for (const probe of report.probes) {
      const trials = report.trials.filter((t) => t.probe === probe.name);
      const count = (set: Set<string> | string) => trials.filter((t) => (typeof set === 'string' ? t.outcome === set : set.has(t.outcome))).length;
      const name = `${probe.name} (${runtimeText(report.environment)})`;
      suites.push(
        `  <testsuite name="${xml(name)}" tests="${trials.length}" failures="${count(FAILURE)}" errors="${count('error')}" skipped="${count(SKIPPED)}" timestamp="${xml(report.createdAt)}">\n` +
          trials.map(testcase).join('\n') +
          (trials.length ? '\n' : '') +
          '  </testsuite>',
      );
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="childproof">\n${suites.join('\n')}\n</testsuites>\n`;
}
