// Loading the adapter and its target inside the worker, with hooks that list every module
// loaded and serve the verified copy's transpiled TypeScript.

import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import type { AdapterRun } from '../model/adapter.ts';
import type { TargetSpec } from './protocol.ts';

/** Installs the loader hooks; the returned function lists every module loaded since. */
export function watchModules(target: TargetSpec, hooks: string): () => string[] {
  // The hooks report every ESM load; CommonJS requires show up in the require cache.
  const loaded = new Set<string>();
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
    },
    transferList: [channel.port2],
  });
  return () => {
    const cjs = Object.keys(createRequire(import.meta.url).cache).map((f) => pathToFileURL(f).href);
    return [...new Set([...loaded, ...cjs])];
  };
}

/** The adapter's `run`: the one export shape the worker accepts. */
export async function loadAdapter(file: string): Promise<AdapterRun> {
  const mod = await import(pathToFileURL(file).href);
  if (typeof mod.run !== 'function') throw new Error('the adapter exports no run(call, target) function');
  return mod.run as AdapterRun;
}

export async function loadTarget(target: TargetSpec): Promise<unknown> {
  if (target.kind === 'builtin') return import(target.module);
  if (typeof target.entryUrls === 'string') return import(target.entryUrls);
  const named: Record<string, unknown> = {};
  for (const [name, url] of Object.entries(target.entryUrls)) named[name] = await import(url);
  return named;
}
