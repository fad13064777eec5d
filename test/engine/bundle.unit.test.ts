// The harness's builds are taken as they are while their inputs are byte for byte what
// they were built from (runners/engine/bundle.ts), and built again when one changes; an
// input written in the moments before a build keeps no index, so a save mid-build is
// never mistaken for the bytes that were built.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildAdapters } from '../../runners/engine/bundle.ts';
import { HARNESS_BUILD_DIR } from '../../runners/model/paths.ts';
import { tempDir } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';

const ADAPTER = "import type { Adapter } from 'childproof';\nexport default { uses: ['run'], run: (call, target: { run(f: string): Promise<unknown> }) => target.run(call.file) } satisfies Adapter;\n";

function adapterIn(text = ADAPTER, ageMs = 60_000): string {
  const file = path.join(tempDir('childproof-bundle-'), 'adapter.ts');
  fs.writeFileSync(file, text);
  const then = new Date(Date.now() - ageMs);
  fs.utimesSync(file, then, then);
  return file;
}

const built = (adapter: string) => {
  const r = buildAdapters([adapter]).get(adapter)!;
  if (!('file' in r)) throw new Error(r.error);
  return r.file;
};
const indexesOf = (adapter: string) =>
  fs
    .readdirSync(HARNESS_BUILD_DIR)
    .filter((f) => f.startsWith('adapter-inputs-'))
    .map((f) => path.join(HARNESS_BUILD_DIR, f))
    .filter((f) => (JSON.parse(fs.readFileSync(f, 'utf8')).inputs as string[]).includes(adapter));

test('a build keeps the list of its inputs, and a second build of the same bytes is the one the list names', () => {
  const adapter = adapterIn();
  built(adapter);
  const [index] = indexesOf(adapter);
  assert.ok(index, 'an index names the adapter among its inputs');
  // The index pointed at another file: only a build that trusts the index returns it.
  const elsewhere = path.join(path.dirname(adapter), 'kept.mjs');
  fs.writeFileSync(elsewhere, 'export default {};\n');
  fs.writeFileSync(index, JSON.stringify({ ...JSON.parse(fs.readFileSync(index, 'utf8')), output: elsewhere }));
  assert.is(built(adapter), elsewhere);
});

test('an input changed is built again, and its build is not the old one', () => {
  const adapter = adapterIn();
  const first = built(adapter);
  fs.writeFileSync(adapter, `${ADAPTER}export const changed = 'changed';\n`);
  const again = built(adapter);
  assert.is.not(again, first);
  assert.match(fs.readFileSync(again, 'utf8'), /["']changed["']/);
});

test('an input written just before its build keeps no index: the next build reads it again', () => {
  const adapter = adapterIn(ADAPTER, 0);
  built(adapter);
  assert.equal(indexesOf(adapter), []);
});

finish(test);
