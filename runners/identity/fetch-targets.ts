// Before a run or verify: the package targets it will need, installed side by side.
// Verification installs a missing target when it reaches it, one after another; on a
// fresh machine that is most of a first run's wait.

import type { LoadedProbe } from '../model/probe.ts';
import { cachedTarget, installTargets } from './install.ts';
import { installedVersion } from './pinned-bytes.ts';
import { findPackageDir } from './package-paths.ts';

/**
 * Installs, side by side, each package target that verifying the probes would install one
 * after another: the slow part of a first run or verify on a fresh machine. What it
 * installs is trusted only once verification has checked every pinned file, as ever.
 */
export async function fetchTargets(probes: LoadedProbe[], jobs = 6): Promise<void> {
  const missing = probes.flatMap((p) => {
    const id = p.spec.identity;
    if (id.kind !== 'package' || cachedTarget(id.name, id.version)) return [];
    const local = findPackageDir(p.codeDir, id.installedAs ?? id.name);
    return local && installedVersion(local) === `${id.name}@${id.version}` ? [] : [{ id, probe: p.spec.name }];
  });
  let next = 0;
  const worker = async () => {
    // One at a time per worker; a failed install is left for verification to report.
    for (let i = next++; i < missing.length; i = next++) await installTargets(missing[i].id.name, [missing[i].id.version], missing[i].probe, 1);
  };
  await Promise.all(Array.from({ length: Math.min(jobs, missing.length) }, worker));
}
