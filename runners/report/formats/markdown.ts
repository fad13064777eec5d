// A report as Markdown, for a write-up or release notes: the overview (probe x clause),
// then per probe its identity and per trial what happened in words, every fact, the
// assertions that failed and the command that runs it again. Pure.

import { CLAUSES, FACT_NAMES } from '../../model/case.ts';
import type { ReportProbe, Report, TimelineEntry, TrialResult } from '../../model/report.ts';
import { show } from '../../judge/verdicts.ts';
import { interruptionWords } from '../build.ts';
import { clauseState } from '../render.ts';
import { mdCode, mdLine, mdText } from './escape.ts';
import { byRuntime } from './group.ts';
import { plainWords } from './plain-words.ts';
import { describeUnpinned, unpinnedOf } from '../unpinned.ts';
import { runtimeFlag, runtimeText } from '../../model/runtime-spec.ts';


function identity(p: ReportProbe): string {
  const id = p.identity;
  const pinned = (paths: Array<{ path: string; blob: string }>) => `${paths.length} pinned file${paths.length === 1 ? '' : 's'} (${paths.slice(0, 3).map((f) => `${f.path} ${f.blob.slice(0, 12)}`).join(', ')}${paths.length > 3 ? ', …' : ''})`;
  const what =
    id.kind === 'builtin' ? `Node's own ${mdCode(id.module)}`
    : id.kind === 'package' ? `package ${mdText(`${id.name}@${id.version}`)}, ${mdText(pinned(id.paths))}`
    : id.kind === 'git' ? `git commit ${mdText(id.commit.slice(0, 12))}, ${mdText(pinned(id.paths))}`
    : mdText(pinned(id.paths));
  const checked = mdText(p.verified ? `verified (${p.verified.source}; ${p.verified.loader})` : `not run: ${p.unavailable}`);
  const loose = unpinnedOf(p);
  return `${what}; ${checked}.${loose ? ` Unpinned: ${mdText(describeUnpinned(loose))}.` : ''}`;
}

/** One timeline event in words. */
export function eventWords(e: TimelineEntry): string {
  const who = e.source === 'worker' ? 'the caller' : e.source.replace(/:(\d+)$/, ' $1');
  const d = e.detail ?? {};
  switch (e.kind) {
    case 'spawn': return d.error ? `the target tried to spawn the command: ${String(d.error)}` : `the target spawned the command (pid ${d.pid})`;
    case 'ready': return `${who} was ready`;
    case 'abort': return 'the caller aborted';
    case 'signal': return `${who} received ${d.signal}`;
    case 'marker': return `${who} wrote its cleanup marker`;
    case 'exit': return `${who} exited${d.code !== undefined ? ` with code ${d.code}` : ''}`;
    case 'child-exit': return `the caller's process saw pid ${d.pid} exit (${d.signal ? `signal ${d.signal}` : `code ${d.code}`})`;
    case 'rejected': case 'resolved': case 'threw': return `the call ${e.kind === 'threw' ? 'threw' : `settled: ${e.kind}`}`;
    case 'seen-gone': return `pid ${d.pid} was seen gone`;
    case 'watch-end': return `${who} stopped watching (the window closed, or nothing was left running)`;
    default: return `${who}: ${e.kind}`;
  }
}

/** The command that runs this trial again, on the report's runtime. */
export function replayCommand(report: Report, t: TrialResult): string {
  return `childproof run --probe ${t.probe} --case ${t.case} ${runtimeFlag(report.environment)}`;
}

function trialSection(report: Report, t: TrialResult): string[] {
  const out = [`### ${mdText(t.probe)} · ${mdText(t.case)}: ${t.outcome}`, ''];
  if (t.reason) out.push(mdLine(t.reason), '');
  const words = plainWords(t);
  if (words) out.push(`At settlement: ${mdText(words)}`, '');
  if (t.facts) out.push(`Facts: ${FACT_NAMES.map((f) => `${f} ${mdCode(show(t.facts![f]))}`).join(' · ')}`, '');
  if (t.evidence) out.push(`The error's message: ${mdCode(t.evidence['error.message'])}`, '');
  const failed = (t.verdicts ?? []).filter((v) => v.result !== 'pass');
  if (failed.length) out.push('Assertions not met:', '', ...failed.map((v) => `- ${v.clause}: ${mdText(v.why)}${v.knownDivergence ? ` Known: ${mdText(v.knownDivergence)}` : ''}`), '');
  if (t.timeline?.length) out.push('What happened:', '', ...t.timeline.map((e) => `- ${e.ms.toFixed(1)} ms: ${mdText(eventWords(e))}`), '');
  if (t.repeats?.flaky) out.push(`Flaky over ${t.repeats.runs} runs: ${Object.entries(t.repeats.flaky).map(([f, vs]) => `${f} ${vs!.map((v) => `${mdCode(show(v.value))} ×${v.count}`).join(', ')}`).join('; ')}`, '');
  if (t.observations || t.outcome === 'error') out.push(`Run it again: ${mdCode(replayCommand(report, t))}`, '');
  return out;
}

export function renderMarkdown(given: Report[]): string {
  const reports = byRuntime(given);
  const out: string[] = ['# childproof report', ''];
  for (const report of reports) {
    const env = report.environment;
    out.push(mdText(`${runtimeText(env)} on ${env.platform} ${env.arch}, childproof ${report.tool.version} (semantics ${report.semantics}), ${report.createdAt}.`), '');
    if (report.interrupted) out.push(`> **Interrupted:** ${mdText(interruptionWords(report.interrupted))}. This report is not as expected.`, '');
    out.push('| probe | ' + CLAUSES.join(' | ') + ' |', '|---|' + CLAUSES.map(() => '---|').join(''));
    for (const p of report.probes) {
      const trials = report.trials.filter((t) => t.probe === p.name);
      out.push(`| ${mdText(p.name)} | ${CLAUSES.map((c) => clauseState(trials, c)).map((s) => (s === '-' ? 'not covered' : s)).join(' | ')} |`);
    }
    out.push('');
    for (const p of report.probes) {
      out.push(`## ${mdText(`${p.name} on ${runtimeText(env)}`)}`, '', mdLine(p.title), '', `Identity: ${identity(p)}`, '');
      for (const t of report.trials.filter((x) => x.probe === p.name)) out.push(...trialSection(report, t));
    }
  }
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}
