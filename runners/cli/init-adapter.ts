// The adapter init writes: from the target's types where it has them (a package's
// declarations, TypeScript source, JSDoc), calling the target as they declare it and
// passing each option where they take it; else from its source as read, with the generic
// call. Where neither decides which export to call, the candidates, exit 2.

import { planCall } from '../identity/call-plan.ts';
import { chooseExport, exportShapes, signature, unfit } from '../identity/exports.ts';
import { adapterSource, plannedAdapterSource } from '../identity/probe-template.ts';
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
}

export function adapterFor(t: TargetText, asked: { export?: string; call?: string }): Written {
  const typed = t.types ? typedExports(t.types) : null;
  // Ties are broken only when no export was named: the source is read for it then alone.
  const prefer = asked.export === undefined ? [namesake(t.packageName), sourcePick(t.source)] : [];
  const planned = typed?.length ? planCall(typed, { ...asked, prefer }) : null;
  if (planned && 'undecided' in planned) throw new InputError([`${t.entry}: ${planned.undecided[0]}`, ...planned.undecided.slice(1)]);
  if (planned) {
    const { plan } = planned;
    // "signal, timeout in options", "cwd as argument 3": where each option went.
    const where = plan.args.flatMap((a, i) =>
      a.kind === 'options' && a.put.length ? [`${a.put.map((p) => p.path.join('.')).join(', ')} in ${a.name.startsWith('{') ? `argument ${i + 1}` : a.name}`] : a.kind === 'cwd' ? [`cwd as argument ${i + 1}`] : [],
    );
    const others = typed!
      .filter((e) => e.name !== plan.export)
      .map((e) => {
        const why = unfit({ name: e.name, kind: e.kind === 'value' ? 'unknown' : e.kind, params: e.params.map((p) => p.name) });
        return why ? `${e.name} (${why})` : e.name;
      });
    process.stderr.write(
      `childproof: calling ${plan.signature} ${plan.byName ? 'as its parameters are named (it has no types)' : 'as its types declare it'}${plan.settle === 'close' ? ', settled on the close of the child it returns' : ''}${where.length ? `, with ${where.join('; ')}` : ''}` +
        `${others.length && asked.export === undefined ? `; ${t.entry} also exports ${others.join(', ')} (--export NAME to choose)` : ''}\n`,
    );
    const name = plan.method ? `${plan.export}.${plan.method}` : plan.export;
    const title = `${t.what}: ${name}()`;
    return { exportName: plan.export, title, adapter: plannedAdapterSource(plan, title, t.typeImport), supports: plan.supports };
  }
  if (asked.call !== undefined) throw new InputError([`--call ${asked.call}: ${t.entry} has no types that show ${asked.export ?? 'an export'} to be a class with that method; write the call in adapter.ts by hand`]);
  const exportName = pickExport(t.source(), asked.export, t.entry);
  const title = `${t.what}: ${exportName}()`;
  return { exportName, title, adapter: adapterSource(exportName, title, t.typeImport) };
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

/** The export to call: --export, else the one that fits a command best, else exit 2 with the candidates. */
function pickExport(source: string, asked: string | undefined, entry: string): string {
  const shapes = exportShapes(source);
  if (asked) {
    // `utils.spawnAsync`: the object is what the source exports.
    // A CommonJS module read as one `default` says nothing of its names.
    const readable = shapes.length > 0 && !(shapes.length === 1 && shapes[0].name === 'default');
    if (readable && !shapes.some((e) => e.name === asked.split('.')[0])) process.stderr.write(`childproof: ${entry} does not seem to export ${asked} (found: ${shapes.map((e) => e.name).join(', ')}); verify will say for sure\n`);
    return asked;
  }
  const choice = chooseExport(shapes);
  if ('none' in choice) throw new NoExportRead([`${entry}: ${choice.none}: name the one to call with --export NAME`]);
  if ('ambiguous' in choice) {
    throw new InputError([
      `${entry}: cannot tell which export takes a command: name the one to call with --export NAME; the candidates:`,
      ...choice.ambiguous.map((e) => `  ${signature(e)}${unfit(e) ? ` (${unfit(e)})` : ''}`),
    ]);
  }
  const others = choice.others.map((e) => (unfit(e) ? `${e.name} (${unfit(e)})` : e.name));
  process.stderr.write(`childproof: calling ${signature(choice.pick)}${others.length ? `; ${entry} also exports ${others.join(', ')} (--export NAME to choose)` : ''}\n`);
  return choice.pick.name;
}
