// The command line built to one JavaScript file from the sources as they are, so that a
// command starts on a bare node instead of loading the TypeScript loader and transpiling
// some two hundred files first (1.4 to 2.4 s a command on a busy machine). The build is
// keyed by the checkout's place and the bytes of every source file and of package-lock.json, kept in the cache's
// harness/ beside the worker's, written whole or not at all; a source changed is a new
// key, and so a new build. Where none can be made (no esbuild, a cache it cannot write),
// the command runs from the sources through the loader, as it always could.
//
// One CommonJS script, not ES modules: Node 20 has no compile cache for either, but a
// script can be compiled through V8's code cache (runners/model/code-cache.mjs), kept for
// each verb, and a command then neither parses the script nor compiles what its verb runs.
// Modules reached only through the command line's dynamic imports are still evaluated
// only when asked for, as esbuild wraps them.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cacheLocation } from '../runners/model/cache-location.mjs';
import { runCached } from '../runners/model/code-cache.mjs';
import { statSignature } from '../runners/model/file-signature.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNNERS = path.join(ROOT, 'runners');
/** Kept out of the build, imported where they are installed: a native binary, and a compiler of 9 MB that only init loads. */
const EXTERNAL = ['esbuild', 'typescript'];

/** Every file the build is made of, sorted, with its bytes. */
function sources() {
  return fs
    .readdirSync(RUNNERS, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** @param {string[]} files */
function contentKey(files) {
  const hash = createHash('sha256');
  // The build holds this checkout's absolute paths (its probes, cases and node_modules are
  // read from where it was built): another checkout of the same bytes, sharing the cache,
  // must build its own, or it would run the first one's files.
  hash.update(ROOT).update('\0');
  for (const file of files) {
    hash.update(path.relative(ROOT, file)).update('\0');
    try {
      hash.update(fs.readFileSync(file));
    } catch {}
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 20);
}

/**
 * The build's key: a digest of the bytes of every source, of this file (how the build is
 * made is part of what it is) and of package-lock.json. Reading them all was a fifth of a
 * short command's CPU: the key is kept for this checkout with the files' signature
 * (model/file-signature.mjs), and read again only once a file changed.
 * @param {string} harness
 */
function keyOf(harness) {
  const files = [...sources(), fileURLToPath(import.meta.url), path.join(ROOT, 'package-lock.json')];
  const signature = statSignature(ROOT, files);
  const kept = path.join(harness, `childproof-cli-key-${createHash('sha256').update(ROOT).digest('hex').slice(0, 16)}.json`);
  try {
    const known = JSON.parse(fs.readFileSync(kept, 'utf8'));
    if (known.signature === signature && /^[0-9a-f]{20}$/.test(known.key)) return known.key;
  } catch {}
  const key = contentKey(files);
  const work = `${kept}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(work, JSON.stringify({ signature, key }));
    fs.renameSync(work, kept);
  } catch {
    // No cache to write to yet, or a full disk: the next command reads the files again.
    fs.rmSync(work, { force: true });
  }
  return key;
}

/** Each module's import.meta.url is its source's, as if it ran from where it is. */
const ownUrls = {
  name: 'own-urls',
  setup(build) {
    build.onLoad({ filter: /\.(ts|mts|mjs|js)$/ }, (args) => {
      if (!args.path.startsWith(RUNNERS + path.sep)) return undefined;
      const text = fs.readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents: text, loader: /\.m?js$/.test(args.path) ? 'js' : 'ts', resolveDir: path.dirname(args.path) };
    });
    const require = createRequire(path.join(ROOT, 'package.json'));
    build.onResolve({ filter: new RegExp(`^(${EXTERNAL.join('|')})$`) }, (args) => ({ path: require.resolve(args.path), external: true }));
  },
};

// The file is the CommonJS wrapper itself, so the script V8 compiles is the file byte for
// byte: a coverage report's offsets are the file's (bin/crossings.ts). Strict, as the
// ES modules it was built from are.
const WRAPPER = { js: '(function (exports, require, module, __filename, __dirname) { "use strict";' };

/** The file in a build that names the checkout it was built from. */
const CHECKOUT = 'checkout';

/**
 * This checkout's earlier builds, each with its code caches (a few MB once many verbs have
 * run): every edit of a source makes a new build, and the old ones would pile up in the
 * cache. Only a build that names this checkout as its own is removed; another checkout's,
 * or one that names none, is left alone. A command still running from a removed build has
 * it loaded already, and only its code cache goes unkept.
 * @param {string} harness
 * @param {string} current
 */
function removeEarlierBuilds(harness, current) {
  for (const name of fs.readdirSync(harness)) {
    const dir = path.join(harness, name);
    if (!/^childproof-cli-[0-9a-f]+$/.test(name) || dir === current) continue;
    try {
      if (fs.readFileSync(path.join(dir, CHECKOUT), 'utf8') === ROOT) fs.rmSync(dir, { recursive: true, force: true });
    } catch {}
  }
}

/** The built command line's script, made now if it is not there; null where it cannot be. */
export async function cliBuild() {
  let work = null;
  try {
    const harness = path.join(cacheLocation().dir, 'harness');
    const dir = path.join(harness, `childproof-cli-${keyOf(harness)}`);
    const entry = path.join(dir, 'main.js');
    if (fs.existsSync(entry)) return entry;
    const { build } = await import('esbuild');
    work = `${dir}.${process.pid}.tmp`;
    await build({
      entryPoints: { main: path.join(RUNNERS, 'cli', 'main.ts') },
      // The `// runners/...` line esbuild writes before each module names it from the
      // checkout's root, whatever directory the first command ran in (bin/crossings.ts reads it).
      absWorkingDir: ROOT,
      bundle: true,
      outdir: work,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      // A package's ES module build where it ships one: jsonc-parser's UMD main requires at run time.
      mainFields: ['module', 'main'],
      logLevel: 'silent',
      plugins: [ownUrls],
      // Where the build is: what a command keeps of the shipped files, it keeps here (model/kept-loads.ts).
      define: { CHILDPROOF_BUILD_DIR: JSON.stringify(dir) },
      banner: WRAPPER,
      footer: { js: '})' },
    });
    fs.writeFileSync(path.join(work, CHECKOUT), ROOT);
    try {
      fs.renameSync(work, dir);
    } catch {
      // Another command made the same build first: its is the same bytes.
      fs.rmSync(work, { recursive: true, force: true });
    }
    removeEarlierBuilds(harness, dir);
    return fs.existsSync(entry) ? entry : null;
  } catch {
    // Half a build is no build: a full disk or a read-only cache leaves nothing of it.
    // Where no directory can be (a file in the cache's way), there is nothing to remove.
    try {
      if (work) fs.rmSync(work, { recursive: true, force: true });
    } catch {}
    return null;
  }
}

/**
 * The built command line's exports, its code cache kept for `verb` (a command's verbs run
 * different code); none is kept for a word the command line does not know as a verb.
 * @param {string} entry
 * @param {string | undefined} verb
 * @returns {{ cli: (argv: string[]) => Promise<void>, runCommand: (argv: string[]) => Promise<number>, isVerb: (word: string) => boolean }}
 */
export function loadCliBuild(entry, verb) {
  const part = verb !== undefined && /^[a-z]{1,20}$/.test(verb) ? verb : 'other';
  const module = { exports: /** @type {any} */ ({}) };
  const run = runCached(fs.readFileSync(entry, 'utf8'), pathToFileURL(entry).href, path.dirname(entry), part, () => module.exports.isVerb?.(part) === true);
  run(module.exports, createRequire(entry), module, entry, path.dirname(entry));
  return module.exports;
}
