// The shipped cases and probes validate, and the schemas stay in step with the types.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FACT_NAMES } from '../../runners/model/case.ts';
import { lintProbe } from '../../runners/model/lint.ts';
import { loadAllCases } from '../../runners/model/load-cases.ts';
import { builtinProbeNames, loadProbe, shippedProbes } from '../../runners/model/load-probes.ts';
import { SCHEMA_DIR } from '../../runners/model/paths.ts';
import { readSchema, SCHEMA_NAMES, validate } from '../../runners/model/schemas.ts';
import { finish } from '../support/suite.ts';

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

test('an explanation that says the command is missing is refused on a case whose command was spawned', () => {
  const cases = loadAllCases();
  const probe = loadProbe('mcp-sdk');
  const why = 'connect() spawns the command first; here the command is missing, so start() fails.';
  const misfiled = { ...probe, knownDivergences: [{ case: 'core/pre-aborted', fact: 'spawn.attempts' as const, value: 1, why, pointer: '/explanations/0/signatures/0' }] };
  assert.match(lintProbe(misfiled, cases).join('\n'), '/explanations/0/signatures/0/case: expected a case whose command is missing');
  const filed = { ...misfiled, knownDivergences: [{ ...misfiled.knownDivergences[0], case: 'core/invalid-timeout-nan' }] };
  assert.equal(lintProbe(filed, cases), []);
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

test('every schema file is one the code loads, each with a versioned $id', () => {
  const files = fs.readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.schema.json')).map((f) => f.slice(0, -'.schema.json'.length));
  assert.equal(files.sort(), [...SCHEMA_NAMES].sort());
  for (const name of SCHEMA_NAMES) assert.match(readSchema(name).$id, new RegExp(`^urn:childproof:schema:${name}:\\d+$`));
});

test('every shipped probe keeps its claims in probe.json and its divergences apart', () => {
  for (const probe of shippedProbes()) {
    const raw = JSON.parse(fs.readFileSync(probe.file, 'utf8'));
    assert.is(raw.knownDivergences, undefined, probe.spec.name);
    const explanations = probe.knownDivergences.map((k) => k.why);
    if (!fs.existsSync(probe.divergencesFile)) continue;
    const doc = JSON.parse(fs.readFileSync(probe.divergencesFile, 'utf8'));
    assert.is(doc.explanations.length, new Set(explanations).size, `${probe.spec.name}: each explanation is written once`);
  }
});

test('observations that break their schema are named by pointer', () => {
  const problems = validate('observations', { setup: 'x', worker: {}, fixtures: { records: [], events: [] }, runner: { afterCaller: null, leftovers: [] } }, 'o.json');
  assert.ok(problems.some((p) => p.startsWith('o.json: /setup:')), problems.join('\n'));
  assert.ok(problems.some((p) => p.startsWith('o.json: /worker:')), problems.join('\n'));
});

finish(test);
