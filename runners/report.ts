// Building, validating and writing the report. An invalid report is a bug in childproof,
// so it is never written; a written report is never half a file.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hostRuntime, type Runtime } from './runtime.ts';
import { validate } from './schemas.ts';
import type { Environment, LoadedCase, Outcome, Report, TrialResult } from './types.ts';
import { TOOL_VERSION } from './version.ts';

/** Outcomes that mean something is not as the probe's expectations say. */
export const NOT_AS_EXPECTED: ReadonlySet<Outcome> = new Set(['fail', 'unexpected-pass', 'error', 'unknown']);

/** Where the trials ran: the runtime the workers used, on this machine. */
export function environment(runtime: Runtime = hostRuntime()): Environment {
  return {
    node: runtime.version,
    v8: runtime.v8,
    platform: process.platform,
    release: os.release(),
    arch: process.arch,
    cpus: os.availableParallelism(),
  };
}

export function buildReport(input: {
  probes: Report['probes'];
  cases: LoadedCase[];
  trials: TrialResult[];
  environment: Environment;
  createdAt: string;
}): Report {
  const outcomes: Partial<Record<Outcome, number>> = {};
  for (const t of input.trials) outcomes[t.outcome] = (outcomes[t.outcome] ?? 0) + 1;
  return {
    formatVersion: 1,
    tool: { name: 'childproof', version: TOOL_VERSION },
    createdAt: input.createdAt,
    environment: input.environment,
    probes: input.probes,
    cases: input.cases.map((c) => ({
      id: c.spec.id,
      title: c.spec.title,
      sha256: c.sha256,
      clauses: [...new Set(c.spec.assertions.map((a) => a.clause))],
    })),
    trials: input.trials,
    summary: {
      total: input.trials.length,
      asExpected: !input.trials.some((t) => NOT_AS_EXPECTED.has(t.outcome)),
      outcomes,
    },
  };
}

export class InvalidReportError extends Error {}

export function writeReport(file: string, report: Report): void {
  const problems = validate('report', report, 'report');
  if (problems.length) throw new InvalidReportError(`childproof built a report that does not validate (a bug):\n${problems.join('\n')}`);
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(report, null, 2)}\n`);
  fs.renameSync(tmp, file);
}
