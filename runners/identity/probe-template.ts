// What `childproof init` writes: a probe.json around a pin, and an adapter that calls the
// chosen export with the generic call, typed, each option a reader will want to map
// marked. Pure: text in, text out.

import type { Identity, ProbeSpec } from '../model/probe.ts';

/** A probe's name from the target's: lowercase letters, digits and dashes. */
export function probeName(target: string): string {
  const name = target.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
  return /^[a-z0-9]/.test(name) ? name : `probe-${name}`;
}

export function probeJson(name: string, identity: Identity, target: string): ProbeSpec {
  return {
    name,
    title: `${target}, called with the generic call`,
    identity,
    adapter: 'adapter.ts',
    supports: ['signal', 'timeout', 'killSignal', 'exit-status'],
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
