// How a runtime is named on the command line and in a report: pure, no runtime installed.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { InputError } from '../runners/model/errors.ts';
import { parseRuntimeSpec, runtimeFlag, runtimeKey, runtimeText } from '../runners/model/runtime-spec.ts';
import { finish } from './support/suite.ts';

test('a runtime is named with a release or an npm range after @, and Bun or Deno alone means the latest', () => {
  assert.equal(parseRuntimeSpec('bun@1.4.4'), { name: 'bun', range: '1.4.4' });
  assert.equal(parseRuntimeSpec('deno@>=2.1 <2.3'), { name: 'deno', range: '>=2.1 <2.3' });
  assert.equal(parseRuntimeSpec('deno'), { name: 'deno', range: 'latest' });
  assert.equal(parseRuntimeSpec('node@24'), { name: 'node', range: '24' });
  // Node alone is the host's own; a bare version is Node's, as --node takes it.
  assert.equal(parseRuntimeSpec('node'), { name: 'node', range: null });
  assert.equal(parseRuntimeSpec('22.1'), { name: 'node', range: '22.1' });
});

test('an unknown runtime or an empty release is an input error that names the flag', () => {
  for (const bad of ['python@3', 'bun@', '@1.0']) {
    assert.throws(() => parseRuntimeSpec(bad), (e: unknown) => e instanceof InputError && /--runtime expects node, bun or deno/.test(e.message), bad);
  }
});

test('a report names its runtime by name and release, and one made before runtimes could be chosen ran on its Node', () => {
  const bun = { node: 'v26.3.0', runtime: { name: 'bun' as const, release: '1.4.4' } };
  assert.equal([runtimeKey(bun), runtimeText(bun), runtimeFlag(bun)], ['bun-1.4.4', 'Bun 1.4.4', '--runtime bun@1.4.4']);
  const old = { node: 'v20.20.2' };
  assert.equal([runtimeKey(old), runtimeText(old), runtimeFlag(old)], ['node-v20.20.2', 'Node v20.20.2', '--node 20.20.2']);
});

finish(test);
