// A run's private directory and its owner. The directory is named for the run's random
// tag and holds owner.json (the runner's pid and start time), so a directory whose runner
// is gone can be told from one whose run is still going, by `clean` and by the next run.
//
// The directories live in a shared temporary directory, where anyone can plant one. A
// directory is trusted only when it could only have been made by childproof for this
// user: a real directory (not a link) named childproof-run-<hex>, owned by this user and
// closed to everyone else (mode 0700); its tag is its own name, never what a file in it
// says; owner.json is read only when it is a regular file, without blocking. And what a
// stale run is ended by is its processes' mark and its cgroup (os/end-run.ts), never a
// command line.

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeCgroup, ownCgroup } from './cgroup.ts';
import { endCgroup } from './ender.ts';
import { endRun } from './end-run.ts';
import { processState, startTimeOf } from './processes.ts';
import { readRegularFile } from '../protocol/safe-read.mjs';

const PREFIX = 'childproof-run-';
/** Twelve random bytes now; six in runs before marks, whose directories are still cleaned. */
const NAME = /^childproof-run-[0-9a-f]{12,32}$/;
const OWNER_FILE = 'owner.json';
const ME = process.getuid?.() ?? -1;

interface Owner {
  pid: number;
  startTime: string | null;
  /** --keep: the directory is the user's to read, so cleaning ends processes but keeps it. */
  keep: boolean;
  createdAt: string;
  /** The run's cgroup, when it had one (os/cgroup.ts). */
  cgroup?: string | null;
}

export interface RunDir {
  dir: string;
  tag: string;
}

function runsRoot(): string {
  return os.tmpdir();
}

/**
 * Made whole, owner and all, under a staging name (mkdtemp: mode 0700), then renamed into
 * place, with the run's cgroup, named for its tag, where the kernel gives one.
 */
export function createRunDir(keep: boolean, root = runsRoot()): RunDir & { cgroup: string | null } {
  const tag = `${PREFIX}${randomBytes(12).toString('hex')}`;
  const own = ownCgroup();
  // The directory, naming the cgroup it is about to make, comes first: a run's cgroup is
  // never there without a directory whose live owner claims it (another run's check of what
  // is left, a suite's beside this one, reads the two in that order).
  const planned = own ? path.join(own, tag) : null;
  const staging = fs.mkdtempSync(path.join(root, '.childproof-staging-'));
  const owner: Owner = { pid: process.pid, startTime: startTimeOf(process.pid), keep, createdAt: new Date().toISOString(), cgroup: planned };
  const writeOwner = (into: string, o: Owner) => fs.writeFileSync(path.join(into, OWNER_FILE), JSON.stringify(o), { flag: 'wx', mode: 0o600 });
  writeOwner(staging, owner);
  const dir = path.join(root, tag);
  fs.renameSync(staging, dir);
  const cgroup = own ? makeCgroup(own, tag) : null;
  if (planned && !cgroup) {
    // The kernel refused it: the directory names none, written whole in place of the first.
    const again = fs.mkdtempSync(path.join(dir, '.owner-'));
    writeOwner(again, { ...owner, cgroup: null });
    fs.renameSync(path.join(again, OWNER_FILE), path.join(dir, OWNER_FILE));
    fs.rmdirSync(again);
  }
  return { dir, tag, cgroup };
}

/**
 * The run is over: its cgroup ended (whatever is still in it), its directory removed unless
 * kept, or unless the cgroup would not go: the directory names it, so the next run or
 * `clean` finds it once this runner is gone.
 */
export function endRunDir(run: RunDir & { cgroup: string | null }, keep: boolean): void {
  const gone = run.cgroup ? endCgroup(run.cgroup, 'run-ended') : true;
  if (!keep && gone) fs.rmSync(run.dir, { recursive: true, force: true });
}

function asOwner(text: string | null): Owner | null {
  let o: Partial<Owner>;
  try {
    o = JSON.parse(text ?? '');
  } catch {
    return null;
  }
  if (!o || typeof o !== 'object') return null;
  if (!Number.isSafeInteger(o.pid) || (o.pid as number) <= 0) return null;
  if (o.startTime !== null && typeof o.startTime !== 'string') return null;
  const cgroup = typeof o.cgroup === 'string' ? o.cgroup : null;
  return { pid: o.pid!, startTime: o.startTime ?? null, keep: o.keep === true, createdAt: typeof o.createdAt === 'string' ? o.createdAt : 'at an unknown time', cgroup };
}

