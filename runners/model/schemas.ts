// The JSON Schemas, compiled once per cache, and ajv's errors turned into one line each:
// the file, the JSON pointer, what was expected.

import fs from 'node:fs';
import path from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { compiledValidators, schemaSetKey, type SchemaSource } from './compiled-schemas.ts';
import { knownValid } from './known-valid.ts';
import { SCHEMA_DIR } from './paths.ts';

export const SCHEMA_NAMES = ['case', 'probe', 'divergences', 'runtime-findings', 'observations', 'report', 'expectations', 'trial-dir', 'statement', 'envelope', 'changes', 'report-part'] as const;
type SchemaName = (typeof SCHEMA_NAMES)[number];

const schemaText = (name: SchemaName): string => fs.readFileSync(path.join(SCHEMA_DIR, `${name}.schema.json`), 'utf8');

export function readSchema(name: SchemaName): { $id: string } & Record<string, unknown> {
  return JSON.parse(schemaText(name));
}

let schemaSet: { texts: string[]; sources: SchemaSource[]; key: string } | null = null;

/** Every schema's bytes, the sources to compile (the schema and each of its `$defs`, by name: `name` or `name#def`), and the set's key. */
function schemas(): { texts: string[]; sources: SchemaSource[]; key: string } {
  if (schemaSet) return schemaSet;
  const texts = SCHEMA_NAMES.map(schemaText);
  const sources = SCHEMA_NAMES.flatMap((name, i) => {
    const s = JSON.parse(texts[i]) as { $id: string; $defs?: Record<string, unknown> };
    return [{ key: name, ref: s.$id }, ...Object.keys(s.$defs ?? {}).map((def) => ({ key: `${name}#${def}`, ref: `${s.$id}#/$defs/${def}` }))];
  });
  schemaSet = { texts, sources, key: schemaSetKey(texts, sources) };
  return schemaSet;
}

/** The key of the schemas as they are now: what was found valid against them is known by it. */
export const schemasKey = (): string => schemas().key;

let validators: Record<string, ValidateFunction> | null = null;

/** Every validator, by source name: compiled once per cache (model/compiled-schemas.ts). */
function allValidators(): Record<string, ValidateFunction> {
  validators ??= compiledValidators(schemas().texts, schemas().sources);
  return validators;
}

function validatorAt(name: SchemaName, def?: string): ValidateFunction {
  const check = allValidators()[def === undefined ? name : `${name}#${def}`];
  if (!check) throw new Error(`schema ${name} has nothing at ${def === undefined ? '/' : `#/$defs/${def}`}`);
  return check;
}

function describe(e: ErrorObject): { pointer: string; expected: string } {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties':
      return { pointer: `${e.instancePath}/${String(p.additionalProperty)}`, expected: 'is not a known property here' };
    case 'required':
      return { pointer: e.instancePath, expected: `is missing the required property "${String(p.missingProperty)}"` };
    case 'enum':
      return {
        pointer: e.instancePath,
        expected: `expected one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'const':
      return { pointer: e.instancePath, expected: `expected ${JSON.stringify(p.allowedValue)}` };
    case 'not': {
      const description = (e.parentSchema as { description?: string } | undefined)?.description;
      if (description) return { pointer: e.instancePath, expected: `expected ${description.charAt(0).toLowerCase()}${description.slice(1).replace(/\.$/, '')}` };
      return { pointer: e.instancePath, expected: 'expected it not to match the schema here' };
    }
    case 'pattern': {
      // A pattern says nothing to a reader; the schema's own description does.
      const description = (e.parentSchema as { description?: string } | undefined)?.description;
      if (description) return { pointer: e.instancePath, expected: `expected ${description}` };
      return { pointer: e.instancePath, expected: `expected it to match ${String(p.pattern)}` };
    }
    default:
      return { pointer: e.instancePath, expected: `expected it to ${(e.message ?? 'match the schema').replace(/^must /, '')}` };
  }
}

/** Problems as "file: /pointer: expected ...", the most specific first, without repeats. */
export function validate(name: SchemaName, data: unknown, file: string): string[] {
  return problemsOf(validatorAt(name), data, file);
}

/**
 * The same, for a document read from `bytes`: none, without validating, where the very
 * same bytes were found valid against the very same schemas before (model/known-valid.ts).
 */
export function validateRead(name: SchemaName, read: { data: unknown; bytes: Buffer }, file: string): string[] {
  const known = knownValid(schemas().key);
  if (known.has(name, read.bytes)) return [];
  const problems = validate(name, read.data, file);
  if (problems.length === 0) known.add(name, read.bytes);
  return problems;
}

/** The same, against one definition of a schema's `$defs` (a message of the trial directory, say). */
export function validateDef(name: SchemaName, def: string, data: unknown, file: string): string[] {
  return problemsOf(validatorAt(name, def), data, file);
}

function problemsOf(check: ValidateFunction, data: unknown, file: string): string[] {
  if (check(data)) return [];
  const lines = new Map<string, number>();
  for (const e of check.errors ?? []) {
    // anyOf/oneOf summaries repeat what their branches already said.
    if (['anyOf', 'oneOf', 'discriminator', 'if'].includes(e.keyword) && (check.errors?.length ?? 0) > 1) continue;
    const { pointer, expected } = describe(e);
    lines.set(`${file}: ${pointer || '/'}: ${expected}`, pointer.split('/').length);
  }
  return [...lines.entries()].sort((a, b) => b[1] - a[1]).map(([line]) => line);
}
