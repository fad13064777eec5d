// The trial directory: where the runner, the worker and the fixtures meet, and the one
// module that knows its layout. Plain JavaScript with no dependencies, because the fixture
// (the instrumented child) and the worker (the calling process) load it beside the target
// and may load nothing the target would not.
//
//   trial.json          runner -> worker: the trial, with `protocol` (engine/run-trial.ts)
//   worker.json         worker -> runner: what the caller saw, with `protocol`
//   worker.out          the worker's stdout: never read
//   worker.err          the worker's stderr: its last lines, read bounded, shown in an
//                       error's reason, never read as a message
//   not-executable      worker -> target: the command a case names that is no program
//                       (call.command not-executable), written without execute permission
//   no-such-command, no-such-directory: never written; the command and the working
//                       directory a case names that do not exist
//   procs/<pid>.json    fixture -> all: who each fixture process is, with `protocol`,
//                       written before anything else
//   events/<pid>.jsonl  fixture -> all: what happened to it, one JSON line per event
//   ready/<role>        fixture -> all: written once its handlers are installed
//   <marker>            fixture -> all: a signal-triggered cleanup completed
// A server case's instead (engine/kinds/server-trial.ts): server-trial.json (runner -> client,
// with `protocol`), client.jsonl (client -> runner, one JSON line per event), client.err
// and server.err (their stderr: read bounded and shown, never read as messages).
// Every message carries PROTOCOL; the runner validates what it reads against
// schemas/trial-dir.schema.json, and each reader refuses another version. ENTRIES names
// every entry above (the schema's $defs/entry); no other module names one itself.

import fs from 'node:fs';
import path from 'node:path';
import { readRegularFile, readUnchangedJson } from './safe-read.mjs';

/** The version of this layout and of every message in it. */
export const PROTOCOL = 2;

export const TRIAL_FILE = 'trial.json';
export const WORKER_FILE = 'worker.json';
export const SERVER_TRIAL_FILE = 'server-trial.json';
export const CLIENT_LOG = 'client.jsonl';
export const CLIENT_ERR = 'client.err';
export const SERVER_ERR = 'server.err';
export const WORKER_OUT = 'worker.out';
export const WORKER_ERR = 'worker.err';
export const NOT_EXECUTABLE = 'not-executable';
export const MISSING_COMMAND = 'no-such-command';
export const MISSING_CWD = 'no-such-directory';
const PROCS = 'procs';
const EVENTS = 'events';
const READY = 'ready';

/** Every entry of a trial directory but a case's own markers, by name. */
export const ENTRIES = [TRIAL_FILE, WORKER_FILE, WORKER_OUT, WORKER_ERR, PROCS, EVENTS, READY, NOT_EXECUTABLE, MISSING_COMMAND, MISSING_CWD, SERVER_TRIAL_FILE, CLIENT_LOG, CLIENT_ERR, SERVER_ERR];

/** @param {string} dir */
const procsDir = (dir) => path.join(dir, PROCS);
/** @param {string} dir */
export const eventsDir = (dir) => path.join(dir, EVENTS);
/** @param {string} dir */
export const readyDir = (dir) => path.join(dir, READY);
/** @param {string} dir @param {number} pid */
export const recordFile = (dir, pid) => path.join(procsDir(dir), `${pid}.json`);
/** @param {string} dir @param {number} pid */
export const eventsFile = (dir, pid) => path.join(eventsDir(dir), `${pid}.jsonl`);
/** @param {string} dir @param {string} role */
export const readyFile = (dir, role) => path.join(readyDir(dir), role);

let shift = 0n;
/**
 * Moves this process onto CLOCK_MONOTONIC by a measured offset: a worker on a runtime
 * whose process.hrtime counts from its own start (worker/clock.ts). Fixtures never shift.
 * @param {bigint} offsetNs
 */
export const shiftClock = (offsetNs) => {
  shift = offsetNs;
};
/** CLOCK_MONOTONIC in nanoseconds, as a decimal string: one clock for the whole trial. */
export const now = () => (process.hrtime.bigint() + shift).toString();

/** @param {string} dir */
export function makeLayout(dir) {
  for (const d of [procsDir(dir), eventsDir(dir), readyDir(dir)]) fs.mkdirSync(d, { recursive: true });
}

/**
 * Written whole or not at all, by rename, so a reader never sees half a file.
 * @param {string} file
 * @param {string} text
 */
export function writeAtomic(file, text) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

/**
 * One JSON line, appended with one synchronous write: a SIGKILL cuts at most the last.
 * @param {string} file
 * @param {unknown} value
 */
export function appendLine(file, value) {
  fs.appendFileSync(file, `${JSON.stringify(value)}\n`);
}

