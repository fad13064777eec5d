// The adapter init writes: from the target's types where it has them (a package's
// declarations, TypeScript source, JSDoc), calling the target as they declare it, the
// command and each option where they take them (identity/call-plan.ts); else from its
// source as read, with the generic call. Where neither shows a call, a skeleton to finish
// (identity/skeleton-template.ts), never a guess: init then exits 2 naming its line.

import { exportFlag, planCall, type CallPlan } from '../identity/call-plan.ts';
import { chooseExport, exportShapes, signature, unfit } from '../identity/exports.ts';
import { adapterSource, callLine, plannedAdapterSource } from '../identity/probe-template.ts';
import { skeletonAdapterSource } from '../identity/skeleton-template.ts';
import { typedExports } from '../identity/typed-exports.ts';
import type { Feature } from '../model/case.ts';
import { InputError } from '../model/errors.ts';

/** No export could be read from the source or its types: init then loads the module to list them. */
export class NoExportRead extends InputError {}

export type TypesAt = { file: string } | { from: string; specifier: string };

export interface TargetText {
  /** The entry module's source. */
  source: () => string;
  /** Where the checker finds its types, or null. */
  types: TypesAt | null;
  typeImport: string;
  what: string;
  entry: string;
  /** A package's name: an export named for it (execa's `execa`) is its main one. */
  packageName?: string;
}

export interface Written {
  exportName: string;
  title: string;
  adapter: string;
  /** What the types found a place for; undefined when the adapter was written without them. */
  supports?: Feature[];
  /** The call as one line, as the adapter makes it. */
  line: string;
  /** No call was written: why, with what the target declares (the adapter is a skeleton). */
  skeleton?: { why: string; declared: string[]; tried?: string; settled?: true };
}

/** A skeleton for `why`, the target's own signatures in its comment. */
export function skeletonFor(t: TargetText, why: string, declared: string[], exportName: string | null, tried?: string): Written {
  const title = `${t.what}${exportName ? `: ${exportName}()` : ''}`;
  return { exportName: exportName ?? '', title, line: '', adapter: skeletonAdapterSource({ target: title, typeImport: t.typeImport, exportName, why, declared, tried }), skeleton: { why, declared, ...(tried ? { tried } : {}) } };
}

/** "signal, timeout in options", "cwd as argument 3": where each option went. */
function whereEach(plan: CallPlan): string[] {
  return plan.args.flatMap((a, i) => {
    if (a.kind === 'options') {
      const opts = a.put.filter((p) => !['file', 'args', 'argv', 'line'].includes(p.option));
      return opts.length ? [`${opts.map((p) => p.path.join('.')).join(', ')} in ${a.name.startsWith('{') ? `argument ${i + 1}` : a.name}`] : [];
    }
    if (a.kind === 'handle') return [`the signal driving a new ${a.class}'s ${a.stop}() as argument ${i + 1}`];
    return a.kind === 'option' ? [`${a.option} as argument ${i + 1}`] : [];
  });
}

/** What the user chose: the export, the method, and what the constructor or factory is given. */
export interface Asked {
  export?: string;
  call?: string;
  construct?: unknown[];
}

/** --construct's JSON: the constructor's or factory's arguments as an array, or one object as its first. */
export function constructArgs(text: string | undefined): unknown[] | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new InputError([`--construct: expected JSON (an array of the constructor's arguments, or one object for its first): ${(err as Error).message}`]);
  }
  if (Array.isArray(value)) return value;
  if (typeof value === 'object' && value !== null) return [value];
  throw new InputError([`--construct: expected an array of the constructor's arguments, or one object for its first; got ${JSON.stringify(value).slice(0, 80)}`]);
}

