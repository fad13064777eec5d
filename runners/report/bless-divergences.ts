// `childproof bless REPORT...`: record what runs saw as each probe's known divergences, so
// CI stays green until something changes and any change is news. Each report is judged
// again from its observations first (the one judging path), so what is blessed is what
// the case files as they are now make of what was seen. Given several reports of the same
// inputs, a divergence seen in some runs and not in others is marked racy. Existing
// explanations are kept for signatures that still hold; new ones get the reason given, or
// the verdict's own sentence. A report of repeated trials (--repeat) counts as one run per
// repeat, so a divergence seen in some repeats and not others is marked racy too.

import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { writeFileWhole } from '../model/files.ts';
import { ROOT, SCHEMA_DIR } from '../model/paths.ts';
import type { DivergencesFile, Explanation, KnownDivergence, LoadedProbe, Signature } from '../model/probe.ts';
import type { Report, TrialResult } from '../model/report-types.ts';
import { runtimeOf, specName } from '../model/runtime-spec.ts';
import { scopeCovers, scopeSeen } from '../judge/scope.ts';
import { judgedVerdicts } from '../judge/verdicts.ts';
import { findingFor } from '../judge/runtime-findings-shown.ts';
import { loadRuntimeFindings } from '../model/runtime-findings.ts';

type Judged = TrialResult & { verdicts: NonNullable<TrialResult['verdicts']> };

function sameSignature(a: Signature, b: Signature): boolean {
  return a.case === b.case && a.fact === b.fact && isDeepStrictEqual(a.value, b.value);
}

/** A report's trials as runs: a trial repeated N times (--repeat) is in N of them. */
function runsOf(trials: TrialResult[]): Judged[][] {
  const n = Math.max(1, ...trials.map((t) => t.repeats?.runs ?? 1));
  return Array.from({ length: n }, (_, j) =>
    trials.flatMap((t) => {
      const run = j === 0 ? t : t.repeats?.others[j - 1];
      return run?.verdicts ? [{ ...run, probe: t.probe, case: t.case } as Judged] : [];
    }),
  );
}

/** Divergences for the cases the reports ran; those of cases they did not run are kept. */
export function divergencesFrom(
  reports: Report[],
  probe: string,
  why: (sentence: string) => string,
  previous: KnownDivergence[],
  /** Sentences that only restate a verdict (observations): a runtime finding may take their place. */
  generatedHere = new Set<string>(),
): KnownDivergence[] {
  // The reports of each scope bless that scope's divergences (judge/scope.ts); those seen
  // on another are kept as they are. Node's releases share one scope, so they are blessed
  // together: a divergence one release shows and another does not races, and blessing them
  // one by one would have the last release's runs overwrite the others'.
  const byScope = new Map<string, Report[]>();
  for (const r of reports) {
    const key = scopeSeen(r.environment) ?? 'node';
    byScope.set(key, [...(byScope.get(key) ?? []), r]);
  }
  let current = previous;
  for (const group of byScope.values()) current = blessOneRuntime(group, probe, why, current, generatedHere);
  return current;
}

/** divergencesFrom for reports of one runtime. */
function blessOneRuntime(reports: Report[], probe: string, why: (sentence: string) => string, all: KnownDivergence[], generatedHere: Set<string>): KnownDivergence[] {
  const findings = loadRuntimeFindings();
  const on = runtimeOf(reports[0].environment);
  const scope = scopeSeen(reports[0].environment);
  const here = (k: KnownDivergence) => scopeCovers(k.runtime, on);
  const runs = reports.flatMap((r) => runsOf(r.trials.filter((t) => t.probe === probe)));
  const ran = new Set(runs.flat().map((t) => t.case));
  const previous = all.filter(here);
  const out: KnownDivergence[] = all.filter((k) => !here(k) || !ran.has(k.case));
  const seen: Array<{ k: KnownDivergence; runs: number }> = [];
  for (const trials of runs) {
    for (const t of trials) {
      for (const v of judgedVerdicts(t.verdicts)) {
        if (v.result === 'pass') continue;
        const signature = { case: t.case, fact: v.fact, value: v.observed };
        const hit = seen.find((s) => sameSignature(s.k, signature));
        if (hit) hit.runs++;
        else {
          // A signature already known here keeps the scope it was written with; one known
          // on another release of this runtime widens its scope to this release too.
          let old = previous.find((k) => sameSignature(k, signature));
          let where = old ? old.runtime : scope;
          const sibling = old || !scope ? undefined : out.find((k) => k.runtime && specName(k.runtime) === on.name && sameSignature(k, signature));
          if (sibling) {
            out.splice(out.indexOf(sibling), 1);
            old = sibling;
            where = `${sibling.runtime} || ${on.release}`;
          }
          // A runtime finding the trial shows, on a fact it changes, is the runtime's doing:
          // its explanation, written once, replaces a verdict's restated sentence.
          const runtimes = findingFor(findings, on, t.facts, v.fact);
          const said = runtimes && (!old || generatedHere.has(old.why)) ? runtimes.why : (old?.why ?? why(v.why));
          seen.push({ k: { ...signature, why: said, ...(old?.racy ? { racy: true } : {}), ...(where ? { runtime: where } : {}) }, runs: 1 });
        }
      }
    }
  }
  for (const { k, runs: count } of seen) {
    // Seen in only some of the runs, or one of several values for its fact: it races.
    const rivals = seen.filter((s) => s.k.case === k.case && s.k.fact === k.fact).length;
    out.push(count < runs.filter((r) => r.some((t) => t.case === k.case)).length || rivals > 1 ? { ...k, racy: true } : k);
  }
  // A racy divergence that did not show this time is kept: it may show next time.
  for (const k of previous) if (k.racy && ran.has(k.case) && !out.some((o) => sameSignature(o, k))) out.push(k);
  return out.sort((a, b) => a.case.localeCompare(b.case) || a.fact.localeCompare(b.fact));
}

