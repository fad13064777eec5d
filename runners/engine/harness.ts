// The worker and the probes' TypeScript adapters, built to JavaScript once per run with
// esbuild, so a trial starts its worker with a bare node and no TypeScript loader. The
// builds are content-addressed under .cache/harness/: a run that finds its build there
// reuses it, and two runs at once write the same bytes.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { writeFileWhole } from '../model/files.ts';
import { HARNESS_BUILD_DIR, WORKER } from '../model/paths.ts';

const TYPESCRIPT = /\.(ts|mts|cts)$/;

/** Bundles `entry` to one ES module; packages stay imports, resolved where they are installed. */
function bundle(entry: string, kind: string): string {
  const out = buildSync({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
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

/** A TypeScript adapter built to JavaScript; a JavaScript adapter as it is. */
export function buildAdapter(adapter: string): string {
  return TYPESCRIPT.test(adapter) ? bundle(adapter, 'adapter') : adapter;
}
