// Loading the adapter and its target inside the worker, listing every module loaded, with
// hooks where the verified copy needs them (its TypeScript transpiled, its imports resolved).

import * as nodeModule from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Adapter, AdapterRun } from '../model/adapter.ts';
import type { Sight } from '../model/observations.ts';
import type { TargetSpec } from './messages.ts';
import { runtimeName } from './introspection.ts';

/** The modules loaded, or why they could not be listed. */
type ModuleList = { modules: string[] | null; sight: Sight };

/**
 * What lists every module the trial loads. CommonJS requires show up in the require cache.
 * ES modules show up in Node's own load cache, reachable because the worker runs with
 * --expose-internals; where the copy needs the hooks anyway, or a Node has no such cache,
 * the loader hooks report each load instead. The hooks run on a thread of their own and
 * pass every module through it, which doubles what a target's import costs. Bun keeps ES
 * modules in its require cache too; Deno lists them nowhere. The list is believed only if
 * it holds a module known to be loaded: the adapter, whose URL `known` gives once it has.
 */
export function watchModules(target: TargetSpec, hooks: string, known: () => string | null): () => ModuleList {
  const require = nodeModule.createRequire(import.meta.url);
  const cjs = () => Object.keys(require.cache).map((f) => pathToFileURL(f).href);
  const needsHooks = target.kind === 'material' && target.needsHooks;
  const cache = needsHooks ? null : esmLoadCache(require);
  const loaded = new Set<string>();
  // Bun before 1.1 has no module.register: its require cache, which holds ES modules too, is the list there.
  const register = (nodeModule as { register?: typeof nodeModule.register }).register;
  if (!cache && register) {
    // Required here, not imported: only the hooks' port needs it, and a worker that lists its
    // modules from Node's cache need not load it.
    const { MessageChannel } = require('node:worker_threads') as typeof import('node:worker_threads');
    const channel = new MessageChannel();
    channel.port1.on('message', (url: string) => loaded.add(url));
    channel.port1.unref();
    const material = target.kind === 'material' ? target : null;
    register(pathToFileURL(hooks), {
      data: {
        port: channel.port2,
        materialUrl: material?.materialUrl ?? null,
        originalRootUrl: material?.originalRootUrl ?? null,
        transpiled: material?.transpiled ?? {},
        resolved: material?.resolved ?? {},
      },
      transferList: [channel.port2],
    });
  }
  const esm = (): string[] => (cache ? [...cache.keys()] : [...loaded]);
  const esmHow = cache ? "Node's ES module load cache" : 'module.register hooks';
  return () => {
    const url = known();
    if (url === null) return { modules: null, sight: { observed: false, reason: 'the adapter never loaded, so no module known to be loaded could show the list complete' } };
    const [fromEsm, fromCjs] = [esm(), cjs()];
    const modules = [...new Set([...fromEsm, ...fromCjs])];
    if (fromEsm.includes(url)) return { modules, sight: { observed: true, how: `${esmHow} and the require cache` } };
    if (fromCjs.includes(url)) return { modules, sight: { observed: true, how: 'the require cache, which holds ES modules too' } };
    return { modules: null, sight: { observed: false, reason: `neither ${esmHow} nor the require cache listed the adapter, a module known to be loaded` } };
  };
}

/** Node's map of loaded ES modules by URL (Node 20 to 24), or null where it is not found. */
function esmLoadCache(require: NodeJS.Require): { keys(): IterableIterator<string> } | null {
  try {
    // Node's own Map subclass, made in its internal realm: not an instanceof Map here.
    const cache = require('internal/modules/esm/loader').getOrInitializeCascadedLoader().loadCache;
    return typeof cache?.keys === 'function' ? cache : null;
  } catch {
    return null;
  }
}

/** The adapter's `run` and `uses`: named exports, or one default export holding both. */
export async function loadAdapter(file: string): Promise<Required<Adapter>> {
  const mod = await import(pathToFileURL(file).href);
  const from = typeof mod.run === 'function' ? mod : mod.default;
  if (typeof from?.run !== 'function') throw new Error('the adapter exports no run(call, target) function, by name or in its default export');
  const uses: unknown = from.uses ?? [];
  if (!Array.isArray(uses) || !uses.every((u) => typeof u === 'string')) throw new Error('the adapter\'s uses is not a list of export names');
  return { run: from.run as AdapterRun, uses };
}

export async function loadTarget(target: TargetSpec): Promise<unknown> {
  if (target.kind === 'builtin') return target.module.startsWith('node:') ? import(target.module) : runtimeNamespace(target.module);
  if (typeof target.entryUrls === 'string') return import(target.entryUrls);
  const named: Record<string, unknown> = {};
  for (const [name, url] of Object.entries(target.entryUrls)) named[name] = await import(url);
  return named;
}

/** Bun or Deno: the runtime's own global namespace, which no other runtime has. */
function runtimeNamespace(name: string): unknown {
  const ns = (globalThis as Record<string, unknown>)[name];
  if (ns === undefined || ns === null) throw new Error(`${name} is not defined on ${runtimeName()}: it is the ${name} runtime's own namespace`);
  return ns;
}
