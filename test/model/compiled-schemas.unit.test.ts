// The schemas' validators are compiled once per cache (runners/model/compiled-schemas.ts):
// a second process reads what the first kept, a kept file that does not evaluate is
// compiled again, and a cache that cannot be written costs the compile, never the check.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compiledValidators } from '../../runners/model/compiled-schemas.ts';
import { readSchema } from '../../runners/model/schemas.ts';
import { tempDir } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';

const envelope = readSchema('envelope');
const texts = [JSON.stringify(envelope)];
const sources = [{ key: 'envelope', ref: envelope.$id }];
const good = { payloadType: 'application/vnd.in-toto+json', payload: 'e30=', signatures: [{ keyid: 'k', sig: 'c2ln' }] };
const kept = (dir: string) => fs.readdirSync(dir).filter((f) => f.startsWith('childproof-schemas-'));

test('validators compiled into an empty cache are kept there, whole, and refuse what the schema refuses', () => {
  const dir = tempDir('childproof-schemas-');
  const v = compiledValidators(texts, sources, dir);
  assert.is(v.envelope(good), true, JSON.stringify(v.envelope.errors));
  assert.is(v.envelope({ payload: 1 }), false);
  assert.is(kept(dir).length, 1);
  assert.ok(kept(dir)[0].endsWith('.cjs'), 'no temporary file left');
  assert.equal(fs.readdirSync(dir), kept(dir), 'nothing else in the directory, no temporary file');
});

test('a second call reads the kept code instead of compiling', () => {
  const dir = tempDir('childproof-schemas-');
  compiledValidators(texts, sources, dir);
  // The kept file replaced by one that says yes to everything: only a read of it says yes here.
  fs.writeFileSync(path.join(dir, kept(dir)[0]), 'module.exports = { envelope: () => true };');
  assert.is(compiledValidators(texts, sources, dir).envelope({ payload: 1 }), true);
});

test('a schema changed is a new key, and so compiled anew beside the old', () => {
  const dir = tempDir('childproof-schemas-');
  compiledValidators(texts, sources, dir);
  const stricter = { ...envelope, required: [...(envelope.required as string[]), 'extra'] };
  assert.is(compiledValidators([JSON.stringify(stricter)], sources, dir).envelope(good), false);
  assert.is(kept(dir).length, 2);
});

test('a kept file that does not evaluate is compiled again, and a cache that cannot be written still validates', () => {
  const dir = tempDir('childproof-schemas-');
  compiledValidators(texts, sources, dir);
  fs.writeFileSync(path.join(dir, kept(dir)[0]), 'this is not JavaScript {');
  assert.is(compiledValidators(texts, sources, dir).envelope({ payload: 1 }), false);
  const blocked = path.join(tempDir('childproof-schemas-'), 'a-file');
  fs.writeFileSync(blocked, '');
  assert.is(compiledValidators(texts, sources, path.join(blocked, 'harness')).envelope(good), true);
});

finish(test);
