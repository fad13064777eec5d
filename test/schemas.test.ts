// The shipped cases and probes validate, and the schemas stay in step with the types.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FACT_NAMES } from '../runners/model/case.ts';
import { lintProbe } from '../runners/model/lint.ts';
import { loadAllCases } from '../runners/model/load-cases.ts';
import { builtinProbeNames, loadProbe } from '../runners/model/load-probes.ts';
import { SCHEMA_DIR } from '../runners/model/paths.ts';
import { validate } from '../runners/model/schemas.ts';
import { finish } from './support/suite.ts';

test('every shipped case validates, with an id that is its path', () => {
  const cases = loadAllCases();
  assert.ok(cases.length >= 19, `found ${cases.length} cases`);
  for (const c of cases) assert.ok(c.file.endsWith(`${c.spec.id}.case.json`), c.file);
});

test('every built-in probe validates and its known divergences name real cases and asserted facts', () => {
  const cases = loadAllCases();
  const names = builtinProbeNames();
  assert.ok(names.includes('node-execfile') && names.includes('node-spawn') && names.includes('reference'));
  for (const name of names) assert.equal(lintProbe(loadProbe(name), cases), [], name);
});

test('the fact names in the case schema are exactly the ones the code derives', () => {
  const schema = JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, 'case.schema.json'), 'utf8'));
  assert.equal(schema.$defs.factName.enum, [...FACT_NAMES]);
});

test('a case with two operators in one assertion is refused', () => {
  const problems = validate(
    'case',
    {
      id: 'core/x',
      title: 'x',
      requires: [],
      child: {},
      call: { command: 'fixture' },
      trigger: { kind: 'none' },
      windowMs: 0,
      assertions: [{ clause: 'hygiene', fact: 'settled', equals: 'resolved', oneOf: ['resolved'] }],
    },
    'x.case.json',
  );
  assert.ok(problems.some((p) => p.includes('/assertions/0')), problems.join('\n'));
});

test('each schema has a versioned $id', () => {
  for (const name of ['case', 'probe', 'report']) {
    const schema = JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, `${name}.schema.json`), 'utf8'));
    assert.match(schema.$id, new RegExp(`^urn:childproof:schema:${name}:\\d+$`));
  }
});

finish(test);
