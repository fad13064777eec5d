// Code called as it is called: options in the fourth argument, a class with a method, the
// cwd as its own argument, options nested under a key, each declared by its types (a
// TypeScript source, or JSDoc in JavaScript). init writes the call from those types with
// no file written by hand, and the facts of every core case equal those of an adapter a
// person wrote for the same pinned code.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadAllCases } from '../../runners/model/load-cases.ts';
import { racyIn } from '../../runners/report/compare-observed.ts';
import { cliIn, tempDir } from '../support/helpers.ts';
import { concurrent, finish } from '../support/suite.ts';

// Settles on 'close' only (an abort's early 'error' would race the exit), rejecting on a
// non-zero exit or a signal; spawn gets what \`spawnOpts\` says.
const settle = `return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...spawnOpts, stdio: 'ignore' });
    child.on('error', (err) => {
      if (child.pid === undefined) reject(err);
    });
    child.on('close', (code, signal) => (code === 0 ? resolve(code) : reject(Object.assign(new Error('exit ' + (code ?? signal)), { code, signal }))));
  });`;

interface Shape {
  file: string;
  source: string;
  /** The call as the code's own readme would show it, for the hand-written adapter. */
  hand: string;
  supports: string[];
}

const SHAPES: Record<string, Shape> = {
  'options in the fourth argument': {
    file: 'please.ts',
    source: `import { spawn, type SpawnOptions } from 'node:child_process';
export interface PleaseOptions { stdin?: string; rejectOnError?: boolean }
export default function spawnPlease(command: string, args: string[] = [], options: PleaseOptions = {}, spawnOptions: SpawnOptions = {}): Promise<number | null> {
  const spawnOpts = spawnOptions;
  ${settle}
}
`,
    hand: `target.default(call.file, call.args, {}, { cwd: call.cwd, ...definedOnly({ signal: call.signal, timeout: call.timeout, killSignal: call.options.killSignal as NodeJS.Signals | undefined, shell: call.shell && true, detached: call.detached }) })`,
    supports: ['signal', 'timeout', 'killSignal', 'exit-status', 'shell', 'detached'],
  },
  'a class with a method': {
    file: 'hooks.ts',
    source: `import { spawn } from 'node:child_process';
export class HookRunner {
  constructor(private readonly settings: { cwd?: string } = {}) {}
  run(command: string, args: string[], opts: { signal?: AbortSignal; timeout?: number } = {}): Promise<number | null> {
    const spawnOpts = { cwd: this.settings.cwd, signal: opts.signal, timeout: opts.timeout };
    ${settle}
  }
  describe(): string {
    return 'hooks';
  }
}
`,
    hand: `new target.HookRunner({ cwd: call.cwd }).run(call.file, call.args, definedOnly({ signal: call.signal, timeout: call.timeout }))`,
    supports: ['signal', 'timeout', 'exit-status'],
  },
  'the cwd as its own argument': {
    file: 'src/core/exec.ts',
    source: `import { spawn } from 'node:child_process';
export function execCommand(command: string, args: string[], cwd: string, options: { signal?: AbortSignal; timeout?: number } = {}): Promise<number | null> {
  const spawnOpts = { cwd, signal: options.signal, timeout: options.timeout };
  ${settle}
}
`,
    hand: `target.execCommand(call.file, call.args, call.cwd, definedOnly({ signal: call.signal, timeout: call.timeout }))`,
    supports: ['signal', 'timeout', 'exit-status'],
  },
  'options nested under a key, in JSDoc': {
    file: 'lib/x.mjs',
    source: `import { spawn } from 'node:child_process';
/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ signal?: AbortSignal, timeout?: number, nodeOptions?: import('node:child_process').SpawnOptions }} [options]
 * @returns {Promise<number | null>}
 */
export function x(command, args, options = {}) {
  const spawnOpts = { ...options.nodeOptions, signal: options.signal, timeout: options.timeout };
  ${settle}
}
`,
    hand: `target.x(call.file, call.args, { ...definedOnly({ signal: call.signal, timeout: call.timeout }), nodeOptions: { cwd: call.cwd, ...definedOnly({ killSignal: call.options.killSignal as NodeJS.Signals | undefined, shell: call.shell && true, detached: call.detached }) } })`,
    supports: ['signal', 'timeout', 'killSignal', 'exit-status', 'shell', 'detached'],
  },
};

const racy = racyIn([], loadAllCases());

for (const [shape, s] of Object.entries(SHAPES)) {
  concurrent(test, `${shape}: init calls the code as its types declare, and every core case's facts equal a hand-written adapter's`, async () => {
    const root = tempDir('childproof-calls-');
    fs.mkdirSync(path.dirname(path.join(root, s.file)), { recursive: true });
    fs.writeFileSync(path.join(root, s.file), s.source);
    const init = await cliIn(root, 'init', 'made', '--file', s.file);
    assert.is(init.code, 0, init.stderr);
    assert.match(init.stderr, /as its types declare it/);
    const made = JSON.parse(fs.readFileSync(path.join(root, 'made', 'probe.json'), 'utf8'));
    assert.equal(made.supports, s.supports, 'supports names what the types placed and the calibration saw reach the target');

    // The same pin, with an adapter a person wrote from the code's own words.
    fs.mkdirSync(path.join(root, 'hand'));
    fs.writeFileSync(path.join(root, 'hand', 'probe.json'), JSON.stringify({ ...made, name: 'hand' }));
    fs.writeFileSync(path.join(root, 'hand', 'adapter.ts'), `import { definedOnly, type Adapter } from 'childproof';\nconst adapter: Adapter<any> = { uses: ['${s.hand.includes('default') ? 'default' : s.hand.match(/target\.(\w+)/)![1]}'], run: async (call, target) => ${s.hand} };\nexport default adapter;\n`);
    const run = await cliIn(root, 'run', '--probe', 'made', '--probe', 'hand', '--case', 'core', '--out', 'report.json', '--quiet', '--allow-skipped');
    assert.ok(run.code === 0 || run.code === 1, run.stderr);
    const trials: Array<{ probe: string; case: string; outcome: string; facts?: Record<string, unknown> }> = JSON.parse(fs.readFileSync(path.join(root, 'report.json'), 'utf8')).trials;
    const of = (probe: string) => new Map(trials.filter((t) => t.probe === probe).map((t) => [t.case, t]));
    const [a, b] = [of('made'), of('hand')];
    assert.equal([...a.keys()].sort(), [...b.keys()].sort());
    assert.ok([...a.values()].some((t) => t.facts), 'some case ran');
    for (const [id, t] of a) {
      const h = b.get(id)!;
      assert.is(t.outcome === 'unsupported', h.outcome === 'unsupported', `${id}: both ran or neither`);
      for (const fact of Object.keys({ ...t.facts, ...h.facts })) {
        if (!racy('made', id, fact as never)) assert.equal(t.facts?.[fact], h.facts?.[fact], `${id}: ${fact}`);
      }
    }
  });
}

finish(test);
