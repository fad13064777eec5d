// Where a library's trial finds its adapter and its target: what the worker is handed
// for a trial (engine/kinds/library-trial.ts) and for the exports check (engine/exports-check.ts).

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoadedProbe } from '../model/probe.ts';
import type { TrialSpec } from '../worker/messages.ts';
import type { PreparedProbe } from '../identity/prepare-target.ts';

export function targetSpec(p: PreparedProbe): TrialSpec['target'] {
  const id = p.probe.spec.identity;
  if (id.kind === 'builtin') return { kind: 'builtin', module: id.module };
  const m = p.material!;
  return {
    kind: 'material',
    entryUrls: m.entryUrls,
    materialUrl: `${pathToFileURL(m.dir).href}/`,
    originalRootUrl: m.originalRoot ? `${pathToFileURL(m.originalRoot).href}/` : null,
    transpiled: m.transpiled,
    ...(m.resolved && Object.keys(m.resolved).length ? { resolved: m.resolved } : {}),
    needsHooks: m.needsHooks,
  };
}

/** Where a probe's adapter file is: beside its code, for a variant the base probe's. A
 *  program's probe has none: its trials are server cases (engine/kinds/server-trial.ts). */
export function adapterFile(probe: LoadedProbe): string {
  if (!probe.spec.adapter) throw new Error(`${probe.spec.name} has no adapter: it runs a command`);
  return path.join(probe.codeDir, probe.spec.adapter);
}

/** Where an adapter's file is shown from: the current directory when it is below it, else
 *  the directory holding its probe's, so a report names `my-probe/adapter.ts`, never a
 *  machine's path. */
export function displayBase(adapter: string): string {
  const rel = path.relative(process.cwd(), adapter);
  return rel.startsWith('..') || path.isAbsolute(rel) ? path.dirname(path.dirname(adapter)) : process.cwd();
}
