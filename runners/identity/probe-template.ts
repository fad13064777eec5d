// What `childproof init` writes: a probe.json around a pin, and an adapter that calls the
// chosen export with the generic call, typed, each option a reader will want to map
// marked. Pure: text in, text out.

import type { Identity, ProbeSpec } from '../model/probe.ts';
import type { Arg, CallPlan, Placed, Put } from './call-plan.ts';

/** A probe's name from the target's: lowercase letters, digits and dashes. */
export function probeName(target: string): string {
  const name = target.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
  return /^[a-z0-9]/.test(name) ? name : `probe-${name}`;
}

/** `supports` as guessed, unless the target's types said where each option goes. */
export function probeJson(name: string, identity: Identity, target: string, supports: ProbeSpec['supports'] = ['signal', 'timeout', 'killSignal', 'exit-status']): ProbeSpec {
  return {
    name,
    title: `${target}, called with the generic call`,
    identity,
    adapter: 'adapter.ts',
    supports,
  };
}

/**
 * `typeImport` is what `typeof import(...)` names for the target's types (a relative path
 * for pinned files, the package's name), or null where there is nothing to name.
 */
export function adapterSource(exportName: string, target: string, typeImport: string | null): string {
  // \`target\` reads as "project's exec.mjs: exec()".
  const call = exportName === 'default' ? 'target.default' : `target.${exportName}`;
  const type = typeImport ? `typeof import('${typeImport}')` : `{ ${exportName}: (file: string, args: string[], options: object) => Promise<unknown> }`;
  return `// The adapter between childproof's generic call and ${target}.
// childproof hands run() the verified copy of the pinned code as \`target\`: call the code
// only through it, so what runs is what was pinned. \`uses\` names the exports run()
// calls; \`childproof verify\` checks the target has them. Guide: docs/writing-a-probe.md.

import { definedOnly, type Adapter } from 'childproof';

type Target = ${type};

const adapter: Adapter<Target> = {
  uses: ['${exportName}'],
  run: (call, target) =>
    ${call}(call.file, call.args, {
      cwd: call.cwd,
      // Map each option to the name the target uses, and list what it supports in
      // probe.json's "supports" so that the cases needing it run (others: unsupported).
      ...definedOnly({
        signal: call.signal, // "signal": the case's AbortSignal
        timeout: call.timeout, // "timeout": milliseconds, NaN and Infinity included
        killSignal: call.options.killSignal as NodeJS.Signals | undefined, // "killSignal": the signal to stop with
        // maxBuffer: call.maxBuffer, // "maxBuffer": the output limit in bytes
        // shell: call.shell !== undefined, // "shell": call.file is then a command line
      }),
    }),
};

export default adapter;
`;
}

const VALUE: Record<Placed, string> = {
  signal: 'call.signal, // "signal": the case\'s AbortSignal',
  timeout: 'call.timeout, // "timeout": milliseconds, NaN and Infinity included',
  killSignal: 'call.options.killSignal as NodeJS.Signals | undefined, // "killSignal": the signal to stop with',
  shell: 'call.shell && true, // "shell": call.file is then a command line',
  maxBuffer: 'call.maxBuffer, // "maxBuffer": the output limit in bytes',
  detached: 'call.detached, // "detached": the child leads a process group of its own',
  cwd: 'call.cwd,',
};

/** An options argument: each option at its place, nested objects as the target nests them. */
function objectText(puts: Put[], indent: string): string {
  if (puts.length === 0) return '{}';
  const inner = `${indent}  `;
  const top = puts.filter((p) => p.path.length === 1).map((p) => `${inner}${p.path[0]}: ${VALUE[p.option]}\n`);
  const keys = [...new Set(puts.filter((p) => p.path.length > 1).map((p) => p.path[0]))];
  const below = (k: string) => puts.filter((p) => p.path[0] === k && p.path.length > 1).map((p) => ({ option: p.option, path: p.path.slice(1) }));
  const nested = keys.map((k) => `${inner}${k}: ${objectText(below(k), inner)},\n`);
  return `definedOnly({\n${top.join('')}${nested.join('')}${indent}})`;
}

function argText(a: Arg, indent: string): string {
  if (a.kind === 'file') return 'call.file';
  if (a.kind === 'args') return 'call.args';
  if (a.kind === 'cwd') return 'call.cwd';
  if (a.kind === 'absent') return 'undefined';
  return objectText(a.put, indent);
}

/** Arguments one to a line, as a formatter would set a call this long. */
function argsText(args: Arg[], indent: string): string {
  if (args.length === 0) return '()';
  return `(\n${args.map((a) => `${indent}  ${argText(a, `${indent}  `)},\n`).join('')}${indent})`;
}

/** An adapter that calls the target as its types say it is called (identity/call-plan.ts). */
export function plannedAdapterSource(plan: CallPlan, target: string, typeImport: string | null): string {
  const fn = plan.export === 'default' ? 'target.default' : `target.${plan.export}`;
  const at = '      ';
  const made = plan.method === null ? `${fn}${argsText(plan.args, at)}` : `new ${fn}${argsText(plan.construct ?? [], at)}.${plan.method}${argsText(plan.args, at)}`;
  // A child process returned is settled as a user settles one: on its 'close'.
  const call = plan.settle === 'close' ? `settledOnClose(\n${at}  ${made.replace(/\n/g, '\n  ')},\n${at})` : made;
  const from = plan.byName ? 'its parameters\' names (it has no types)' : 'the target\'s types';
  const type = typeImport ? `typeof import('${typeImport}')` : `Record<string, any>`;
  return `// The adapter between childproof's generic call and ${target}.
// childproof hands run() the verified copy of the pinned code as \`target\`: call the code
// only through it, so what runs is what was pinned. \`uses\` names the exports run()
// calls; \`childproof verify\` checks the target has them. Guide: docs/writing-a-probe.md.
//
// Written from ${from}, ${plan.signature}: each option goes where they
// take it, and probe.json's "supports" names those found a place; init's calibration
// then showed which reach the target.

import { definedOnly, ${plan.settle === 'close' ? 'settledOnClose, ' : ''}type Adapter } from 'childproof';

type Target = ${type};

const adapter: Adapter<Target> = {
  uses: ['${plan.export}'],
  // Not async: a target that throws before it returns still throws, as its caller sees it.
  run: (call, target) =>
    Promise.resolve(
      ${call},
    ),
};

export default adapter;
`;
}
