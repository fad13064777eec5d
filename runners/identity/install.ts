// A package probe's target, installed on demand into childproof's own cache: one
// directory per package@version, installed from the registry with install scripts off,
// its resolved tree locked (package-lock.json) and reused from then on. The bytes are
// trusted only once `verify` has checked every pinned file by git blob id, as ever.

import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { InputError } from '../model/errors.ts';
import { NODE_CACHE_DIR, RUNTIME_CACHE_DIR, TARGETS_DIR } from '../model/paths.ts';
import { publishedVersions } from './versions.ts';
import { processState, startTimeOf } from '../os/processes.ts';
import { readPidRecord, writePidRecord } from '../model/pid-record.ts';
import { npmCause } from './npm-cause.ts';

/** One package of a target's resolved tree, as its lockfile names it. */
export interface TreeEntry {
  name: string;
  version: string;
  integrity?: string;
}

type Installed = { dir: string; tree: TreeEntry[] } | { unavailable: string };

/**
 * The cache directory of NAME@VERSION (a scope's slash made a plus). A name or version
 * that would lead anywhere but one directory directly inside the cache is refused.
 */
export function targetDir(name: string, version: string, root = TARGETS_DIR): string {
  const dir = path.resolve(root, `${name.replace('/', '+')}@${version}`);
  if (path.dirname(dir) !== path.resolve(root) || !semver.valid(version) || /[\\/]/.test(name.replace('/', ''))) {
    throw new InputError([`${name}@${version}: expected a package name and an exact version; this one would lie outside the target cache`]);
  }
  return dir;
}

