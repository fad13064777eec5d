// What a rejection looked like, reduced to plain data the report can carry. A target may
// reject with anything: a Proxy whose traps throw, an error whose `message` getter
// throws, an object whose Symbol.toPrimitive throws. Describing it never throws: each
// part that could not be read is null, and named in `unreadable`.

import type { ErrorObservation } from '../model/observations.ts';

const UNREAD = Symbol('unreadable');
type Read<T> = T | typeof UNREAD;

/** Runs `read`; a throw from the value's own code is UNREAD, never the describer's throw. */
function attempt<T>(read: () => T): Read<T> {
  try {
    return read();
  } catch {
    return UNREAD;
  }
}

function field(value: unknown, key: string): Read<unknown> {
  return attempt(() => (value !== null && (typeof value === 'object' || typeof value === 'function') ? (value as Record<string, unknown>)[key] : undefined));
}

const isError = (v: unknown): boolean => attempt(() => v instanceof Error) === true;
const text = (v: unknown): Read<string> => attempt(() => String(v));

/** How deep, in own properties, the reason is looked for past the places a caller reads. */
const REASON_DEPTH = 3;
/** How many objects that search visits at most: an error is small, a hostile one need not be. */
const REASON_VISITS = 200;

/** An object's own data properties: a getter is not run, so the target's code is not. */
function ownValues(value: unknown): Array<[string, unknown]> {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return [];
  const names = attempt(() => Object.getOwnPropertyNames(value));
  if (names === UNREAD) return [];
  const out: Array<[string, unknown]> = [];
  for (const name of names) {
    const d = attempt(() => Object.getOwnPropertyDescriptor(value, name));
    if (d !== UNREAD && d && 'value' in d) out.push([name, d.value]);
  }
  return out;
}

/**
 * Where the abort reason the harness passed is found on what the target rejected with, by
 * identity: the error, its cause, its cause's cause (where a caller looks), else the first
 * chain of own data properties, breadth first and at most REASON_DEPTH deep, that holds it
 * (`originalError.cause`); `nowhere` when none does.
 */
function findReason(error: unknown, reason: unknown): ErrorObservation['reasonAt'] {
  if (error === reason) return 'error';
  const cause = field(error, 'cause');
  if (cause === reason) return 'cause';
  if (cause !== UNREAD && field(cause, 'cause') === reason) return 'cause.cause';
  const seen = new Set<unknown>([error]);
  let level: Array<[string, unknown]> = [['', error]];
  for (let depth = 1; depth <= REASON_DEPTH && level.length; depth++) {
    const next: Array<[string, unknown]> = [];
    for (const [at, value] of level) {
      for (const [name, inner] of ownValues(value)) {
        const path = at ? `${at}.${name}` : name;
        if (inner === reason) return path.slice(0, 300);
        if (seen.size < REASON_VISITS && inner !== null && typeof inner === 'object' && !seen.has(inner)) {
          seen.add(inner);
          next.push([path, inner]);
        }
      }
    }
    level = next;
  }
  return 'nowhere';
}

/** What a report keeps of a message: its first line, this machine's paths out (worker/redact.ts), at most 300 characters. */
function keep(message: string, redact: (text: string) => string): string {
  return redact(message.split('\n')[0]).slice(0, 300);
}

/** The most of a settled error's message the worker keeps: every fact read from the message
 *  (a timeout said in words, a named output limit) reads all of it, not its first line. */
export const MESSAGE_KEPT = 4000;

/** A settled error's whole message, this machine's paths out, bounded. */
function keepWhole(message: string, redact: (text: string) => string): string {
  return redact(message).slice(0, MESSAGE_KEPT);
}

/** A thrown value as one kept line: `TypeError: x is not a function`, or a message given as is. */
export function firstLine(thrown: unknown, redact: (text: string) => string): string {
  if (isError(thrown)) {
    const name = text(field(thrown, 'name'));
    const message = text(field(thrown, 'message'));
    return keep(`${name === UNREAD ? '(a name that could not be read)' : name}: ${message === UNREAD ? '(a message that could not be read)' : message}`, redact);
  }
  const said = text(thrown);
  return keep(said === UNREAD ? `(a thrown ${typeof thrown} that could not be described)` : said, redact);
}

const str = (v: Read<unknown>) => (typeof v === 'string' ? v : null);
const codeOf = (v: Read<unknown>) => (typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v)) ? v : null);

/** `redact` keeps this machine's paths out of the message (worker/redact.ts). */
export function describeError(error: unknown, reason: unknown, aborted: boolean, redact: (text: string) => string = (t) => t): ErrorObservation {
  const unreadable: string[] = [];
  const read = (what: string, v: Read<unknown>) => {
    if (v === UNREAD) unreadable.push(what);
    return v;
  };
  const name = read('name', field(error, 'name'));
  const code = read('code', field(error, 'code'));
  const signal = read('signal', field(error, 'signal'));
  const exitCode = read('exitCode', field(error, 'exitCode'));
  const timedOut = read('timedOut', field(error, 'timedOut'));
  const cause = read('cause', field(error, 'cause'));
  const causeName = cause === UNREAD ? UNREAD : read('cause.name', field(cause, 'name'));
  const causeCode = cause === UNREAD ? UNREAD : read('cause.code', field(cause, 'code'));
  const message = read('message', isError(error) ? field(error, 'message') : text(error));
  const messageText = message === UNREAD ? null : text(message);
  if (message !== UNREAD && messageText === UNREAD) unreadable.push('message');
  return {
    name: str(name),
    code: codeOf(code),
    signal: str(signal),
    exitCode: typeof exitCode === 'number' && Number.isInteger(exitCode) ? exitCode : null,
    timedOut: typeof timedOut === 'boolean' ? timedOut : null,
    cause: cause === undefined || cause === null || cause === UNREAD ? null : { name: str(causeName), code: codeOf(causeCode) },
    message: messageText === null || messageText === UNREAD ? null : keepWhole(messageText, redact),
    reasonAt: aborted ? attempt(() => findReason(error, reason)) === UNREAD ? 'nowhere' : findReason(error, reason) : null,
    ...(unreadable.length ? { unreadable } : {}),
  };
}

/** A thrown value's stack, or null when it has none or reading it throws. */
export function stackOf(thrown: unknown): string | null {
  if (!isError(thrown)) return null;
  const stack = field(thrown, 'stack');
  return typeof stack === 'string' ? stack : null;
}
