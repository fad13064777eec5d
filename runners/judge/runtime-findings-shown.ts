// Which runtime findings a trial shows: the finding holds where the trial ran, and the
// trial's fact has the finding's value. A divergence on a fact the finding changes, in
// such a trial, is the runtime's doing. Pure.

import { isDeepStrictEqual } from 'node:util';
import type { FactName } from '../model/case.ts';
import type { Facts } from '../model/report-types.ts';
import type { RuntimeFinding } from '../model/runtime-findings.ts';
import { scopeCovers } from './scope.ts';

export function findingsShown(findings: RuntimeFinding[], on: { name: string; release: string }, facts: Facts | undefined): RuntimeFinding[] {
  if (!facts) return [];
  return findings.filter((f) => scopeCovers(f.runtime, on) && isDeepStrictEqual(facts[f.fact], f.value));
}

/** The finding that accounts for a divergence on `fact` in a trial with these facts, if any. */
export function findingFor(findings: RuntimeFinding[], on: { name: string; release: string }, facts: Facts | undefined, fact: FactName): RuntimeFinding | undefined {
  return findingsShown(findings, on, facts).find((f) => f.affects.includes(fact));
}