export function adapterFor(t: TargetText, asked: Asked): Written {
  const typed = t.types ? typedExports(t.types) : null;
  // Ties are broken only when no export was named: the source is read for it then alone.
  const prefer = asked.export === undefined ? [namesake(t.packageName), sourcePick(t.source)] : [];
  const planned = typed?.length ? planCall(typed, { ...asked, prefer }) : null;
  const what = asked.export ?? null;
  if (planned && 'undecided' in planned) {
    return skeletonFor(t, planned.undecided[0].replace(/: name the one.*/, ''), planned.candidates, what);
  }
  if (planned && 'unplanned' in planned) {
    const skeleton = skeletonFor(t, planned.unplanned, planned.candidates, what);
    return planned.settled ? { ...skeleton, skeleton: { ...skeleton.skeleton!, settled: true } } : skeleton;
  }
  if (planned) {
    const { plan } = planned;
    const where = whereEach(plan);
    const others = typed!
      .filter((e) => e.name !== plan.export)
      .map((e) => {
        const why = unfit({ name: e.name, kind: e.kind === 'value' ? 'unknown' : e.kind, params: e.params.map((p) => p.name) });
        return why ? `${e.name} (${why})` : e.name;
      });
    const how = { promise: '', close: ', settled on the close of the child it returns', callback: ', settled by its callback', iterator: ', its output read to the end' }[plan.settle];
    process.stderr.write(
      `childproof: calling ${plan.signature} ${plan.byName ? 'as its parameters are named (it has no types)' : 'as its types declare it'}${how}${where.length ? `, with ${where.join('; ')}` : ''}` +
        `${others.length && asked.export === undefined ? `; ${t.entry} also exports ${others.slice(0, 10).join(', ')}${others.length > 10 ? ` and ${others.length - 10} more` : ''} (${exportFlag('NAME')} to choose)` : ''}\n`,
    );
    const name = plan.method ? `${plan.export}.${plan.method}` : plan.export;
    const title = `${t.what}: ${name}()`;
    return { exportName: plan.export, title, adapter: plannedAdapterSource(plan, title, t.typeImport), supports: plan.supports, line: callLine(plan) };
  }
  if (asked.call !== undefined) return skeletonFor(t, `--call ${asked.call}: the types show no ${asked.export ?? 'export'} with a method of that name`, [], what);
  if (asked.construct !== undefined) return skeletonFor(t, '--construct: the types show no constructor or factory whose call takes a command to give it to', [], what);
  const picked = pickExport(t.source(), asked.export, t.entry);
  if ('ambiguous' in picked) return skeletonFor(t, `${t.entry}: cannot tell which export takes a command`, picked.ambiguous, null);
  const { exportName } = picked;
  const title = `${t.what}: ${exportName}()`;
  const call = exportName === 'default' ? 'target.default' : `target.${exportName}`;
  return { exportName, title, adapter: adapterSource(exportName, title, t.typeImport), line: `${call}(call.file, call.args, { cwd: call.cwd, signal, timeout, killSignal })` };
}

/** `@scope/some-lib` → `someLib`. */
function namesake(name: string | undefined): string | undefined {
  return name?.replace(/^@[^/]+\//, '').replace(/[-.]+(\w)/g, (_, c: string) => c.toUpperCase());
}

/** The export reading the source would choose, to break a tie between typed exports. */
function sourcePick(source: () => string): string | undefined {
  try {
    const choice = chooseExport(exportShapes(source()));
    return 'pick' in choice ? choice.pick.name : undefined;
  } catch {
    return undefined;
  }
}

/** The export to call: --export, else the one that fits a command best, else the candidates, ten at most. */
function pickExport(source: string, asked: string | undefined, entry: string): { exportName: string } | { ambiguous: string[] } {
  const shapes = exportShapes(source);
  if (asked) {
    // `utils.spawnAsync`: the object is what the source exports.
    // A CommonJS module read as one `default` says nothing of its names.
    const readable = shapes.length > 0 && !(shapes.length === 1 && shapes[0].name === 'default');
    if (readable && !shapes.some((e) => e.name === asked.split('.')[0])) process.stderr.write(`childproof: ${entry} does not seem to export ${asked} (found: ${shapes.map((e) => e.name).join(', ')}); verify will say for sure\n`);
    return { exportName: asked };
  }
  const choice = chooseExport(shapes);
  if ('none' in choice) throw new NoExportRead([`${entry}: ${choice.none}: name the one to call with --export NAME`]);
  if ('ambiguous' in choice) {
    const listed = choice.ambiguous.map((e) => `  ${signature(e)}${unfit(e) ? ` (${unfit(e)})` : ''}`);
    return { ambiguous: listed.length > 10 ? [...listed.slice(0, 10), `  and ${listed.length - 10} more`] : listed };
  }
  const others = choice.others.map((e) => (unfit(e) ? `${e.name} (${unfit(e)})` : e.name));
  process.stderr.write(`childproof: calling ${signature(choice.pick)} as its source reads (no types)${others.length ? `; ${entry} also exports ${others.slice(0, 10).join(', ')} (${exportFlag('NAME')} to choose)` : ''}\n`);
  return { exportName: choice.pick.name };
}