type Found = { dir: string; tag: string; owner: Owner } | { dir: string; untrusted: string };

/** Why a directory named like a run's is not trusted as one, or null when it is. */
function distrust(dir: string, name: string): string | null {
  if (!NAME.test(name)) return 'its name is not one childproof makes';
  let st: fs.Stats;
  try {
    st = fs.lstatSync(dir);
  } catch {
    return 'it is gone';
  }
  if (!st.isDirectory()) return st.isSymbolicLink() ? 'it is a link' : 'it is not a directory';
  if (st.uid !== ME) return `it belongs to uid ${st.uid}, not to this user`;
  if ((st.mode & 0o077) !== 0) return `others may open it (mode ${(st.mode & 0o777).toString(8)})`;
  return null;
}

/** Every directory under `root` named like a run's, trusted (with its owner) or not (with why). */
export function runDirs(root = runsRoot()): Found[] {
  const found: Found[] = [];
  let names: string[];
  try {
    names = fs.readdirSync(root);
  } catch {
    return found;
  }
  for (const name of names) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(root, name);
    const why = distrust(dir, name);
    if (why) {
      found.push({ dir, untrusted: why });
      continue;
    }
    const owner = asOwner(readRegularFile(path.join(dir, OWNER_FILE)));
    if (!owner) found.push({ dir, untrusted: 'its owner.json is missing, not a regular file, or not one childproof writes' });
    else found.push({ dir, tag: name, owner });
  }
  return found;
}

/** Trusted run directories whose runner is gone: a run that died without its supervisor's sweep. */
function staleRuns(found: Found[] = runDirs()): Array<{ dir: string; tag: string; owner: Owner }> {
  return found.flatMap((f) => ('owner' in f && processState(f.owner.pid, f.owner.startTime) === 'exited' ? [f] : []));
}

interface StaleRun {
  dir: string;
  owner: Owner;
  /** Processes of the run that were still running, now ended. */
  ended: number[];
  /** Why the cgroup its owner.json names was left alone (not a cgroup this run made). */
  cgroupRefused: string | null;
  /** The run's cgroup would not go in time: the directory stays, to be tried again. */
  cgroupLeft: boolean;
  removed: boolean;
}

/** Ends what each stale run left running and removes its directory (unless it was kept). */
export function cleanStaleRuns(found: Found[] = runDirs()): StaleRun[] {
  return staleRuns(found).map(({ dir, tag, owner }) => {
    const { ended, cgroupRefused, cgroupLeft } = endRun(tag, owner.cgroup ?? null);
    const removed = !owner.keep && !cgroupLeft;
    if (removed) fs.rmSync(dir, { recursive: true, force: true });
    return { dir, owner, ended, cgroupRefused, cgroupLeft, removed };
  });
}

/** One line per stale run, for the user. */
export function describeStale(runs: StaleRun[]): string[] {
  return runs.map((r) => {
    const what = r.ended.length ? `ended ${r.ended.length} process${r.ended.length === 1 ? '' : 'es'} (${r.ended.join(', ')})` : 'nothing of it was running';
    const refused = r.cgroupRefused ? `; left the cgroup its owner.json names, ${r.owner.cgroup}, alone: ${r.cgroupRefused}` : '';
    const fate = r.removed ? 'removed it' : r.cgroupLeft ? `kept it: its cgroup ${r.owner.cgroup} would not go yet, and \`childproof clean\` tries again` : 'kept it (--keep)';
    return `a run started ${r.owner.createdAt} by pid ${r.owner.pid}, now gone, left ${r.dir}: ${what}${refused}; ${fate}`;
  });
}

/** One line per directory named like a run's that was left alone, and why. */
export function describeUntrusted(found: Found[]): string[] {
  return found.flatMap((f) => ('untrusted' in f ? [`left ${f.dir} alone: ${f.untrusted}`] : []));
}
