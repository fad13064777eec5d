// The JSON Schemas, compiled once, and ajv's errors turned into one line each:
// the file, the JSON pointer, what was expected.

import fs from 'node:fs';
import path from 'node:path';
import Ajv2020Module, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { SCHEMA_DIR } from './paths.ts';

// Both packages are CommonJS with a `default` export; under ESM the class sits one level down.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

export const SCHEMA_NAMES = ['case', 'probe', 'divergences', 'runtime-findings', 'observations', 'report', 'expectations', 'trial-dir', 'statement', 'envelope', 'changes'] as const;
export type SchemaName = (typeof SCHEMA_NAMES)[number];

export function readSchema(name: SchemaName): { $id: string } & Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, `${name}.schema.json`), 'utf8'));
}

let ajvInstance: InstanceType<typeof Ajv2020> | null = null;
const ids = new Map<SchemaName, string>();

/** Every schema added at once, each compiled the first time it is asked for: a command
 *  that reads one kind of file pays for that schema (and those it refers to) only. */
function schemaCompiler(): InstanceType<typeof Ajv2020> {
  if (ajvInstance) return ajvInstance;
  // discriminator: a probe identity is checked against the branch its `kind` names, so
  // its errors are about that branch rather than every other kind's.
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, discriminator: true, verbose: true, strictRequired: false });
  addFormats(ajv);
  for (const name of SCHEMA_NAMES) {
    const s = readSchema(name);
    ajv.addSchema(s);
    ids.set(name, s.$id);
  }
  ajvInstance = ajv;
  return ajv;
}

function validatorAt(name: SchemaName, pointer = ''): ValidateFunction {
  const ajv = schemaCompiler();
  const check = ajv.getSchema(`${ids.get(name)}${pointer}`);
  if (!check) throw new Error(`schema ${name} has nothing at ${pointer || '/'}`);
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

/** The same, against one definition of a schema's `$defs` (a message of the trial directory, say). */
export function validateDef(name: SchemaName, def: string, data: unknown, file: string): string[] {
  return problemsOf(validatorAt(name, `#/$defs/${def}`), data, file);
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
