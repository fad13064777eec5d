// A run's private directory and its owner. The directory is named for the run's tag and
// holds owner.json (the runner's pid and start time), so a directory whose runner is gone
// can be told from one whose run is still going, by `clean` and by the next run.

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endTagged } from '../os/end-tagged.ts';
import { processState, startTimeOf } from '../os/processes.ts';

const PREFIX = 'childproof-run-';
const OWNER_FILE = 'owner.json';

export interface Owner {
  pid: number;
  startTime: string | null;
  tag: string;
  /** --keep: the directory is the user's to read, so cleaning ends processes but keeps it. */
  keep: boolean;
  createdAt: string;
}

export interface RunDir {
  dir: string;
  tag: string;
}

export function runsRoot(): string {
  return os.tmpdir();
}

/** Made whole, owner and all, under a staging name, then renamed into place. */
export function createRunDir(keep: boolean, root = runsRoot()): RunDir {
  const tag = `${PREFIX}${randomBytes(6).toString('hex')}`;
  const staging = fs.mkdtempSync(path.join(root, '.childproof-staging-'));
  const owner: Owner = { pid: process.pid, startTime: startTimeOf(process.pid), tag, keep, createdAt: new Date().toISOString() };
  fs.writeFileSync(path.join(staging, OWNER_FILE), JSON.stringify(owner));
  const dir = path.join(root, tag);
  fs.renameSync(staging, dir);
  return { dir, tag };
}

export interface StaleRun {
  dir: string;
  owner: Owner;
  /** Processes of the run that were still running, now ended. */
  ended: number[];
  removed: boolean;
}

function readOwner(dir: string): Owner | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, OWNER_FILE), 'utf8')) as Owner;
  } catch {
    return null;
  }
}

/** Run directories whose runner is gone: a run that died without its supervisor's sweep. */
export function staleRuns(root = runsRoot()): Array<{ dir: string; owner: Owner }> {
  const found: Array<{ dir: string; owner: Owner }> = [];
  for (const name of fs.readdirSync(root)) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(root, name);
    const owner = readOwner(dir);
    if (owner && processState(owner.pid, owner.startTime) === 'exited') found.push({ dir, owner });
  }
  return found;
}

/** Ends what each stale run left running and removes its directory (unless it was kept). */
export function cleanStaleRuns(root = runsRoot()): StaleRun[] {
  return staleRuns(root).map(({ dir, owner }) => {
    const ended = endTagged(owner.tag);
    if (!owner.keep) fs.rmSync(dir, { recursive: true, force: true });
    return { dir, owner, ended, removed: !owner.keep };
  });
}

/** One line per stale run, for the user. */
export function describeStale(runs: StaleRun[]): string[] {
  return runs.map((r) => {
    const what = r.ended.length ? `ended ${r.ended.length} process${r.ended.length === 1 ? '' : 'es'} (${r.ended.join(', ')})` : 'nothing of it was running';
    return `a run started ${r.owner.createdAt} by pid ${r.owner.pid}, now gone, left ${r.dir}: ${what}; ${r.removed ? 'removed it' : 'kept it (--keep)'}`;
  });
}
