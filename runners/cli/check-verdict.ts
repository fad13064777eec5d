// What `check` says of a report, and whether it may say green: only where a trial reached
// the target and ran its command (judge/controls.ts), no trial ended in error, and every
// clause it answers for (those asked, else every clause the cases run assert) has a judged
// trial and holds. A clause no judged trial covers is "not tested", and fails the check
// like a break: a gate on `check` is green only for what was tested. Pure.

import { type Clause } from '../model/clauses.ts';
import type { Report, TrialResult } from '../model/report-types.ts';
import { JUDGED, reachedTarget } from '../judge/controls.ts';
import { cellWords, shortReason, verdictCell } from '../report/verdict.ts';
import { leftoverWords } from '../judge/leftover-words.ts';

interface CheckVerdict {
  /** A trial reached the target and ran its command. */
  tested: boolean;
  holds: boolean;
  /** What the check prints, each its own line. */
  lines: string[];
}

const skipped = (t: TrialResult) => t.outcome === 'unsupported' || t.outcome === 'unavailable';

/** The first line of a reason, bounded: an error trial's is a message, not a document. */
const firstLine = (text: string | undefined) => {
  const line = (text ?? 'no reason given').split('\n')[0];
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
};

/** Why nothing was tested, from what the trials did instead. */
function whyUntested(report: Report): string {
  const errored = report.trials.find((t) => t.outcome === 'error');
  if (errored) return `${errored.case} ended in error: ${firstLine(errored.reason)}`;
  const skip = report.trials.find(skipped);
  if (skip) return `all ${report.trials.length} trial(s) were skipped: ${shortReason(skip.probe, skip.reason)}`;
  return 'no trial ran';
}

/** Why no judged trial gave a verdict of a clause: no case run asserts it, or what became of those that do. */
function untested(report: Report, clause: Clause): string {
  const asserting = new Set(report.cases.filter((c) => c.clauses.includes(clause)).map((c) => c.id));
  const trials = report.trials.filter((t) => asserting.has(t.case));
  if (trials.length === 0) return 'no case run asserts it';
  const errored = trials.filter((t) => t.outcome === 'error');
  const skips = trials.filter(skipped);
  const parts = [
    ...(skips.length ? [`${skips.length} skipped (${shortReason(skips[0].probe, skips[0].reason)})`] : []),
    ...(errored.length ? [`${errored.length} ended in error`] : []),
  ];
  return parts.length ? `of the ${trials.length} trial(s) that assert it, ${parts.join(' and ')}` : 'no judged trial gave a verdict of it';
}

/** What the harness had to end in each trial that left something running: how many, in what role, found how. */
function leftLines(trials: TrialResult[]): string[] {
  const left = trials.filter((t) => (t.leftovers ?? []).length);
  const shown = left.slice(0, 5).map((t) => `    ${t.case}: ${leftoverWords(t.leftovers!)}`);
  return left.length > 5 ? [...shown, `    and ${left.length - 5} more`] : shown;
}

export function checkVerdict(report: Report, asked: Clause[] | null): CheckVerdict {
  const count = `${report.trials.length} trial(s)`;
  if (!report.trials.some(reachedTarget)) {
    return { tested: false, holds: false, lines: [`check: nothing was tested: no trial of the ${count} reached the target and ran its command (${whyUntested(report)})`] };
  }
  const judged = report.trials.filter((t) => JUDGED.has(t.outcome));
  const clauses = asked ?? ([...new Set(report.cases.flatMap((c) => c.clauses))] as Clause[]);
  const failing = clauses.flatMap((clause) => {
    const cell = verdictCell(report, judged, clause);
    if (cell.state === 'holds') return [];
    if (cell.state === 'none') return [`  ${clause}: not tested: ${untested(report, clause)}`];
    const broken = judged.filter((t) => t.verdicts?.some((v) => v.clause === clause && v.result !== 'pass'));
    const cases = broken.map((t) => t.case);
    return [`  ${clause}: ${cellWords(cell)}${cases.length ? `: ${cases.join(', ')}` : ''}`, ...(clause === 'leaves-nothing-running' ? leftLines(broken) : [])];
  });
  const errors = report.trials.filter((t) => t.outcome === 'error').map((t) => `  ${t.case}: ${firstLine(t.reason)}`);
  const lines = [
    ...(failing.length ? [`check: ${failing.length} clause(s) do not hold or were not tested:`, ...failing] : []),
    ...(errors.length ? [`check: ${errors.length} trial(s) ended in error, which says nothing of the target:`, ...errors] : []),
  ];
  const holds = lines.length === 0;
  if (holds) lines.push(`check: every clause ${asked ? 'asked for ' : ''}holds, each in a judged trial (${judged.length} of ${count})`);
  return { tested: true, holds, lines };
}
