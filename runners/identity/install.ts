// A package probe's target, installed on demand into childproof's own cache: one
// directory per package@version, installed from the registry with install scripts off,
// its resolved tree locked (package-lock.json) and reused from then on. The bytes are
// trusted only once `verify` has checked every pinned file by git blob id, as ever.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { TARGETS_DIR } from '../model/paths.ts';

/** One package of a target's resolved tree, as its lockfile names it. */
export interface TreeEntry {
  name: string;
  version: string;
  integrity?: string;
}

export type Installed = { dir: string; tree: TreeEntry[] } | { unavailable: string };

/** The cache directory of NAME@VERSION (a scope's slash made a plus). */
export function targetDir(name: string, version: string, root = TARGETS_DIR): string {
  return path.join(root, `${name.replace('/', '+')}@${version}`);
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

/**
 * The installed package's directory and its locked tree: from the cache, or installed
 * now. Installed into a directory of its own and renamed into place whole, so a run
 * beside this one never sees half an install. Unavailable, with the command that
 * fetches it, when the registry cannot be reached and the cache does not hold it.
 */
export function installTarget(name: string, version: string, probe: string, root = TARGETS_DIR): Installed {
  const cached = cachedTarget(name, version, root);
  if (cached) return cached;
  const dir = targetDir(name, version, root);
  const pkg = path.join(dir, 'node_modules', name);
  fs.mkdirSync(root, { recursive: true });
  const work = fs.mkdtempSync(path.join(root, '.installing-'));
  try {
    fs.writeFileSync(path.join(work, 'package.json'), `${JSON.stringify({ private: true }, null, 2)}\n`);
    execFileSync('npm', ['install', '--save-exact', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', `${name}@${version}`], {
      cwd: work,
      stdio: ['ignore', 'pipe', 'pipe'],
      // npm's engine warnings are about the target, not the user's install.
      env: { ...process.env, npm_config_engine_strict: 'false', npm_config_update_notifier: 'false' },
    });
    try {
      fs.renameSync(work, dir);
    } catch {
      // Another run installed it first: theirs is the same lock, keep it.
    }
  } catch (err) {
    const why = String((err as { stderr?: Buffer }).stderr ?? err).split('\n').find((l) => /ERR!|code E/.test(l)) ?? 'npm install failed';
    return { unavailable: `${name}@${version} is not in the cache and could not be installed (${why.replace(/^npm (error|ERR!) /, '').trim()}): run ${fetchCommand(probe)} where the registry can be reached` };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return { dir: pkg, tree: lockedTree(path.join(dir, 'package-lock.json')) };
}