/** The hangs (`settled` pending) blessed now that were not known before, where they were seen. */
export function newHangs(before: KnownDivergence[], after: KnownDivergence[]): KnownDivergence[] {
  const hang = (k: KnownDivergence) => k.fact === 'settled' && k.value === 'pending';
  // `bun@1.4.5 || 1.4.4` widens `bun@1.4.5`: the releases already known are not news.
  const releases = (scope: string | undefined) => (scope ?? 'node').split(/\s*\|\|\s*/).map((r, i, all) => (i === 0 ? r : `${all[0].split('@')[0]}@${r}`));
  const known = (k: KnownDivergence) => before.filter((b) => hang(b) && b.case === k.case).flatMap((b) => releases(b.runtime));
  return after.filter((k) => hang(k) && releases(k.runtime).some((r) => !known(k).includes(r)));
}

/**
 * Each explanation once, over the signatures it covers, in the order they first appear,
 * keeping what a person wrote of it before (its citations, or that it is an observation).
 */
function groupDivergences(probe: string, divergences: KnownDivergence[], written: Explanation[] = [], generated = new Set<string>()): DivergencesFile {
  const explanations: DivergencesFile['explanations'] = [];
  const findings = loadRuntimeFindings();
  for (const { why, pointer: _pointer, ...signature } of divergences as Array<KnownDivergence & { pointer?: string }>) {
    const group = explanations.find((e) => e.why === why);
    if (group) group.signatures.push(signature);
    else {
      // A verdict's own sentence only restates the facts; a sentence a person gave waits
      // for them to cite its code or call it an observation.
      const before = written.find((e) => e.why === why);
      // The runtime's: the finding carries the citations.
      const finding = findings.find((f) => f.why === why);
      if (finding) {
        explanations.push({ why, runtimeFinding: finding.id, signatures: [signature] });
        continue;
      }
      const observation = before ? before.observation : generated.has(why);
      explanations.push({ why, ...(before?.cites ? { cites: before.cites } : {}), ...(observation ? { observation: true } : {}), signatures: [signature] });
    }
  }
  return { probe, explanations };
}

/** The file, with one signature a line: a reader sees each explanation and what it covers. */
function renderDivergences(doc: DivergencesFile, schemaPath: string | null): string {
  const groups = doc.explanations.map((e) => {
    const cites = e.cites ? `      "cites": [\n${e.cites.map((c) => `        ${JSON.stringify(c)}`).join(',\n')}\n      ],\n` : '';
    const observation = e.observation ? '      "observation": true,\n' : '';
    const finding = e.runtimeFinding ? `      "runtimeFinding": ${JSON.stringify(e.runtimeFinding)},\n` : '';
    const signatures = e.signatures.map((s) => `        ${JSON.stringify(s)}`).join(',\n');
    return `    {\n      "why": ${JSON.stringify(e.why)},\n${cites}${observation}${finding}      "signatures": [\n${signatures}\n      ]\n    }`;
  });
  const schema = schemaPath === null ? '' : `  "$schema": ${JSON.stringify(schemaPath)},\n`;
  return `{\n${schema}  "probe": ${JSON.stringify(doc.probe)},\n  "explanations": [\n${groups.join(',\n')}\n  ]\n}\n`;
}

/** Rewrites the probe's divergences.json, whole or not at all. Its `$schema` is a path
 *  within this repository, so a probe outside it gets none rather than a machine's path. */
export function writeDivergences(probe: LoadedProbe, divergences: KnownDivergence[], generated = new Set<string>()): void {
  const rel = path.relative(probe.dir, path.join(SCHEMA_DIR, 'divergences.schema.json')).split(path.sep).join('/');
  const schema = path.relative(ROOT, probe.dir).startsWith('..') ? null : rel;
  writeFileWhole(probe.divergencesFile, renderDivergences(groupDivergences(probe.spec.name, divergences, probe.explanations, generated), schema));
}
