// What `childproof init` writes: a probe.json around a pin, and an adapter that calls the
// chosen export with the generic call, typed, each option a reader will want to map
// marked. Pure: text in, text out.

import type { Identity, ProbeSpec } from '../model/probe.ts';

/**
 * The exports a module's source declares, by reading it: enough to pick one to call.
 * Functions it declares come first (its default export among them when that is one),
 * then everything else it exports, re-exports included.
 */
export function exportNames(source: string): string[] {
  const functions = new Set<string>();
  const others = new Set<string>();
  for (const m of source.matchAll(/^export\s+(?:async\s+)?function\*?\s+([A-Za-z_$][\w$]*)/gm)) functions.add(m[1]);
  if (/^export\s+default\s+(?:async\s+)?function\b|^module\.exports\s*=\s*(?:async\s+)?function\b/m.test(source)) functions.add('default');
  for (const m of source.matchAll(/^(?:module\.)?exports\.([A-Za-z_$][\w$]*)\s*=\s*(?:async\s+)?function\b/gm)) functions.add(m[1]);
  for (const m of source.matchAll(/^export\s+(?:const|let|var|class)\s+([A-Za-z_$][\w$]*)/gm)) others.add(m[1]);
  for (const m of source.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const part of m[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop()?.trim();
      if (name && !part.trim().startsWith('type ')) others.add(name);
    }
  }
  for (const m of source.matchAll(/^(?:module\.)?exports\.([A-Za-z_$][\w$]*)\s*=/gm)) others.add(m[1]);
  if (/^export\s+default\b|^module\.exports\s*=/m.test(source)) others.add('default');
  return [...new Set([...functions, ...others])];
}

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
