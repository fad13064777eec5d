// Stability as evidence: the same suite run several times on a loaded machine, on each
// runtime, and every fact (not only every outcome) that differs between the runs and is
// not a known racy divergence; then each fact that differs between releases of one
// runtime, told a race (it differed between runs of one release too) from a difference
// (every run of each release agreed). Pure: it reads reports and returns data and text.

import { isDeepStrictEqual } from 'node:util';
import { FACT_NAMES, type FactName } from '../model/case.ts';
import type { Report } from '../model/report-types.ts';
import { sameFact } from '../judge/same-fact.ts';
import type { IsRacy } from './compare-observed.ts';
import { runtimeOf, runtimeText, type RuntimeName } from '../model/runtime-spec.ts';

interface Instability {
  probe: string;
  case: string;
  /** A fact's name, or `outcome`. */
  what: FactName | 'outcome';
  /** What each run saw, in run order. */
  values: unknown[];
}

/** Every fact or outcome of a trial that is not the same in every run, read as compare reads it. */
export function unstable(runs: Report[], racy: IsRacy): Instability[] {
  const out: Instability[] = [];
  for (const first of runs[0]?.trials ?? []) {
    const same = runs.map((r) => r.trials.find((t) => t.probe === first.probe && t.case === first.case));
    const differs = (values: unknown[]) => values.some((v) => !isDeepStrictEqual(v, values[0]));
    const outcomes = same.map((t) => t?.outcome);
    if (differs(outcomes)) out.push({ probe: first.probe, case: first.case, what: 'outcome', values: outcomes });
    for (const fact of FACT_NAMES) {
      const values = same.map((t) => t?.facts?.[fact]);
      // The rule compare follows: a snapshot that races what the target had not reaped is not news.
      const agree = same.every((t) => sameFact(fact, t?.facts?.[fact] ?? 'unknown', first.facts?.[fact] ?? 'unknown', t?.facts, first.facts));
      if (differs(values) && !agree && !racy(first.probe, first.case, fact)) out.push({ probe: first.probe, case: first.case, what: fact, values });
    }
  }
  return out;
}

/** One runtime's runs, in run order, with each run's wall time. */
export interface Series {
  reports: Report[];
  seconds: number[];
}

type AcrossReading = 'difference' | 'race' | 'marked racy';

interface ReleaseDifference {
  runtime: RuntimeName;
  probe: string;
  case: string;
  fact: FactName;
  /** The value each release's first run saw, in the order the releases were run. */
  values: Array<{ release: string; value: unknown }>;
  reads: AcrossReading;
}

type Facts = NonNullable<Report['trials'][number]['facts']>;
const trialOf = (r: Report, probe: string, caseId: string) => r.trials.find((t) => t.probe === probe && t.case === caseId);
const agree = (fact: FactName, a: Facts | undefined, b: Facts | undefined) => sameFact(fact, a?.[fact] ?? 'unknown', b?.[fact] ?? 'unknown', a, b);

/** Whether a fact took more than one value over one release's runs, read as compare reads it. */
function varies(reports: Report[], probe: string, caseId: string, fact: FactName): boolean {
  const facts = reports.map((r) => trialOf(r, probe, caseId)?.facts).filter((f): f is Facts => f !== undefined);
  return facts.some((f) => !agree(fact, facts[0], f));
}

/**
 * Each fact of a trial that takes another value on another release of the same runtime,
 * read from each release's first run, and what the runs make of it: a race when some
 * release's own runs disagreed on it too, a difference when each release's runs agreed.
 */
export function acrossReleases(series: Series[], racy: IsRacy): ReleaseDifference[] {
  const out: ReleaseDifference[] = [];
  const byRuntime = new Map<RuntimeName, Series[]>();
  for (const s of series.filter((x) => x.reports.length > 0)) {
    const name = runtimeOf(s.reports[0].environment).name;
    byRuntime.set(name, [...(byRuntime.get(name) ?? []), s]);
  }
  for (const [runtime, group] of byRuntime) {
    if (group.length < 2) continue;
    for (const first of group[0].reports[0].trials) {
      const trials = group.map((s) => trialOf(s.reports[0], first.probe, first.case));
      if (trials.some((t) => !t?.facts)) continue;
      for (const fact of FACT_NAMES) {
        if (trials.every((t) => agree(fact, first.facts, t!.facts))) continue;
        const reads: AcrossReading = racy(first.probe, first.case, fact)
          ? 'marked racy'
          : group.some((s) => varies(s.reports, first.probe, first.case, fact))
            ? 'race'
            : 'difference';
        const values = group.map((s, i) => ({ release: runtimeOf(s.reports[0].environment).release, value: trials[i]!.facts![fact] }));
        out.push({ runtime, probe: first.probe, case: first.case, fact, values, reads });
      }
    }
  }
  return out;
}

const show = (v: unknown) => JSON.stringify(v) ?? 'absent';

export function renderStability(series: Series[], found: Instability[][], across: ReleaseDifference[], hogs: number): string {
  const runs = Math.max(0, ...series.map((s) => s.reports.length));
  const lines = [
    '# Stability',
    '',
    `Generated by \`make stability\`: the default suite run ${runs} times on each runtime below, one run after`,
    `another, while ${hogs} CPU hog(s) kept every core busy. Every fact and outcome that differed between`,
    'the runs of one runtime is listed, read as `compare` reads it (cases/INTERPRETING.md, Comparing),',
    'unless its case or the probe marks it racy.',
    '',
  ];
  series.forEach((s, i) => {
    const first = s.reports[0];
    const trials = first?.trials.filter((t) => t.facts).length ?? 0;
    lines.push(`## ${first ? runtimeText(first.environment) : '?'}`, '');
    lines.push(`Runs: ${s.reports.length} (${first?.environment.cpus ?? '?'} cpus); ${trials} trials with facts in each; wall time ${s.seconds.map((x) => `${x.toFixed(0)} s`).join(', ')}.`, '');
    if (found[i].length === 0) lines.push('No fact and no outcome differed between the runs.', '');
    else {
      lines.push('| probe | case | fact | values, run by run |', '|---|---|---|---|');
      for (const f of found[i]) lines.push(`| ${f.probe} | ${f.case} | ${f.what} | ${f.values.map(show).join(' / ')} |`);
      lines.push('');
    }
  });
  if (new Set(series.map((s) => s.reports[0] && runtimeOf(s.reports[0].environment).name)).size < series.length) {
    lines.push(
      '## Across releases',
      '',
      "Each fact that took another value on another release of the same runtime, read from each release's",
      'first run. A **difference** is what every run of each release agreed on: the release behaves so. A',
      "**race** also differed between the runs of one release and is not marked racy: its case or the probe",
      'should mark it. **Marked racy** is a race its case or the probe already marks.',
      '',
    );
    if (across.length === 0) lines.push('No fact differed between releases.', '');
    else {
      lines.push('| runtime | probe | case | fact | value on each release | reads as |', '|---|---|---|---|---|---|');
      for (const d of across) lines.push(`| ${d.runtime} | ${d.probe} | ${d.case} | ${d.fact} | ${d.values.map((v) => `${v.release}: ${show(v.value)}`).join('; ')} | ${d.reads} |`);
      lines.push('');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
