// How long each trial took when it was last published: the order a run starts its trials
// in, longest first, so the slowest ones do not start last and leave the machine idle
// while they finish. Only an order: no fact and no outcome depends on it.

import fs from 'node:fs';
import path from 'node:path';
import { RESULTS_DIR } from '../model/paths.ts';
import { DEFAULT_DEADLINE_MS, type CaseSpec, type LoadedCase } from '../model/case.ts';
import { timelinesDerived } from './timelines-derived.ts';
import type { Report } from '../model/report-types.ts';

/** What a published trial says of its span: read once, judged against the case asked now. */
interface Published {
  last: number;
  pending: boolean;
  afterCaller: boolean;
}

/**
 * A trial's span: its last timeline event, or its deadline when the call never settled
 * (the worker waits that long), plus the window the runner watches after a caller exits.
 */
function spanMs(t: Published, c: CaseSpec | undefined): number {
  const deadline = t.pending ? (c?.deadlineMs ?? DEFAULT_DEADLINE_MS) : 0;
  return Math.max(t.last, deadline) + (t.afterCaller ? (c?.windowMs ?? 0) : 0);
}

/** What was read, by directory and Node major: a process that runs many plans (a sweep,
 *  the test suite's runner) reads the published reports once. Only an order rests on it. */
const readBefore = new Map<string, Map<string, Published>>();

/**
 * Durations by probe and case from the published reports of the same Node major, read
 * whole or not at all: a report that does not parse is skipped, never an error.
 */
export function publishedDurations(nodeVersion: string, cases: LoadedCase[], dir = RESULTS_DIR): (probe: string, caseId: string) => number | undefined {
  const byId = new Map(cases.map((c) => [c.spec.id, c.spec]));
  const major = nodeVersion.replace(/^v/, '').split('.')[0];
  const key = `${path.resolve(dir)}\u0000${major}`;
  // Read when first asked: a plan with nothing to order never asks.
  return (probe, caseId) => {
    let published = readBefore.get(key);
    if (!published) readBefore.set(key, (published = readPublished(major, dir)));
    const t = published.get(`${probe}\u0000${caseId}`);
    return t && spanMs(t, byId.get(caseId));
  };
}

function readPublished(major: string, dir: string): Map<string, Published> {
  const spans = new Map<string, Published>();
  const files = fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json')) : [];
  for (const file of files) {
    if (!path.basename(file).includes(`@node-v${major}.`)) continue;
    try {
      const read = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Report;
      // The file leaves out a timeline its observations give; the environment says whose clock.
      const report = read.environment ? timelinesDerived(read) : read;
      for (const t of report.trials) {
        if (!t.timeline) continue;
        const last = Math.max(0, ...t.timeline.map((e) => e.ms));
        spans.set(`${t.probe}\u0000${t.case}`, { last, pending: t.facts?.settled === 'pending', afterCaller: Boolean(t.observations?.runner.afterCaller) });
      }
    } catch {
      continue;
    }
  }
  return spans;
}
