// How long each trial took when it was last published: the order a run starts its trials
// in, longest first, so the slowest ones do not start last and leave the machine idle
// while they finish. Only an order: no fact and no outcome depends on it.

import fs from 'node:fs';
import path from 'node:path';
import { RESULTS_DIR } from '../model/paths.ts';
import { DEFAULT_DEADLINE_MS, type CaseSpec, type LoadedCase } from '../model/case.ts';
import { timelinesDerived } from './timelines-derived.ts';
import type { Report, TrialResult } from '../model/report-types.ts';

/**
 * A trial's span: its last timeline event, or its deadline when the call never settled
 * (the worker waits that long), plus the window the runner watches after a caller exits.
 */
function spanMs(t: TrialResult, c: CaseSpec | undefined): number {
  const last = Math.max(0, ...(t.timeline ?? []).map((e) => e.ms));
  const deadline = t.facts?.settled === 'pending' ? (c?.deadlineMs ?? DEFAULT_DEADLINE_MS) : 0;
  const after = t.observations?.runner.afterCaller ? (c?.windowMs ?? 0) : 0;
  return Math.max(last, deadline) + after;
}

/**
 * Durations by probe and case from the published reports of the same Node major, read
 * whole or not at all: a report that does not parse is skipped, never an error.
 */
export function publishedDurations(nodeVersion: string, cases: LoadedCase[], dir = RESULTS_DIR): (probe: string, caseId: string) => number | undefined {
  let spans: Map<string, number> | null = null;
  // Read when first asked: a plan with nothing to order never asks.
  return (probe, caseId) => (spans ??= readSpans(nodeVersion, cases, dir)).get(`${probe}\u0000${caseId}`);
}

function readSpans(nodeVersion: string, cases: LoadedCase[], dir: string): Map<string, number> {
  const byId = new Map(cases.map((c) => [c.spec.id, c.spec]));
  const major = nodeVersion.replace(/^v/, '').split('.')[0];
  const spans = new Map<string, number>();
  const files = fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json')) : [];
  for (const file of files) {
    if (!path.basename(file).includes(`@node-v${major}.`)) continue;
    try {
      const read = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Report;
      // The file leaves out a timeline its observations give; the environment says whose clock.
      const report = read.environment ? timelinesDerived(read) : read;
      for (const t of report.trials) if (t.timeline) spans.set(`${t.probe}\u0000${t.case}`, spanMs(t, byId.get(t.case)));
    } catch {
      continue;
    }
  }
  return spans;
}
