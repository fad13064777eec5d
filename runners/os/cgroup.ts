// A cgroup for the run, where the kernel offers one: a process cannot leave it by setsid,
// a double fork or a cleared environment, so it finds every process a trial started, by
// any route. It needs a cgroup v2 hierarchy this user may write (root, in CI); where there
// is none, runs go on without it and leftovers are found by mark (marks.ts).
//
//   <this process's cgroup>/<run tag>/<trial name>
//
// The runner makes both; each trial worker moves itself into its trial's cgroup before it
// loads the target, so nothing the target starts is outside it.

import fs from 'node:fs';
import path from 'node:path';
import { readRegularFile } from '../protocol/safe-read.mjs';

const LINUX = process.platform === 'linux';

/** The kernel's magic number for a cgroup v2 file system (statfs(2)). */
const CGROUP2_SUPER_MAGIC = 0x63677270;

/** Where cgroup v2 is mounted on this machine, from the kernel's own mount table. */
function cgroup2Mounts(): string[] {
  if (!LINUX) return [];
  const mounts = readRegularFile('/proc/self/mountinfo', 1 << 20) ?? '';
  // mountinfo: id parent major:minor root mount-point options ... - fstype source options
  return mounts
    .split('\n')
    .map((l) => l.split(' '))
    .filter((f) => f[f.indexOf('-') + 1] === 'cgroup2' && f[4])
    .map((f) => f[4].replace(/\\(\d{3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8))));
}

/** Where this process's own cgroup is in a writable cgroup v2 hierarchy, or null. */
export function ownCgroup(): string | null {
  const mount = cgroup2Mounts()[0];
  if (!mount) return null;
  const own = (readRegularFile('/proc/self/cgroup') ?? '').split('\n').find((l) => l.startsWith('0::'))?.slice(3);
  if (own === undefined) return null;
  const dir = path.join(mount, own);
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    return fs.statSync(path.join(dir, 'cgroup.procs')).isFile() ? dir : null;
  } catch {
    return null;
  }
}

/**
 * Why `cgroup` is not a cgroup a run tagged `tag` made, or null when it is. A run's
 * directory is anyone's to plant, and so is the cgroup its owner.json names: a directory
 * holding a plain file called cgroup.procs would otherwise get whatever pids it lists
 * killed. So a cgroup is trusted only by the kernel's word: it lies below a cgroup v2
 * mount of this machine, with no link on the way, its file system is cgroup2, and its
 * name is the run's tag.
 */
export function distrustCgroup(cgroup: string, tag: string): string | null {
  if (path.basename(cgroup) !== tag) return `its name is not the run's tag ${tag}`;
  const resolved = path.resolve(cgroup);
  let real: string;
  try {
    real = fs.realpathSync(resolved);
  } catch {
    return 'it is gone';
  }
  if (real !== resolved) return 'a link leads there';
  if (!cgroup2Mounts().some((m) => resolved.startsWith(`${m.replace(/\/$/, '')}/`))) return 'it is not below a cgroup v2 mount of this machine';
  try {
    if (fs.statfsSync(resolved).type !== CGROUP2_SUPER_MAGIC) return 'its file system is not cgroup2';
  } catch {
    return 'its file system cannot be read';
  }
  return null;
}

/** Makes `name` below `parent`; null when the kernel refuses. */
export function makeCgroup(parent: string, name: string): string | null {
  const dir = path.join(parent, name);
  try {
    fs.mkdirSync(dir);
    return dir;
  } catch {
    return null;
  }
}

/** Moves this process into a cgroup; false when the kernel refuses. */
export function joinCgroup(cgroup: string): boolean {
  try {
    fs.writeFileSync(path.join(cgroup, 'cgroup.procs'), `${process.pid}\n`);
    return true;
  } catch {
    return false;
  }
}

/** Every live process in the cgroup and the cgroups below it. */
export function processesIn(cgroup: string): number[] {
  const found: number[] = [];
  const walk = (dir: string) => {
    let text = '';
    try {
      text = fs.readFileSync(path.join(dir, 'cgroup.procs'), 'utf8');
    } catch {
      return;
    }
    for (const line of text.split('\n')) if (line) found.push(Number(line));
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) walk(path.join(dir, e.name));
  };
  walk(cgroup);
  return found;
}

/** The kernel's word on whether any process, in the cgroup or below it, is still there. */
export function populated(cgroup: string): boolean {
  try {
    return /^populated 1$/m.test(fs.readFileSync(path.join(cgroup, 'cgroup.events'), 'utf8'));
  } catch {
    return processesIn(cgroup).length > 0;
  }
}

/** Removes an emptied cgroup and those below it; false while the kernel still refuses
 *  (a process killed is torn down, and reaped by its parent, a moment later). Ending what
 *  is in it is the ender's (os/ender.ts, endCgroup). */
export function cgroupGone(dir: string): boolean {
  try {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) cgroupGone(path.join(dir, e.name));
    fs.rmdirSync(dir);
    return true;
  } catch {
    return false;
  }
}
