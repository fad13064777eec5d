// Documents found valid before are known by a digest of their bytes, per set of schemas
// (runners/model/known-valid.ts, model/schemas.ts validateRead): the same bytes are not
// validated again, other bytes are, a problem is never kept, and a file that cannot be read
// or written costs only the validation.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { knownValid } from '../../runners/model/known-valid.ts';
import { validateRead } from '../../runners/model/schemas.ts';
import { loadAllCases } from '../../runners/model/load-cases.ts';
import { tempDir } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';

const bytes = (text: string) => Buffer.from(text);

test('bytes added are known in this process and, once kept, in the next; other bytes and other names are not', () => {
  const dir = tempDir('childproof-valid-');
  const known = knownValid('set-a', dir);
  assert.is(known.has('case', bytes('{"a":1}')), false);
  known.add('case', bytes('{"a":1}'));
  assert.is(known.has('case', bytes('{"a":1}')), true);
  assert.is(known.has('case', bytes('{"a":1} ')), false, 'one byte more is other bytes');
  assert.is(known.has('probe', bytes('{"a":1}')), false, 'valid as a case says nothing of a probe');
  known.keep();
  const kept = fs.readdirSync(dir);
  assert.equal(kept, ['childproof-valid-set-a.json']);
  assert.is(JSON.parse(fs.readFileSync(path.join(dir, kept[0]), 'utf8')).length, 1);
  assert.is(knownValid('set-b', dir).has('case', bytes('{"a":1}')), false, 'another set of schemas knows nothing of it');
});

test('a file that is no list is read as knowing nothing, and one that cannot be written costs nothing', () => {
  const dir = tempDir('childproof-valid-');
  fs.writeFileSync(path.join(dir, 'childproof-valid-set-c.json'), '{"not": "a list"}');
  const known = knownValid('set-c', dir);
  assert.is(known.has('case', bytes('{}')), false);
  const blocked = path.join(tempDir('childproof-valid-'), 'a-file');
  fs.writeFileSync(blocked, '');
  const nowhere = knownValid('set-d', path.join(blocked, 'harness'));
  nowhere.add('case', bytes('{}'));
  nowhere.keep();
  assert.is(nowhere.has('case', bytes('{}')), true);
  // A directory removed since is not made again to hold the file.
  const gone = tempDir('childproof-valid-');
  const late = knownValid('set-e', gone);
  late.add('case', bytes('{}'));
  fs.rmSync(gone, { recursive: true });
  late.keep();
  assert.is(fs.existsSync(gone), false);
});

test('a document is validated until it is found valid, and a problem is said every time, never kept', () => {
  const file = loadAllCases()[0].file;
  const text = fs.readFileSync(file, 'utf8');
  const broken = { ...JSON.parse(text), trigger: 'at once' };
  const read = { data: broken, bytes: bytes(`${JSON.stringify(broken)}\n`) };
  const first = validateRead('case', read, 'broken.case.json');
  assert.ok(first.length > 0);
  assert.equal(validateRead('case', read, 'broken.case.json'), first, 'found again, and said again');
  const good = { data: JSON.parse(text), bytes: Buffer.from(text) };
  assert.equal(validateRead('case', good, file), []);
  // The same bytes now known valid: what they parse to is not looked at again.
  assert.equal(validateRead('case', { data: broken, bytes: good.bytes }, file), []);
});

finish(test);
