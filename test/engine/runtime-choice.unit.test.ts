// Where a run without --runtime runs each probe: the host where it can, else the newest
// pinned release its runtimes and Node range allow; a probe whose source is missing stays
// on the host, where its trials say how to give it.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chooseRuntimes } from '../../runners/engine/runtime-choice.ts';
import { loadProbes } from '../../runners/model/load-probes.ts';
import { finish } from '../support/suite.ts';

const [execa10, bun, deno, spawn, rea] = loadProbes(['execa10', 'bun-spawn', 'deno-command', 'node-spawn', 'rea-execfilebytes']);
const host = { name: 'node' as const, release: '20.20.2', version: 'v20.20.2' };

test('each probe runs on the host if it can, else on the newest pinned release it allows, grouped by release', () => {
  const groups = chooseRuntimes(
    [
      { probe: spawn, nodeRange: null, unavailable: false },
      { probe: execa10, nodeRange: '>=22', unavailable: false },
      { probe: bun, nodeRange: null, unavailable: false },
      { probe: deno, nodeRange: null, unavailable: false },
      { probe: rea, nodeRange: null, unavailable: true },
    ],
    host,
  );
  assert.equal(groups.map((g) => [g.spec, g.probes.map((p) => p.spec.name), g.why]), [
    [null, ['node-spawn', 'rea-execfilebytes'], undefined],
    ['node@24.19.0', ['execa10'], 'needs Node >=22'],
    ['bun@1.4.5', ['bun-spawn'], 'runs on bun'],
    ['deno@2.9.6', ['deno-command'], 'runs on deno'],
  ]);
});

test('a range no pinned release satisfies stays on the host, where its trials say why; on Node 24 everything Node runs stays home', () => {
  assert.equal(chooseRuntimes([{ probe: execa10, nodeRange: '>=99', unavailable: false }], host).map((g) => g.spec), [null]);
  assert.equal(chooseRuntimes([{ probe: execa10, nodeRange: '>=22', unavailable: false }], { name: 'node', release: '24.19.0', version: 'v24.19.0' }).map((g) => g.spec), [null]);
});

finish(test);
