// A report as GitHub Actions workflow commands: one error annotation on the case file of
// every outcome that is not as expected, so a pull request shows it where the case is. Pure.

import type { Report } from '../../model/report.ts';
import { interruptionWords, NOT_AS_EXPECTED } from '../build.ts';
import { plainText } from './escape.ts';
import { runtimeText } from '../../model/runtime-spec.ts';

/** Workflow command escaping: data, then property values (which also escape : and ,). */
const data = (s: string) => plainText(s).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** A shipped case lives at cases/<id>.case.json; a case of one's own is named by its id. */
export function caseFile(id: string): string {
  return `cases/${id}.case.json`;
}

export function renderGithub(reports: Report[]): string {
  const lines: string[] = [];
  for (const report of reports) {
    if (report.interrupted) lines.push(`::error title=${property(`childproof run on ${runtimeText(report.environment)}: interrupted`)}::${data(interruptionWords(report.interrupted))}`);
    for (const t of report.trials) {
      if (!NOT_AS_EXPECTED.has(t.outcome)) continue;
      const title = `childproof ${t.probe} on ${runtimeText(report.environment)}: ${t.outcome}`;
      lines.push(`::error file=${property(caseFile(t.case))},title=${property(title)}::${data(`${t.case}: ${t.reason ?? t.outcome}`)}`);
    }
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}
