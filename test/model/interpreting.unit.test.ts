// cases/INTERPRETING.md is the normative text: it must name the semantics version the
// code judges under, and document exactly the case fields and facts the code knows.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CLAUSE_MEANING, CLAUSES, FACT_NAMES } from '../../runners/model/case.ts';
import { definitionWords } from '../../runners/model/clause-definitions.ts';
import { CASES_DIR, ROOT } from '../../runners/model/paths.ts';
import { readSchema } from '../../runners/model/schemas.ts';
import { SEMANTICS } from '../../runners/model/version.ts';
import { finish } from '../support/suite.ts';

const text = fs.readFileSync(path.join(CASES_DIR, 'INTERPRETING.md'), 'utf8');

/** The first-column names of the table under a `## heading`. */
function tableNames(heading: string): string[] {
  const section = text.split(/^## /m).find((s) => s.startsWith(heading));
  assert.ok(section, `INTERPRETING.md has a section "${heading}"`);
  return [...section!.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]);
}

type Schema = { properties?: Record<string, Schema>; items?: Schema; additionalProperties?: Schema | boolean; $ref?: string; anyOf?: Schema[] };

/**
 * Field paths of a schema: `a.b` for properties, `a[]` into arrays, `SIGNAL` for a map
 * keyed by signal names. A $ref to a behaviour (at any level of nesting) stops the walk:
 * behaviour fields are their own table.
 */
function fieldPaths(schema: Schema, defs: Record<string, Schema>, prefix = ''): string[] {
  const at = (name: string) => (prefix ? `${prefix}.${name}` : name);
  const resolved = schema.$ref?.startsWith('#/$defs/') ? defs[schema.$ref.slice('#/$defs/'.length)] : schema;
  if (/^#\/\$defs\/(child|grandchild|leaf)?[bB]ehaviour$/.test(schema.$ref ?? '') && prefix) return [];
  const out: string[] = [];
  for (const [name, sub] of Object.entries(resolved.properties ?? {})) {
    out.push(at(name), ...fieldPaths(sub, defs, at(name)));
  }
  if (resolved.items) out.push(...fieldPaths(resolved.items, defs, `${prefix}[]`));
  if (typeof resolved.additionalProperties === 'object') out.push(...fieldPaths(resolved.additionalProperties, defs, at('SIGNAL')));
  return out;
}

const caseSchema = () => readSchema('case') as unknown as Schema & { $defs: Record<string, Schema> };

const sorted = (xs: string[]) => [...new Set(xs)].sort();

test('it names the semantics version the code judges under', () => {
  assert.match(text, new RegExp(`^\\*\\*Semantics version: ${SEMANTICS}\\.\\*\\*`, 'm'));
  assert.ok(tableNames('Semantics versions').length === 0, 'versions are numbers, not field names');
  assert.match(text, new RegExp(`^\\| ${SEMANTICS} \\|`, 'm'), 'and says what that version changed');
});

test('it documents exactly the facts the code derives', () => {
  assert.equal(sorted(tableNames('Facts')), sorted([...FACT_NAMES]));
});

test('it documents exactly the fields of a case file', () => {
  const schema = caseSchema();
  const known = fieldPaths(schema, schema.$defs).map((p) => p.replace(/^assertions\[\]\./, 'assertions[].'));
  assert.equal(sorted(tableNames('Case fields')), sorted(known));
});

test('it documents exactly the fields of a behaviour', () => {
  const schema = caseSchema();
  assert.equal(sorted(tableNames('Behaviour fields')), sorted(fieldPaths(schema.$defs.behaviour, schema.$defs)));
});

test('its normative text names no source file, and the README maps each of its sections to code that exists', () => {
  assert.not.match(text, /runners\/|\.ts\b|\.mjs\b/);
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const map = readme.slice(readme.indexOf('## Where the contract is implemented'), readme.indexOf('## Layout'));
  const rows = new Map([...map.matchAll(/^\| ([^|]+) \| (.+) \|$/gm)].map((m) => [m[1].trim(), [...m[2].matchAll(/`([^`]+)`/g)].map((f) => f[1])]));
  const sections = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]).filter((h) => !['Terms', 'Semantics versions'].includes(h));
  assert.equal([...rows.keys()].filter((k) => k !== 'section' && k !== '---'), sections);
  for (const [section, files] of rows) for (const f of files) assert.ok(fs.existsSync(path.join(ROOT, f)), `${section}: ${f}`);
});

test('every clause is defined here in the words the formats show, beside the facts that show it', () => {
  const section = text.split(/^## /m).find((s) => s.startsWith('Clauses'))!;
  const rows = [...section.matchAll(/^\| `([^`]+)` \| (.+) \| (.+) \|$/gm)].map((m) => [m[1], m[2], m[3]]);
  assert.equal(rows, CLAUSES.map((c) => [c, CLAUSE_MEANING[c], definitionWords(c)]));
});

finish(test);
