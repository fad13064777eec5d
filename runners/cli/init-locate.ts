// Where the export init is to call lives: the entry's own export; a function inside one of
// its exported objects (playwright-core's `utils.spawnAsync`); or, for a package whose
// main entry has neither, another entry its `exports` map names (`./lib/coreBundle`).
// Each guess is written and checked by loading the verified copy, never by reading alone.

import { adapterFor, type TargetText, type Written } from './init-adapter.ts';

export interface Verified {
  files: number;
  exportsProblem: string | null;
  missing: string[];
  members: string[];
}

export interface Locating {
  target: TargetText;
  asked: { export?: string; call?: string };
  /** Makes `file` the pinned entry, before its source is read. */
  enter: (file: string) => void;
  /** Writes the probe for `w` and loads it, as verify does. */
  write: (w: Written) => Promise<Verified>;
  /** Other entries to look in, when none was asked for: a package's exports subpaths. */
  subpaths: Array<{ subpath: string; file: string }>;
}

/** The function the check found inside an exported object, when exactly one has that name. */
function inside(w: Written, v: Verified): string | null {
  if (v.missing.length !== 1 || v.missing[0] !== w.exportName) return null;
  const found = v.members.filter((m) => m.endsWith(`.${w.exportName}`));
  return found.length === 1 ? found[0] : null;
}

async function tryEntry(l: Locating, file: string, say: (line: string) => void): Promise<{ written: Written; verified: Verified; entry: string }> {
  l.enter(file);
  const target = { ...l.target, entry: file };
  let written = adapterFor(target, l.asked);
  let verified = await l.write(written);
  const member = verified.exportsProblem ? inside(written, verified) : null;
  if (member) {
    say(`${file} keeps ${written.exportName} in an exported object: calling ${member}`);
    written = adapterFor(target, { ...l.asked, export: member });
    verified = await l.write(written);
  }
  return { written, verified, entry: file };
}

export async function locateExport(l: Locating, say: (line: string) => void): Promise<{ written: Written; verified: Verified; entry: string }> {
  const first = await tryEntry(l, l.target.entry, say);
  const name = l.asked.export;
  if (!first.verified.exportsProblem || name === undefined || name.includes('.')) return first;
  for (const { subpath, file } of l.subpaths.filter((s) => s.file !== l.target.entry)) {
    const found = await tryEntry({ ...l, target: { ...l.target, types: null } }, file, () => {});
    if (!found.verified.exportsProblem) {
      say(`${l.target.entry} has no ${name}; ${subpath} has it: pinned with ${file} as its entry (--entry ${subpath.replace(/^\.\//, '')})`);
      return found;
    }
  }
  // Written back as first asked, so the error names the entry the user knows.
  l.enter(l.target.entry);
  await l.write(first.written);
  return first;
}
