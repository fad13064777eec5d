// The TypeScript types of every JSON Schema in schemas/, generated from the schema itself
// (json-schema-to-typescript): one source for a message's shape. `make types` writes them
// to runners/model/schema-types/; test/model/schema-types.unit.test.ts checks they are current and
// that the hand-written types the code uses agree with them, both ways.
//
//   node --import tsx bin/schema-types.ts

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCHEMA_DIR = path.join(ROOT, 'schemas');
export const TYPES_DIR = path.join(ROOT, 'runners', 'model', 'schema-types');

const BANNER = '// Generated from schemas/%s.schema.json by bin/schema-types.ts (`make types`): do not edit.\n';

/**
 * The generator reads draft-07. Two 2020-12 forms are handed to it as their draft-07
 * equivalents: `prefixItems` (with `items: false`) as an `items` array (with
 * `additionalItems: false`), the same tuple; and a `$ref` beside other keywords (which
 * 2020-12 applies both of) as `allOf` of the two, dropping `unevaluatedProperties`, which
 * the generator does not read and which only closes the object both describe.
 */
function asDraft07(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asDraft07);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = asDraft07(v);
  if (Array.isArray(out.prefixItems)) {
    out.additionalItems = out.items ?? true;
    out.items = out.prefixItems;
    delete out.prefixItems;
  }
  if (typeof out.$ref === 'string' && Object.keys(out).some((k) => !['$ref', 'description'].includes(k))) {
    const { $ref, description, unevaluatedProperties: _u, ...rest } = out;
    return { ...(description ? { description } : {}), allOf: [{ $ref }, rest] };
  }
  return out;
}

/** Each schema's generated module, by file name, as `make types` would write it. */
export async function generatedTypes(): Promise<Map<string, string>> {
  const files = fs.readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.schema.json')).sort();
  // Read once, in the form the generator reads: by file for compiling, by $id for references.
  const schemas = files.map((f) => [f.replace(/\.schema\.json$/, ''), asDraft07(JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, f), 'utf8')))] as const);
  const byId = new Map(schemas.map(([, s]) => [(s as { $id: string }).$id, s]));
  const out = new Map<string, string>();
  for (const [name, schema] of schemas) {
    const text = await compile(structuredClone(schema) as JSONSchema, name, {
      bannerComment: BANNER.replace('%s', name),
      additionalProperties: false,
      unreachableDefinitions: true,
      // minItems and maxItems are checked by the schema; in code an array is an array.
      ignoreMinAndMaxItems: true,
      format: false,
      // Schemas refer to one another by $id (urn:childproof:schema:NAME:V).
      $refOptions: { resolve: { urn: { order: 1, canRead: /^urn:/, read: (file: { url: string }) => JSON.stringify(byId.get(file.url.split('#')[0])) } } } as never,
    });
    out.set(`${name}.ts`, text);
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.rmSync(TYPES_DIR, { recursive: true, force: true });
  fs.mkdirSync(TYPES_DIR, { recursive: true });
  for (const [file, text] of await generatedTypes()) fs.writeFileSync(path.join(TYPES_DIR, file), text);
}
