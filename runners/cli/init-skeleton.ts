// Where init could not show a call that reaches the target, it leaves a probe whose
// adapter is a skeleton (identity/skeleton-template.ts), in the probe's folder, or, where
// that folder is a work folder about to go (check's), in one of the user's own. Exit 2,
// naming the file and the line to finish; `run` and `pin` take the probe once it is.

import fs from 'node:fs';
import path from 'node:path';
import { exportFlag } from '../identity/call-plan.ts';
import { probeJson, probeName } from '../identity/probe-template.ts';
import { skeletonAdapterSource } from '../identity/skeleton-template.ts';
import { EXIT } from '../model/errors.ts';
import { display, writeFileWhole, writeJsonWhole } from '../model/files.ts';
import { makeDirectory } from '../model/output.ts';
import { unfinishedLine } from '../model/skeleton.ts';
import type { Identity } from '../model/probe.ts';
import type { Written } from './init-adapter.ts';
import type { Within } from './run.ts';

interface SkeletonTarget {
  identity: Identity;
  typeImport: string;
  what: string;
}

/** A folder of the user's for a skeleton: `probe-NAME`, or `probe-NAME-2`…, one not there yet. */
export function freshFolder(name: string): string {
  for (let i = 1; ; i++) {
    const dir = path.resolve(i === 1 ? `probe-${name}` : `probe-${name}-${i}`);
    if (!fs.existsSync(dir)) return dir;
  }
}

/**
 * Writes probe.json and the skeleton adapter into `dir` (or where `within` keeps it,
 * `pinAt` pinning the target there afresh) and says what to finish.
 */
export function writeSkeleton(dir: string, name: string, target: SkeletonTarget, written: Written & { skeleton: NonNullable<Written['skeleton']> }, within: Within, pinAt: (dir: string) => SkeletonTarget): number {
  // Kept in a folder of the user's, it is named for the target, not for the work folder it replaces.
  const id = target.identity;
  const named = id.kind === 'package' ? id.name.replace(/^@[^/]+\//, '') : 'entry' in id && id.entry ? path.basename(String(id.entry), path.extname(String(id.entry))) : name;
  const home = within.keepSkeleton ? within.keepSkeleton(probeName(named)) : dir;
  const at = home === dir ? target : (makeDirectory(home, 'check'), pinAt(home));
  const exportName = written.exportName || null;
  const adapter = skeletonAdapterSource({ target: written.title, typeImport: at.typeImport, exportName, why: written.skeleton.why, declared: written.skeleton.declared, tried: written.skeleton.tried });
  writeJsonWhole(path.join(home, 'probe.json'), probeJson(probeName(home === dir ? name : named), at.identity, at.what));
  const file = path.join(home, 'adapter.ts');
  writeFileWhole(file, adapter);
  const listed = written.skeleton.declared.filter((d) => !written.skeleton.tried);
  process.stderr.write(
    `childproof: no call to ${written.title} could be shown to reach it: ${written.skeleton.why}\n` +
      (listed.length ? `childproof: what it declares (${exportFlag('NAME')} and --call METHOD choose one):\n${listed.map((d) => `  ${d.trim()}\n`).join('')}` : '') +
      `childproof: wrote ${display(path.join(home, 'probe.json'))} and a skeleton adapter: finish the call at ${display(file)}:${unfinishedLine(adapter)}, then:\n` +
      `  childproof verify --probe ${display(home)} --calibrate\n  childproof run --probe ${display(home)} --case core\n`,
  );
  return EXIT.input;
}
