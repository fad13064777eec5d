// Where the export init is to call lives: the entry's own export; a function inside one of
// its exported objects (playwright-core's `utils.spawnAsync`); or, for a package whose
// main entry has neither, another entry its `exports` map names (`./lib/coreBundle`).
// Each guess is written and checked by loading the verified copy, never by reading alone.

import { InputError } from '../model/errors.ts';
import { adapterSource } from '../identity/probe-template.ts';
import { adapterFor, NoExportRead, type TargetText, type Written } from './init-adapter.ts';

export interface Verified {
  files: number;
  exportsProblem: string | null;
  missing: string[];
  members: string[];
  exports: string[];
}

export interface Locating {
  target: TargetText;
  asked: { export?: string; call?: string };
  /** Makes `file` the pinned entry, before its source is read; taken from `subpath`, that
   *  is kept too, so another version's entry is taken from it (omitted: as first asked). */
  enter: (file: string, subpath?: string) => void;
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

/** What was written for the entry, and what loading it showed: none for a skeleton, which no verb loads. */
export interface Located {
  written: Written;
  verified: Verified | null;
}

async function tryEntry(l: Locating, file: string, say: (line: string) => void, subpath?: string): Promise<Located> {
  l.enter(file, subpath);
  const target = { ...l.target, entry: file };
  let written: Written;
  try {
    written = adapterFor(target, l.asked);
  } catch (err) {
    if (err instanceof NoExportRead) await listLoaded(l, file);
    throw err;
  }
  if (written.skeleton) return { written, verified: null };
  let verified = await l.write(written);
  const member = verified.exportsProblem ? inside(written, verified) : null;
  if (member) {
    say(`${file} keeps ${written.exportName} in an exported object: calling ${member}`);
    written = adapterFor(target, { ...l.asked, export: member });
    if (written.skeleton) return { written, verified: null };
    verified = await l.write(written);
  }
  return { written, verified };
}

/** Nothing read names an export: the module is loaded, and what it exports is listed for --export. */
async function listLoaded(l: Locating, file: string): Promise<void> {
  const loaded = await l.write({ exportName: 'default', title: file, line: '', adapter: adapterSource('default', file, null) });
  // A CommonJS module's `default` is its module.exports: where Node's loader finds no
  // names, its functions are the names (`--export spawn` then finds default.spawn).
  const underDefault = loaded.members.filter((m) => m.startsWith('default.')).map((m) => m.slice('default.'.length));
  const own = loaded.exports.filter((n) => n !== 'default');
  const names = own.length ? own : underDefault.length ? underDefault : loaded.exports;
  if (names.length === 0) return;
  const members = loaded.members.filter((m) => !m.startsWith('default.'));
  const functions = members.length ? `; inside its objects: ${members.slice(0, 12).join(', ')}` : '';
  throw new InputError([`${file}: no export could be read from its source; loaded, it exports ${names.slice(0, 24).join(', ')}${functions}: name the one to call with --export NAME`]);
}

export async function locateExport(l: Locating, say: (line: string) => void): Promise<Located> {
  const first = await tryEntry(l, l.target.entry, say);
  const name = l.asked.export;
  if (!first.verified?.exportsProblem || name === undefined || name.includes('.')) return first;
  for (const { subpath, file } of l.subpaths.filter((s) => s.file !== l.target.entry)) {
    const typeImport = l.target.packageName ? `${l.target.packageName}/${subpath.replace(/^\.\//, '')}` : l.target.typeImport;
    const found = await tryEntry({ ...l, target: { ...l.target, types: null, typeImport } }, file, () => {}, subpath.replace(/^\.\//, ''));
    if (found.verified && !found.verified.exportsProblem) {
      say(`${l.target.entry} has no ${name}; ${subpath} has it: pinned with ${file} as its entry (--entry ${subpath.replace(/^\.\//, '')})`);
      return found;
    }
  }
  // Written back as first asked, so the error names the entry the user knows.
  l.enter(l.target.entry);
  await l.write(first.written);
  return first;
}
