// The worker, the fixture and the probes' TypeScript adapters, built to JavaScript with
// esbuild, so a trial starts its worker with a bare node and no TypeScript loader. The
// builds are content-addressed under the cache's harness/ (model/paths.ts): two runs at
// once write the same bytes. Each build also keeps the list of files it was made from,
// with a digest of their bytes: a run whose inputs hash to the same takes the build as it
// is, instead of building again only to find the same bytes (some 70 ms a command).

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BuildOptions } from 'esbuild';
import { buildSync, esbuildVersion } from '../model/esbuild-sync.ts';
import { writeFileWhole } from '../model/files.ts';
import { ADAPTER_API, CHECK_EXPORTS, FIXTURE, HARNESS_BUILD_DIR, ROOT, SUPERVISOR, WORKER } from '../model/paths.ts';

const TYPESCRIPT = /\.(ts|mts|cts)$/;

/** How long before a build its inputs must have been last written for its index to be kept. */
const SETTLED_MS = 2000;

const digest = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** One digest of every input's path and bytes, and of the compiler: null when one cannot be read. */
function inputsDigest(inputs: readonly string[]): string | null {
  const hash = createHash('sha256').update(esbuildVersion);
  try {
    for (const file of inputs) hash.update('\0').update(file).update('\0').update(fs.readFileSync(file));
  } catch {
    return null;
  }
  return hash.digest('hex');
}

interface BuildIndex {
  inputs: string[];
  digest: string;
  output: string;
}

/** The build an index names, while its inputs are byte for byte what it was made from. */
function stillBuilt(index: string): string | null {
  try {
    const known = JSON.parse(fs.readFileSync(index, 'utf8')) as BuildIndex;
    if (!Array.isArray(known.inputs) || known.inputs.length === 0) return null;
    return inputsDigest(known.inputs) === known.digest && fs.existsSync(known.output) ? known.output : null;
  } catch {
    return null;
  }
}

/** Bundles `entry` to one ES module, or a CommonJS script where `extra` asks; packages stay imports, resolved where they are installed. */
function bundle(entry: string, kind: string, extra: BuildOptions = {}): string {
  const workingDir = extra.absWorkingDir ?? process.cwd();
  const index = path.join(HARNESS_BUILD_DIR, `${kind}-inputs-${digest(`${path.resolve(workingDir, entry)}\0${JSON.stringify(extra)}`).slice(0, 16)}.json`);
  const known = stillBuilt(index);
  if (known) return known;
  const started = Date.now();
  const result = buildSync({
    ...extra,
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: extra.format ?? 'esm',
    // The oldest Node childproof supports: workers may run on another release (--node).
    target: 'node20',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const out = result.outputFiles[0].text;
  const file = path.join(HARNESS_BUILD_DIR, `${kind}-${digest(out).slice(0, 16)}.${extra.format === 'cjs' ? 'cjs' : 'mjs'}`);
  if (!fs.existsSync(file)) writeFileWhole(file, out);
  const inputs = Object.keys(result.metafile.inputs).map((p) => path.resolve(workingDir, p)).sort();
  // The bytes hashed now must be the bytes esbuild read: an input written in the last
  // moments before the build (an editor saving) gets no index, and the next run builds again.
  const settled = inputs.every((f) => (fs.statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < started - SETTLED_MS);
  const inputsNow = settled ? inputsDigest(inputs) : null;
  if (inputsNow) writeFileWhole(index, JSON.stringify({ inputs, digest: inputsNow, output: file } satisfies BuildIndex));
  return file;
}

/** The harness's own builds name each module from the checkout's root (the `// runners/...`
 *  line before it, which bin/crossings.ts reads), whatever directory the run started in. */
const FROM_ROOT: BuildOptions = { absWorkingDir: ROOT };

/** The built worker. */
export function buildWorker(): string {
  return bundle(WORKER, 'childproof-worker', FROM_ROOT);
}

/**
 * A CommonJS script: a Node start whose entry is an ES module first starts the ES module
 * loader, some 10 ms of CPU that a script that imports nothing as a module never spends.
 * Its own URL is its file's, as the module's was.
 */
const AS_SCRIPT: BuildOptions = {
  ...FROM_ROOT,
  format: 'cjs',
  define: { 'import.meta': '__ownMeta' },
  banner: { js: '"use strict";\nconst __ownMeta = { url: require("node:url").pathToFileURL(__filename).href };' },
};

/** The fixture as trials start it: one file, where its source is five modules (its own and
 *  protocol/'s) that each start would otherwise find, read and link, and a script, not a
 *  module. It is one of every trial's Node starts, often several (make bench). */
export function buildFixture(): string {
  return bundle(FIXTURE, 'childproof-fixture', AS_SCRIPT);
}

/** The built exports check (worker/exports-main.ts). */
export function buildExportsCheck(): string {
  return bundle(CHECK_EXPORTS, 'childproof-exports-check', FROM_ROOT);
}

/** The built supervisor (supervisor/supervisor-main.ts), a script as the fixture is: one start a run. */
export function buildSupervisor(): string {
  return bundle(SUPERVISOR, 'childproof-supervisor', AS_SCRIPT);
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
