// What a rejection looked like, reduced to plain data the report can carry.

import type { ErrorObservation } from '../model/observations.ts';

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

/** Where the abort reason the harness passed can be found on what the target rejected with. */
function findReason(error: unknown, reason: unknown): ErrorObservation['reasonAt'] {
  if (error === reason) return 'error';
  const cause = field(error, 'cause');
  if (cause === reason) return 'cause';
  if (field(cause, 'cause') === reason) return 'cause.cause';
  return 'nowhere';
}

/** What a report keeps of a message: its first line, this machine's paths out (worker/redact.ts), at most 300 characters. */
function keep(message: string, redact: (text: string) => string): string {
  return redact(message.split('\n')[0]).slice(0, 300);
}

/** A thrown value as one kept line: `TypeError: x is not a function`, or a message given as is. */
export function firstLine(thrown: unknown, redact: (text: string) => string): string {
  return keep(thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown), redact);
}

/** `redact` keeps this machine's paths out of the message (worker/redact.ts). */
export function describeError(error: unknown, reason: unknown, aborted: boolean, redact: (text: string) => string = (t) => t): ErrorObservation {
  const name = field(error, 'name');
  const code = field(error, 'code');
  const signal = field(error, 'signal');
  const exitCode = field(error, 'exitCode');
  const timedOut = field(error, 'timedOut');
  const cause = field(error, 'cause');
  const causeName = field(cause, 'name');
  const causeCode = field(cause, 'code');
  const message = error instanceof Error ? error.message : String(error);
  return {
    name: typeof name === 'string' ? name : null,
    code: typeof code === 'string' || typeof code === 'number' ? code : null,
    signal: typeof signal === 'string' ? signal : null,
    exitCode: typeof exitCode === 'number' ? exitCode : null,
    timedOut: typeof timedOut === 'boolean' ? timedOut : null,
    cause:
      cause === undefined || cause === null
        ? null
        : { name: typeof causeName === 'string' ? causeName : null, code: typeof causeCode === 'string' || typeof causeCode === 'number' ? causeCode : null },
    message: keep(message, redact),
    reasonAt: aborted ? findReason(error, reason) : null,
  };
}
