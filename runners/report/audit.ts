// Facts set against facts across published reports: rules that hold of any true report,
// whatever the target did. A violation is a report that says two things that cannot both
// be true, or a sentence it cannot back. Pure: reports in, violations out.

import { KIND_TRAITS } from '../model/kinds/kind.ts';
import type { FactName } from '../model/case.ts';
import type { Observations } from '../model/observations.ts';
import type { Report, TrialResult } from '../model/report-types.ts';
import { runtimeOf } from '../model/runtime-spec.ts';
import { sameFact } from '../judge/same-fact.ts';
import { judgedVerdicts } from '../judge/verdicts.ts';
import { unshown } from '../model/clause-definitions.ts';
import { oneClock } from '../judge/timeline.ts';
import { findingsShown } from '../judge/runtime-findings-shown.ts';
import type { RuntimeFinding } from '../model/runtime-findings.ts';

interface Violation {
  rule: string;
  file: string;
  probe: string;
  case: string;
  detail: string;
}

type Published = { file: string; report: Report };
type Rule = { rule: string; check: (t: TrialResult, r: Report) => string | null };

/** The first time an event of this kind shows on the timeline; null when none does. */
function first(t: TrialResult, kind: string, source?: RegExp): number | null {
  const times = (t.timeline ?? []).filter((e) => e.kind === kind && (!source || source.test(e.source))).map((e) => e.ms);
  return times.length ? Math.min(...times) : null;
}

/** Half a mapping's error, in ms, as slack for an order across processes; none on one clock. */
function slackMs(t: TrialResult): number {
  const clock = (t.observations as Observations | undefined)?.worker?.clock;
  return clock?.clock === 'mapped' ? Number(clock.errorNs) / 1e6 + 0.001 : 0.001;
}

const RULES: Rule[] = [
  {
    rule: 'a child killed has a signal, or an end no one saw',
    check: (t) => {
      const f = t.facts;
      if (f?.['child.end'] !== 'killed') return null;
      const s = f['child.signals'];
      return s === 'unknown' || (Array.isArray(s) && s.length > 0) ? null : `child.end is killed with child.signals ${JSON.stringify(s)}`;
    },
  },
  {
    rule: 'a call that never settled is a break of settles, and says nothing of its error',
    check: (t) => {
      if (t.facts?.settled !== 'pending' || !t.verdicts) return null;
      if (!t.verdicts.some((v) => v.clause === 'settles' && v.result === 'fail')) return 'settled is pending and no settles verdict failed';
      const told = (['error.name', 'error.code', 'error.isAbort', 'error.isTimeout'] as FactName[]).filter((f) => t.facts![f] !== 'unknown');
      return told.length ? `settled is pending but ${told.join(', ')} ${told.length === 1 ? 'is' : 'are'} known` : null;
    },
  },
  {
    rule: 'a call that never settled holds no clause',
    check: (t) => {
      if (t.facts?.settled !== 'pending' && t.facts?.settled !== 'crashed') return null;
      const held = (t.verdicts ?? []).filter((v) => v.clause !== 'settles' && v.result === 'pass');
      return held.length ? `settled is ${t.facts.settled} but ${[...new Set(held.map((v) => v.clause))].join(', ')} passed` : null;
    },
  },
  {
    rule: "a clause that holds shows its definition: every fact its words need takes a value that shows it",
    check: (t) => {
      const held = [...new Set((t.verdicts ?? []).map((v) => v.clause))].filter((c) => t.verdicts!.every((v) => v.clause !== c || v.result === 'pass'));
      const wanting = held.flatMap((c) => unshown(c, t.facts ?? {}).map((f) => `${c} holds with ${f} ${JSON.stringify(t.facts?.[f])}`));
      return wanting.length ? wanting.join('; ') : null;
    },
  },
  {
    rule: 'a leftover is judged: leaves-nothing-running breaks wherever the harness ended a process',
    check: (t) => {
      if (!t.verdicts || !KIND_TRAITS[t.kind].judgesACall || !(t.leftovers ?? []).length) return null;
      return t.verdicts.some((v) => v.clause === 'leaves-nothing-running' && v.result !== 'pass') ? null : `${t.leftovers!.length} leftover(s) and no verdict of leaves-nothing-running that did not pass`;
    },
  },
  {
    rule: 'a child reaped at settlement was not running then',
    check: (t) => (t.facts?.['child.reapedAtSettle'] === true && t.facts['child.atSettle'] === 'running' ? 'child.reapedAtSettle is true and child.atSettle running' : null),
  },
  {
    rule: 'every verdict that did not pass in an expected trial has a known divergence',
    check: (t) => {
      if (t.outcome !== 'known-fail' && t.outcome !== 'pass') return null;
      const bare = judgedVerdicts(t.verdicts ?? []).filter((v) => v.result !== 'pass' && !v.knownDivergence);
      return bare.length ? `${t.outcome} with ${bare.map((v) => `${v.fact} = ${JSON.stringify(v.observed)}`).join(', ')} unexplained` : null;
    },
  },
  {
    rule: 'no timeline sets two clocks against each other',
    check: (t, r) => {
      const o = t.observations as Observations | undefined;
      if (!o?.worker || !t.timeline) return null;
      const on = runtimeOf(r.environment);
      const shared = oneClock(o, on.name === 'node' ? undefined : on.name);
      if (!shared) return t.timeline.some((e) => !['worker'].includes(e.source)) ? 'a worker on its own clock beside fixture events' : null;
      const err = slackMs(t);
      const spawn = first(t, 'spawn', /^worker$/);
      const start = first(t, 'start', /^(child|call-\d+):/);
      if (spawn !== null && start !== null && spawn > start + err) return `the child started at ${start} ms, before its spawn at ${spawn} ms`;
      // Each process's exit, as it logged it, before the caller saw it.
      for (const seen of t.timeline.filter((e) => e.kind === 'child-exit')) {
        const logged = first(t, 'exit', new RegExp(`:${String(seen.detail?.pid)}$`));
        if (logged !== null && logged > seen.ms + err) return `the caller saw pid ${String(seen.detail?.pid)} exit at ${seen.ms} ms, before it logged its exit at ${logged} ms`;
      }
      return null;
    },
  },
];

