// What a trial ran, as one digest: the fields of a case that shape the trial, and the
// probe's own options. Observations judged against a case or probe edited since stay
// valid exactly while this digest is unchanged.

import { createHash } from 'node:crypto';
import type { CaseSpec } from './case.ts';
import type { ProbeCommand } from './probe.ts';

/** JSON with every object's keys sorted, so equal values give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** `command`: a program's probe's, which shapes a server case's trial as options do a call's. */
export function setupDigest(spec: CaseSpec, probeOptions: Record<string, unknown> | undefined, command?: ProbeCommand): string {
  const { child, call, trigger, windowMs, deadlineMs, caller, server } = spec;
  const setup = { child, call, trigger, windowMs, deadlineMs, caller, server, command, probeOptions: probeOptions ?? {} };
  return createHash('sha256').update(canonicalJson(setup)).digest('hex');
}