/**
 * Calls `then` once `seen()` holds, re-checking whenever `dir` changes, unless `gaveUp()`
 * holds first. Waiting on an entry is waiting on an event, never on a clock.
 *
 * `recheckMs` is for a runtime whose fs.watch drops events: Bun's reports one event for a
 * file written and renamed into place and then none for a while, so an entry that lands
 * after that one event goes unseen (3 of 20 readiness files missed on Bun 1.3.14, none on
 * Node or Deno). The entry is then also looked for that often. The wait is still on the
 * entry: the interval only bounds how late it can be seen.
 * @param {string} dir
 * @param {() => boolean} seen
 * @param {() => boolean} gaveUp
 * @param {() => void} then
 * @param {number} [recheckMs]
 * @returns {() => void} stops waiting: `then` is not called after it
 */
export function whenSeen(dir, seen, gaveUp, then, recheckMs) {
  fs.mkdirSync(dir, { recursive: true });
  /** @type {fs.FSWatcher | null} */
  let watcher = null;
  /** @type {ReturnType<typeof setInterval> | null} */
  let recheck = null;
  const stop = () => {
    watcher?.close();
    watcher = null;
    if (recheck) clearInterval(recheck);
  };
  const check = () => {
    if (watcher && (seen() || gaveUp())) {
      stop();
      if (!gaveUp()) then();
    }
  };
  watcher = fs.watch(dir, check);
  if (recheckMs !== undefined) {
    recheck = setInterval(check, recheckMs);
    recheck.unref();
  }
  check();
  return stop;
}

/**
 * Once every role in `roles` has written its readiness.
 * @param {string} dir
 * @param {string[]} roles
 * @param {() => void} then
 */
export function whenReady(dir, roles, then) {
  whenSeen(readyDir(dir), () => roles.every((r) => fs.existsSync(readyFile(dir, r))), () => false, then);
}


/** @param {string} dir @param {string} suffix */
function filesIn(dir, suffix) {
  try {
    return fs.readdirSync(dir).filter((f) => f.endsWith(suffix)).map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}

/** The target runs in the trial directory as this user: what is found there is read only
 *  as a regular file, never blocking on a FIFO it put in a record's place.
 *  @param {string} f */
const regular = (f) => readRegularFile(f, 16 << 20);

/**
 * What each fixture wrote about itself: records of this protocol with a pid, as written (the runner
 * validates them whole, engine/trial-messages.ts); each written once, by a rename, so read once.
 * @param {string} dir
 * @returns {Array<Record<string, unknown> & { protocol: number, pid: number, role: string, startTime: string | null }>}
 */
export function readRecords(dir) {
  return filesIn(procsDir(dir), '.json').flatMap((f) => {
    const record = readUnchangedJson(f, 16 << 20);
    return record && record.protocol === PROTOCOL && Number.isSafeInteger(record.pid) ? [record] : [];
  });
}

/**
 * Events of every fixture process; a line cut short by a SIGKILL is dropped, not fatal.
 * @param {string} dir
 * @returns {Array<Record<string, unknown>>}
 */
export function readEvents(dir) {
  return filesIn(eventsDir(dir), '.jsonl').flatMap((f) => eventsIn(regular(f) ?? ''));
}

/**
 * The events of one file's text, in the order written; a line that does not parse is dropped.
 * @param {string} text
 * @returns {Array<Record<string, unknown>>}
 */
function eventsIn(text) {
  return text.split('\n').flatMap((line) => {
    if (!line) return [];
    try {
      return [JSON.parse(line)];
    } catch {
      return [];
    }
  });
}

/**
 * How many events each fixture process had written, whole and readable, by now: a count
 * taken when a watch ends tells which events came before it without comparing clocks
 * (a runtime's own clock, Deno's, need not be the fixtures' CLOCK_MONOTONIC).
 * @param {string} dir
 * @returns {Record<string, number>}
 */
export function eventCounts(dir) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const f of filesIn(eventsDir(dir), '.jsonl')) {
    // Only a fixture's own file, named by its pid; anything else planted there is not one.
    const pid = path.basename(f, '.jsonl');
    const text = /^[1-9][0-9]*$/.test(pid) ? regular(f) : null;
    if (text !== null) counts[pid] = eventsIn(text).length;
  }
  return counts;
}

/**
 * The events file of one process, as text (for a quick look for one kind of event).
 * @param {string} dir
 * @param {number} pid
 */
export const eventsText = (dir, pid) => regular(eventsFile(dir, pid)) ?? '';

/**
 * A message read back: its version checked before anything else is trusted.
 * @param {string} file
 * @param {string} what
 * @returns {Record<string, unknown>}
 */
export function readMessage(file, what) {
  const message = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!message || typeof message !== 'object' || message.protocol !== PROTOCOL) {
    throw new Error(`${what} ${file} speaks trial-directory protocol ${JSON.stringify(message?.protocol)}, not ${PROTOCOL}`);
  }
  return message;
}
