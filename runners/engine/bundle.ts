// The worker and the probes' TypeScript adapters, built to JavaScript once per run with
// esbuild, so a trial starts its worker with a bare node and no TypeScript loader. The
// builds are content-addressed under the cache's harness/ (model/paths.ts): a run that
// finds its build there reuses it, and two runs at once write the same bytes.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildSync, type BuildOptions } from 'esbuild';
import { writeFileWhole } from '../model/files.ts';
import { ADAPTER_API, CHECK_EXPORTS, HARNESS_BUILD_DIR, SUPERVISOR, WORKER } from '../model/paths.ts';

const TYPESCRIPT = /\.(ts|mts|cts)$/;

/** Bundles `entry` to one ES module; packages stay imports, resolved where they are installed. */
function bundle(entry: string, kind: string, extra: BuildOptions = {}): string {
  const out = buildSync({
    ...extra,
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The oldest Node childproof supports: workers may run on another release (--node).
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  }).outputFiles[0].text;
  const file = path.join(HARNESS_BUILD_DIR, `${kind}-${createHash('sha256').update(out).digest('hex').slice(0, 16)}.mjs`);
  if (!fs.existsSync(file)) writeFileWhole(file, out);
  return file;
}

/** The built worker. */
export function buildWorker(): string {
  return bundle(WORKER, 'childproof-worker');
}

/** The built exports check (worker/exports-main.ts). */
export function buildExportsCheck(): string {
  return bundle(CHECK_EXPORTS, 'childproof-exports-check');
}

/** The built supervisor (supervisor/main.ts). */
export function buildSupervisor(): string {
  return bundle(SUPERVISOR, 'childproof-supervisor');
}

/**
 * An adapter's build: `childproof` (the adapter contract, the one import an adapter may
 * take from this tool) is bundled in, so a probe outside this repository runs with no
 * path into it; an inline source map, sources relative to the adapter's directory, lets
 * an error be placed at the line its author wrote (worker/adapter-frame.ts).
 */
const ADAPTER_BUILD = (adapter: string): BuildOptions => ({
  alias: { childproof: ADAPTER_API },
  absWorkingDir: path.dirname(adapter),
  sourcemap: 'inline',
  sourcesContent: false,
});

/**
 * Each adapter as the worker imports it, built once however many probes share it: a
 * TypeScript adapter built to JavaScript, a JavaScript one as it is. An adapter that does
 * not build is the adapter's failure, not the run's: its trials become errors that say why.
 */
export function buildAdapters(adapters: string[]): Map<string, { file: string } | { error: string }> {
  const built = new Map<string, { file: string } | { error: string }>();
  for (const adapter of new Set(adapters)) {
    try {
      built.set(adapter, { file: TYPESCRIPT.test(adapter) ? bundle(adapter, 'adapter', ADAPTER_BUILD(adapter)) : adapter });
    } catch (err) {
      built.set(adapter, { error: `the adapter could not be built: ${(err as Error).message.split('\n').slice(0, 3).join(' ')}` });
    }
  }
  return built;
}