/** Every rule over every trial of every report. */
export function auditTrials(published: Published[]): Violation[] {
  const out: Violation[] = [];
  for (const { file, report } of published) {
    for (const t of report.trials) {
      for (const { rule, check } of RULES) {
        const detail = check(t, report);
        if (detail) out.push({ rule, file, probe: t.probe, case: t.case, detail });
      }
    }
  }
  return out;
}

/**
 * Facts that differ between releases of one runtime for the same probe, version and case,
 * and that neither the comparison rule (a snapshot race) nor a racy mark explains.
 */
export function unmarkedRaces(published: Published[], racy: (probe: string, caseId: string, fact: FactName) => boolean): Violation[] {
  const out: Violation[] = [];
  const groups = new Map<string, Array<{ file: string; trial: TrialResult }>>();
  for (const { file, report } of published) {
    const on = runtimeOf(report.environment);
    for (const t of report.trials) {
      const p = report.probes.find((x) => x.name === t.probe);
      const key = [on.name, t.probe, JSON.stringify(p?.identity ?? null), t.case].join('\u0000');
      if (t.facts) groups.set(key, [...(groups.get(key) ?? []), { file, trial: t }]);
    }
  }
  for (const runs of groups.values()) {
    const [a, ...rest] = runs;
    for (const b of rest) {
      for (const fact of Object.keys(a.trial.facts!) as FactName[]) {
        const [x, y] = [a.trial.facts![fact], b.trial.facts![fact]];
        if (x === undefined || y === undefined || sameFact(fact, x, y, a.trial.facts, b.trial.facts)) continue;
        if (racy(a.trial.probe, a.trial.case, fact)) continue;
        out.push({ rule: 'a fact that differs between releases is marked racy or explained', file: `${a.file} / ${b.file}`, probe: a.trial.probe, case: a.trial.case, detail: `${fact}: ${JSON.stringify(a.trial.facts![fact])} / ${JSON.stringify(b.trial.facts![fact])}` });
      }
    }
  }
  return out;
}

/**
 * Runtime findings against the trials: each shows in some published trial, and where a
 * trial shows one, a divergence on the very fact that shows it is the finding's, never a
 * probe's sentence about its library.
 */
export function unexplainedFindings(published: Published[], findings: RuntimeFinding[]): Violation[] {
  const out: Violation[] = [];
  const shown = new Set<string>();
  for (const { file, report } of published) {
    const on = runtimeOf(report.environment);
    for (const t of report.trials) {
      for (const f of findingsShown(findings, on, t.facts)) {
        shown.add(f.id);
        for (const v of t.verdicts ?? []) {
          if (v.fact !== f.fact || !v.knownDivergence || v.knownDivergence === f.why) continue;
          out.push({ rule: "a divergence on the fact that shows a runtime finding is the finding's", file, probe: t.probe, case: t.case, detail: `${f.id}: ${v.fact} is explained as "${v.knownDivergence.slice(0, 80)}…"` });
        }
      }
    }
  }
  for (const f of findings.filter((x) => !shown.has(x.id))) {
    out.push({ rule: 'a runtime finding shows in a published trial', file: '-', probe: '-', case: '-', detail: `${f.id}: no trial on ${f.runtime} has ${f.fact} = ${JSON.stringify(f.value)}` });
  }
  return out;
}
