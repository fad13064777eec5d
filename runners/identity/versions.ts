// The published versions of a package, from the registry, and the ones a sweep runs:
// those in a range, releases only, optionally the latest of each minor or major.

import { execFileSync } from 'node:child_process';
import semver from 'semver';
import { InputError } from '../model/errors.ts';

export function publishedVersions(name: string): string[] {
  try {
    const out = execFileSync('npm', ['view', name, 'versions', '--json', '--loglevel=error'], { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
    const parsed = JSON.parse(out) as string | string[];
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch (err) {
    const why = String((err as { stderr?: Buffer }).stderr ?? err).split('\n').find((l) => /code E|ERR!/.test(l)) ?? 'npm view failed';
    throw new InputError([`the registry did not list ${name}'s versions (${why.replace(/^npm (error|ERR!) /, '').trim()})`]);
  }
}

/** Pure: the versions in `range`, oldest first, prereleases left out; with `latestPer`, the newest of each minor or major. */
export function pickVersions(all: string[], range: string, latestPer?: 'minor' | 'major'): string[] {
  if (!semver.validRange(range)) throw new InputError([`--versions: expected a semver range, not "${range}"`]);
  const inRange = all.filter((v) => semver.valid(v) && !semver.prerelease(v) && semver.satisfies(v, range)).sort(semver.compare);
  if (!latestPer) return inRange;
  const key = (v: string) => (latestPer === 'major' ? `${semver.major(v)}` : `${semver.major(v)}.${semver.minor(v)}`);
  return inRange.filter((v, i) => i === inRange.length - 1 || key(inRange[i + 1]) !== key(v));
}