/** The packages a lockfile resolved, the target among them, sorted by name. */
export function lockedTree(lockfile: string): TreeEntry[] {
  const lock = JSON.parse(fs.readFileSync(lockfile, 'utf8')) as { packages?: Record<string, { version?: string; integrity?: string; name?: string }> };
  return Object.entries(lock.packages ?? {})
    .filter(([where, p]) => where !== '' && p.version)
    .map(([where, p]) => ({ name: p.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length), version: p.version!, ...(p.integrity ? { integrity: p.integrity } : {}) }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/** NAME@VERSION as the cache holds it, or null. */
export function cachedTarget(name: string, version: string, root = TARGETS_DIR): { dir: string; tree: TreeEntry[] } | null {
  const dir = targetDir(name, version, root);
  const pkg = path.join(dir, 'node_modules', name);
  if (!fs.existsSync(path.join(dir, 'package-lock.json')) || !fs.existsSync(path.join(pkg, 'package.json'))) return null;
  return { dir: pkg, tree: lockedTree(path.join(dir, 'package-lock.json')) };
}

/** The command a user runs, online, to fill the cache for a probe. */
export function fetchCommand(probe: string): string {
  return `childproof verify --probe ${probe}`;
}

const NPM_ARGS = (name: string, version: string) => ['install', '--save-exact', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', `${name}@${version}`];
// npm's engine warnings are about the target, not the user's install.
const NPM_ENV = () => ({ ...process.env, npm_config_engine_strict: 'false', npm_config_update_notifier: 'false' });

/** No such version: exit 2, with the published versions nearest the one asked for. */
function noSuchVersion(name: string, version: string): InputError {
  let all: string[] = [];
  try {
    all = publishedVersions(name).filter((v) => semver.valid(v));
  } catch {}
  const sorted = [...all, version].sort(semver.compare);
  const at = sorted.indexOf(version);
  const near = [...sorted.slice(Math.max(0, at - 3), at), ...sorted.slice(at + 1, at + 4)];
  return new InputError([`${name}@${version} is not published${near.length ? `; the nearest published versions: ${near.join(', ')}` : ''}`]);
}

const INSTALLING = '.installing-';
/** Who is installing into a work directory, so one whose installer died can be told apart. */
const INSTALLER_FILE = '.childproof-installer.json';

/** Where a work directory is made, before it says who is installing into it. */
const PREPARING = '.preparing-';

/**
 * A fresh directory to install into, beside the cache it will be renamed into: a target's,
 * or a runtime release's. It appears under its name already naming its installer: made
 * empty under that name, another run's sweep (removeAbandonedInstalls) found it without a
 * record, took it for an older childproof's, and removed it under its installer.
 */
export function workDir(root: string): string {
  fs.mkdirSync(root, { recursive: true });
  const made = fs.mkdtempSync(path.join(root, PREPARING));
  writePidRecord(path.join(made, INSTALLER_FILE), { pid: process.pid, startTime: startTimeOf(process.pid) });
  fs.writeFileSync(path.join(made, 'package.json'), `${JSON.stringify({ private: true }, null, 2)}\n`);
  const work = path.join(root, `${INSTALLING}${path.basename(made).slice(PREPARING.length)}`);
  fs.renameSync(made, work);
  return work;
}

/**
 * Removes every install a dead process left half done in the cache (a run killed during
 * its install), and says so: `clean` and every run call it. One whose installer is alive
 * is another run's, and is left alone.
 */
export function removeAbandonedInstalls(root = TARGETS_DIR): string[] {
  const roots = root === TARGETS_DIR ? [[TARGETS_DIR, 'the target cache'], ...runtimeRoots()] : [[root, 'the target cache']];
  const said: string[] = [];
  for (const [dir, what] of roots) {
    let names: string[];
    try {
      names = fs.readdirSync(dir).filter((n) => n.startsWith(INSTALLING) || n.startsWith(PREPARING));
    } catch {
      continue;
    }
    for (const name of names) {
      const work = path.join(dir, name);
      const installer = readPidRecord(path.join(work, INSTALLER_FILE));
      if (installer && processState(installer.pid, installer.startTime) === 'running') continue;
      // One still being made has no record yet: only its record can say its maker died.
      if (!installer && name.startsWith(PREPARING)) continue;
      fs.rmSync(work, { recursive: true, force: true });
      said.push(`removed ${name} from ${what}: an install its installer did not live to finish`);
    }
  }
  return said;
}

/** Where runtime releases are installed, each beside the others of its runtime. */
function runtimeRoots(): Array<[string, string]> {
  let names: string[] = [];
  try {
    names = fs.readdirSync(RUNTIME_CACHE_DIR);
  } catch {}
  return [[NODE_CACHE_DIR, "the cache of Node's releases"], ...names.map((n): [string, string] => [path.join(RUNTIME_CACHE_DIR, n), `the cache of ${n}'s releases`])];
}

/** Moves a finished install into place whole, or says why it failed. */
function settle(name: string, version: string, probe: string, work: string, root: string, err: unknown): Installed {
  try {
    if (err) {
      const said = String((err as { stderr?: Buffer | string }).stderr ?? err);
      // The registry answered: no such version. That is the user's typo, not an outage.
      if (/code ETARGET|notarget|No matching version/i.test(said)) throw noSuchVersion(name, version);
      return { unavailable: `${name}@${version} is not in the cache and could not be installed (${npmCause(said)}): run ${fetchCommand(probe)} where the registry can be reached` };
    }
    const got = (() => {
      try {
        return (JSON.parse(fs.readFileSync(path.join(work, 'node_modules', name, 'package.json'), 'utf8')) as { version?: string }).version;
      } catch {
        return undefined;
      }
    })();
    if (got !== version) return { unavailable: `${name}@${version}: npm installed ${got ?? 'nothing'} instead` };
    try {
      fs.renameSync(work, targetDir(name, version, root));
    } catch {
      // Another run installed it first: theirs is the same lock, keep it.
    }
    return cachedTarget(name, version, root) ?? { unavailable: `${name}@${version}: the install left no package behind` };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The installed package's directory and its locked tree: from the cache, or installed
 * now. Installed into a directory of its own and renamed into place whole, so a run
 * beside this one never sees half an install. Unavailable, with the command that
 * fetches it, when the registry cannot be reached and the cache does not hold it.
 */
export function installTarget(name: string, version: string, probe: string, root = TARGETS_DIR): Installed {
  const cached = cachedTarget(name, version, root);
  if (cached) return cached;
  const work = workDir(root);
  let failed: unknown = null;
  try {
    execFileSync('npm', NPM_ARGS(name, version), { cwd: work, stdio: ['ignore', 'pipe', 'pipe'], env: NPM_ENV() });
  } catch (err) {
    failed = err;
  }
  return settle(name, version, probe, work, root, failed);
}

/** The same for many versions at once, `jobs` installs at a time: a sweep fills the cache before it runs. */
export async function installTargets(name: string, versions: string[], probe: string, jobs: number, root = TARGETS_DIR): Promise<Installed[]> {
  const results: Installed[] = [];
  let next = 0;
  const one = async (): Promise<void> => {
    for (let i = next++; i < versions.length; i = next++) {
      const cached = cachedTarget(name, versions[i], root);
      if (cached) {
        results[i] = cached;
        continue;
      }
      const work = workDir(root);
      const failed = await new Promise<unknown>((resolve) => {
        execFile('npm', NPM_ARGS(name, versions[i]), { cwd: work, env: NPM_ENV() }, (err, _out, stderr) => resolve(err ? Object.assign(err, { stderr }) : null));
      });
      results[i] = settle(name, versions[i], probe, work, root, failed);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, one));
  return results;
}
