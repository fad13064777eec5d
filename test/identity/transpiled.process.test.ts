// A probe's TypeScript transpiled, and whether it imports only builtins, are kept in the
// cache by a digest of the bytes and the tools (runners/identity/transpiled.ts): a second
// run of the same bytes reads what the first kept, other bytes are answered anew, and a
// cache that cannot be written costs the answer, never its truth.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { importsOnlyBuiltins, transpile } from '../../runners/identity/transpiled.ts';
import { tempDir } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';

const SOURCE = 'import fs from "node:fs";\nexport const size = (p: string): number => fs.statSync(p).size;\n';
const kept = (dir: string, kind: string) => fs.readdirSync(dir).filter((f) => f.startsWith(`${kind}-`));

test('a transpiled file is kept, and the same bytes read back what was kept rather than transpiled again', () => {
  const dir = tempDir('childproof-transpiled-');
  const first = transpile(SOURCE, 'size.ts', dir);
  assert.not.match(first.code, ': string');
  assert.match(first.code, 'statSync');
  assert.is(kept(dir, 'transpiled').length, 1);
  // The kept answer replaced: only a read of it gives this back.
  const file = path.join(dir, kept(dir, 'transpiled')[0]);
  fs.writeFileSync(file, JSON.stringify({ answer: { code: 'export const read = true;\n', loader: 'kept' } }));
  assert.equal(transpile(SOURCE, 'size.ts', dir), { code: 'export const read = true;\n', loader: 'kept' });
  // One byte more is other bytes: transpiled anew, kept beside the first.
  assert.match(transpile(`${SOURCE}\n`, 'size.ts', dir).code, 'statSync');
  assert.is(kept(dir, 'transpiled').length, 2);
  // A kept file of another shape is no answer: transpiled again.
  fs.writeFileSync(file, '{}');
  assert.match(transpile(SOURCE, 'size.ts', dir).code, 'statSync');
});

test('a module that imports only builtins is told from one that imports a file or a package, each answer kept', () => {
  const dir = tempDir('childproof-transpiled-');
  assert.is(importsOnlyBuiltins('import fs from "node:fs";\nimport os from "os";\nexport const a = fs && os;\n', dir), true);
  assert.is(importsOnlyBuiltins('import { b } from "./b.js";\nexport const a = b;\n', dir), false);
  assert.is(importsOnlyBuiltins('import x from "some-package";\nexport const a = x;\n', dir), false);
  assert.is(importsOnlyBuiltins('export const load = (name) => import(name);\n', dir), false, 'a computed import could need the hooks');
  assert.is(kept(dir, 'builtins-only').length, 3, 'the computed import is refused before esbuild is asked');
});

test('a cache that cannot be written still answers', () => {
  const blocked = path.join(tempDir('childproof-transpiled-'), 'a-file');
  fs.writeFileSync(blocked, '');
  assert.match(transpile(SOURCE, 'size.ts', path.join(blocked, 'harness')).code, 'statSync');
  assert.is(importsOnlyBuiltins('import fs from "node:fs";\n', path.join(blocked, 'harness')), true);
});

finish(test);
