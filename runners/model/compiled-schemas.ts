// Every schema's validators, compiled once per cache instead of once per process. ajv
// compiles a validator by generating JavaScript, and a command that reads a run's files
// spent some 230 ms of its 800 ms doing so, every time. The generated code (ajv's own
// standalone output) is kept in the cache's harness/, keyed by the bytes of every schema,
// the compiler's options and the versions of ajv and ajv-formats, written whole or not
// at all. A cache that cannot be read or written only costs the compilation: validation
// itself never depends on it.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv2020Module, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { runCached } from './code-cache.mjs';
import { writeFileWhole } from './files.ts';
import { HARNESS_BUILD_DIR } from './paths.ts';

// Both packages are CommonJS with a `default` export; under ESM the class sits one level down.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;
const standaloneCode = standaloneModule.default;

/** The generated code asks for ajv's runtime helpers and ajv-formats' formats by package name. */
const requireHere = createRequire(import.meta.url);

// discriminator: a probe identity is checked against the branch its `kind` names, so its
// errors are about that branch rather than every other kind's. verbose: the errors carry
// the schema that refused, whose description says what was expected (model/schemas.ts).
const OPTIONS = { allErrors: true, strict: true, allowUnionTypes: true, discriminator: true, verbose: true, strictRequired: false } as const;
/** Raised when the generated code's shape changes, so an old cache file is never read as new. */
const GENERATION = 1;

export interface SchemaSource {
  /** The name a caller asks for: a schema's, or `name#def` for one of its `$defs`. */
  key: string;
  /** The schema's `$id`, with `#/$defs/def` for a definition. */
  ref: string;
}

function versionOf(pkg: string): string {
  try {
    return JSON.parse(fs.readFileSync(requireHere.resolve(`${pkg}/package.json`), 'utf8')).version;
  } catch {
    return 'unknown';
  }
}

/** The key of a set of schemas: their bytes, their sources, the compiler's options and versions. */
export function schemaSetKey(texts: string[], sources: SchemaSource[]): string {
  const hash = createHash('sha256').update(JSON.stringify({ GENERATION, OPTIONS, ajv: versionOf('ajv'), formats: versionOf('ajv-formats'), sources }));
  for (const t of texts) hash.update('\0').update(t);
  return hash.digest('hex').slice(0, 20);
}

/** Whose code cache the validators are compiled with: each verb validates other documents,
 *  and a cache holds the validators compiled by the process that made it. */
let cachePart = 'all';

/** The validators of this process compile through the code cache kept for `verb`. */
export function validatorsCachedFor(verb: string): void {
  cachePart = verb;
}

/**
 * Runs the generated CommonJS with this module's require, so the helpers resolve from
 * childproof's own dependencies; compiled through V8's code cache (model/code-cache.mjs)
 * when it was read from `file`, the cache kept beside it.
 */
function evaluate(code: string, file?: string): Record<string, ValidateFunction> {
  const module = { exports: {} as Record<string, ValidateFunction> };
  const run = file
    ? runCached(`(function (require, module, exports) {${code}\n})`, pathToFileURL(file).href, path.dirname(file), cachePart)
    : new Function('require', 'module', 'exports', code);
  run(requireHere, module, module.exports);
  return module.exports;
}

function compile(schemas: unknown[], sources: SchemaSource[]): { code: string; validators: Record<string, ValidateFunction> } {
  const ajv = new Ajv2020({ ...OPTIONS, code: { source: true } });
  addFormats(ajv);
  for (const s of schemas) ajv.addSchema(s as object);
  const code = standaloneCode(ajv, Object.fromEntries(sources.map((s) => [s.key, s.ref])));
  return { code, validators: evaluate(code) };
}

/**
 * One validator per source, from the cache where this set of schemas was compiled before,
 * else compiled now and kept there. `texts` are the schema files' bytes, in a fixed order.
 */
export function compiledValidators(texts: string[], sources: SchemaSource[], dir = HARNESS_BUILD_DIR): Record<string, ValidateFunction> {
  const file = path.join(dir, `childproof-schemas-${schemaSetKey(texts, sources)}.cjs`);
  let cached: string | null = null;
  try {
    cached = fs.readFileSync(file, 'utf8');
  } catch {}
  if (cached !== null) {
    try {
      return evaluate(cached, file);
    } catch {
      // Not the code this key was written with (a file changed by hand): compiled again below.
    }
  }
  const { code, validators } = compile(texts.map((t) => JSON.parse(t)), sources);
  try {
    writeFileWhole(file, code);
  } catch {
    // A full disk or a read-only cache: the next process compiles again, as this one did.
  }
  return validators;
}
