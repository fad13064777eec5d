// Where the export init is to call lives: the entry's own export; a function inside one of
// its exported objects (playwright-core's `utils.spawnAsync`); or, for a package whose
// main entry has neither, another entry its `exports` map names (`./lib/coreBundle`).
// Each guess is written and checked by loading the verified copy, never by reading alone.

import { InputError } from '../model/errors.ts';
import { planCall } from '../identity/call-plan.ts';
import { loadedShapes } from '../identity/loaded-shapes.ts';
import { adapterSource, callLine, plannedAdapterSource } from '../identity/probe-template.ts';
import { adapterFor, NoExportRead, skeletonFor, type Asked, type TargetText, type Written } from './init-adapter.ts';

interface Verified {
  files: number;
  exportsProblem: string | null;
  missing: string[];
  members: string[];
  exports: string[];
  /** Each loaded function's source start, by name (engine/exports-check.ts). */
  heads: Record<string, string>;
}

interface Locating {
  target: TargetText;
  asked: Asked;
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
interface Located {
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
    if (!(err instanceof NoExportRead)) throw err;
    written = await fromLoaded(l, target, err);
  }
  // No call shown by types or source: the module as it loads may still show its functions;
  // not where the types showed the call and typed an argument no reading by names can give.
  if (written.skeleton && !written.skeleton.settled && l.asked.call === undefined) written = await fromLoaded(l, target, null, written);
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

/**
 * Nothing read names an export, or none that takes a command: the module is loaded (nothing
 * called) and its functions' parameters are read from their source as it loads
 * (identity/loaded-shapes.ts), planned by their names; else a skeleton listing them, or,
 * where even loading shows no function, the reading's own refusal.
 */
async function fromLoaded(l: Locating, target: TargetText, refusal: InputError | null, skeleton?: Written): Promise<Written> {
  const loaded = await l.write({ exportName: 'default', title: target.entry, line: '', adapter: adapterSource('default', target.entry, null) });
  // A CommonJS module's `default` is its module.exports: a name Node's loader also finds is kept once, by that name.
  const heads = Object.fromEntries(Object.entries(loaded.heads).filter(([name]) => !(name.startsWith('default.') && name.slice(8) in loaded.heads)));
  const shapes = loadedShapes(heads);
  if (shapes.length === 0) {
    if (refusal) throw refusal;
    return skeleton!;
  }
  const planned = planCall(shapes, { ...(l.asked.export ? { export: l.asked.export } : {}), ...(l.asked.construct ? { construct: l.asked.construct } : {}), prefer: [] });
  if (planned && 'plan' in planned) {
    const { plan } = planned;
    process.stderr.write(`childproof: ${target.entry}: no types and no export read from its source; loaded, it has ${plan.signature}: calling it as its parameters are named\n`);
    const title = `${target.what}: ${plan.export}()`;
    return { exportName: plan.export, title, adapter: plannedAdapterSource(plan, title, null), supports: plan.supports, line: callLine(plan) };
  }
  // A skeleton from the types keeps their signatures, which say more than names read from loaded source.
  if (skeleton) return skeleton;
  const listed = planned && 'candidates' in planned ? planned.candidates : shapes.slice(0, 10).map((s) => `  ${s.name}(${s.params.map((p) => p.name).join(', ')})`);
  const why = planned && 'unplanned' in planned ? planned.unplanned : planned && 'undecided' in planned ? planned.undecided[0].replace(/: name the one.*/, '') : `${target.entry}: loaded, none of its functions is named like a call that takes a command`;
  return skeletonFor(target, why, listed, l.asked.export ?? null);
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
