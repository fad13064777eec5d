// Every clause means its published words: a case's assertion of a clause accepts only
// values its definition says show it, and names every fact the words need; a case file
// that reads a clause wider is refused with the assertion's pointer.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CLAUSE_DEFINITION, clauseProblems } from '../../runners/model/clause-definitions.ts';
import { CLAUSES, type Assertion } from '../../runners/model/case.ts';
import { InputError } from '../../runners/model/errors.ts';
import { CASES_DIR } from '../../runners/model/paths.ts';
import { loadAllCases, loadCase } from '../../runners/model/load-cases.ts';
import { tempDir, writeJson } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';

const escalation: Assertion[] = [
  { clause: 'escalates', fact: 'child.signals', includes: 'SIGKILL' },
  { clause: 'escalates', fact: 'child.end', equals: 'killed' },
  { clause: 'escalates', fact: 'child.atSettle', equals: 'exited' },
];

test('every shipped case asks of each clause exactly what its words say, and every clause has a definition', () => {
  assert.ok(loadAllCases().length > 0);
  for (const c of CLAUSES) assert.ok(Object.keys(CLAUSE_DEFINITION[c].facts).length > 0, `${c} is shown by some fact`);
});

test('escalates needs the stronger signal, the child killed and the child gone at settlement, each', () => {
  assert.equal(clauseProblems(escalation), []);
  const [problem] = clauseProblems(escalation.slice(0, 2));
  assert.is(problem.pointer, '/assertions');
  assert.match(problem.message, 'expected escalates to assert child.atSettle too');
});

test('an assertion that accepts a value outside its clause is refused, with its pointer', () => {
  // No signal at all is not escalation; a call that never settled preserves no reason.
  const none: Assertion = { clause: 'escalates', fact: 'child.signals', equals: [] };
  assert.equal(clauseProblems([none, ...escalation]).map((p) => p.pointer), ['/assertions/0']);
  const hang: Assertion = { clause: 'reason-preserved', fact: 'settled', oneOf: ['rejected', 'pending'] };
  const [wide] = clauseProblems([hang]);
  assert.is(wide.pointer, '/assertions/0');
  assert.match(wide.message, 'settled is "resolved" or "rejected" or "threw"');
  // A fact that cannot show the clause at all.
  const [off] = clauseProblems([{ clause: 'hygiene', fact: 'settled', equals: 'rejected' }]);
  assert.is(off.pointer, '/assertions/0/fact');
});

test('signals-as-asked names the signal the call asks for: its kill signal, else SIGTERM', () => {
  const sigint: Assertion = { clause: 'signals-as-asked', fact: 'child.signals', includes: 'SIGINT' };
  assert.equal(clauseProblems([sigint], 0, { killSignal: 'SIGINT' }), []);
  const [p] = clauseProblems([sigint]);
  assert.is(p.pointer, '/assertions/0');
  assert.match(p.message, 'expected the signal the call asks for, SIGTERM');
  assert.equal(clauseProblems([{ clause: 'signals-as-asked', fact: 'child.signals', equals: [] }]), []);
});

test('the pointer is the file\'s own: an implied assertion before it does not shift it', () => {
  const implied: Assertion = { clause: 'settles', fact: 'settled', oneOf: ['resolved', 'rejected', 'threw'] };
  const [p] = clauseProblems([implied, { clause: 'no-orphans', fact: 'child.signals', includes: 'SIGTERM' }], 1);
  assert.is(p.pointer, '/assertions/0/fact');
});

test('a case file that reads a clause wider than its words is refused, naming the file and the pointer', () => {
  const dir = tempDir();
  const spec = JSON.parse(fs.readFileSync(path.join(CASES_DIR, 'core', 'timeout-zero.case.json'), 'utf8'));
  spec.assertions = spec.assertions.map((a: Assertion) => (a.clause === 'signals-as-asked' ? { ...a, clause: 'escalates' } : a));
  const file = writeJson(path.join(dir, 'timeout-zero.case.json'), spec);
  const refused = (() => {
    try {
      loadCase(file);
      return null;
    } catch (e) {
      return e;
    }
  })();
  assert.instance(refused, InputError);
  const text = (refused as InputError).message;
  assert.match(text, /timeout-zero\.case\.json: \/assertions\/1: expected an assertion that accepts only what shows escalates/);
  assert.match(text, 'expected escalates to assert child.end, child.atSettle too');
});

finish(test);
