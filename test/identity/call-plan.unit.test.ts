// What init reads from a target's types, and the call it plans from them: pure over the
// parameters, except the reads, which go through the TypeScript checker on real files.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { planCall } from '../../runners/identity/call-plan.ts';
import type { TypedExport } from '../../runners/identity/typed-exports.ts';
import { typedExports } from '../../runners/identity/typed-exports.ts';
import { tempDir } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';

const fn = (name: string, ...params: TypedExport['params']): TypedExport => ({ name, kind: 'function', params });
const command = { name: 'command', optional: false, type: 'string' as const };
const args = { name: 'args', optional: true, type: 'array' as const };
const opts = (keys: string[], nested?: Record<string, string[]>) => ({ name: 'options', optional: true, type: 'object' as const, keys, ...(nested ? { nested } : {}) });

test("an option the target's own options take goes there, before a key nested in them", () => {
  const planned = planCall([fn('x', command, args, opts(['signal', 'timeout', 'nodeOptions'], { nodeOptions: ['timeout', 'signal', 'killSignal', 'cwd'] }))], {});
  assert.ok(planned && 'plan' in planned);
  assert.equal(planned.plan.args[2], {
    kind: 'options',
    name: 'options',
    put: [
      { option: 'signal', path: ['signal'] },
      { option: 'timeout', path: ['timeout'] },
      { option: 'killSignal', path: ['nodeOptions', 'killSignal'] },
      { option: 'cwd', path: ['nodeOptions', 'cwd'] },
    ],
  });
  assert.equal(planned.plan.supports, ['signal', 'timeout', 'killSignal', 'exit-status']);
});

test('supports names only the options the types give a place', () => {
  const planned = planCall([fn('run', command, args, opts(['stdin', 'rejectOnError']))], {});
  assert.ok(planned && 'plan' in planned);
  assert.equal(planned.plan.supports, ['exit-status']);
  assert.equal(planned.plan.args, [{ kind: 'file' }, { kind: 'args' }], 'an options argument given nothing is left out');
});

test('several exports that take a command alike are listed for the user to choose, a Sync twin below them', () => {
  const o = opts(['signal']);
  const planned = planCall([fn('x', command, args, o), fn('exec', command, args, o), fn('xSync', command, args, o), fn('parse', { name: 'text', optional: false, type: 'string' })], {});
  assert.ok(planned && 'undecided' in planned);
  assert.match(planned.undecided[0], /--export NAME/);
  assert.equal(planned.undecided.slice(1), ['  x(command, args?, options?)', '  exec(command, args?, options?)']);
  const asked = planCall([fn('x', command, args, o), fn('exec', command, args, o)], { export: 'exec' });
  assert.ok(asked && 'plan' in asked);
  assert.is(asked.plan.export, 'exec');
});

test("an export the types do not show leaves the choice to the source's reading", () => {
  assert.is(planCall([fn('x', command, args)], { export: 'y' }), null);
  assert.is(planCall([], {}), null);
});

test('a required argument childproof cannot give is said, never guessed', () => {
  const planned = planCall([fn('run', command, args, { name: 'logger', optional: false, type: 'function' })], {});
  assert.ok(planned && 'unplanned' in planned);
  assert.is(planned.unplanned, 'run(command, args?, logger): a parameter needs a value childproof cannot give (logger: a function that is not a callback)');
});

test("the checker reads a package's declarations through its exports map, Node's option types included", () => {
  const root = tempDir('childproof-types-');
  const pkg = path.join(root, 'node_modules', 'lib');
  fs.mkdirSync(path.join(pkg, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'lib', type: 'module', exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } } }));
  fs.writeFileSync(path.join(pkg, 'dist', 'index.js'), 'export class Runner {}\n');
  fs.writeFileSync(
    path.join(pkg, 'dist', 'index.d.ts'),
    "import type { SpawnOptions } from 'node:child_process';\nexport declare class Runner {\n  constructor(options?: { cwd?: string });\n  exec(file: string, args: readonly string[], spawnOptions?: SpawnOptions): Promise<void>;\n}\n",
  );
  const typed = typedExports({ from: root, specifier: 'lib' });
  assert.ok(typed);
  const runner = typed.find((e) => e.name === 'Runner')!;
  assert.is(runner.kind, 'class');
  assert.equal(runner.params, [{ name: 'options', optional: true, type: 'object', keys: ['cwd'], keyTypes: { cwd: 'string' } }]);
  assert.ok(runner.methods!.exec.params[2].keys!.includes('killSignal'), JSON.stringify(runner.methods!.exec));
  const planned = planCall(typed, {});
  assert.ok(planned && 'plan' in planned);
  // The cwd goes where the call takes it, once: the constructor is then given nothing.
  assert.equal([planned.plan.reach, planned.plan.method, planned.plan.construct], ['new', 'exec', []]);
  assert.ok(planned.plan.args.some((a) => a.kind === 'options' && a.put.some((p) => p.option === 'cwd' && p.path.join('.') === 'cwd')));
});

test("a class's private and protected members are no candidates, and a spawn is seen through the private method a public one calls", () => {
  const root = tempDir('childproof-types-');
  const file = path.join(root, 'runner.ts');
  fs.writeFileSync(
    file,
    `import { spawn } from 'node:child_process';
class Runner {
  exec(command: string, args: string[]): Promise<number> { return this.start(command, args); }
  parse(command: string, args: string[]): string[] { return [command, ...args]; }
  private start(command: string, args: string[]): Promise<number> { return new Promise((resolve) => spawn(command, args).on('close', resolve)); }
  protected describe(command: string, args: string[]): string { return command + args.join(' '); }
  _quote(command: string, args: string[]): string { return command + args.join(' '); }
}
export function createRunner(): Runner { return new Runner(); }
`,
  );
  const [factory] = typedExports({ file })!;
  const methods = factory.returns?.methods ?? {};
  assert.equal(Object.keys(methods).sort(), ['exec', 'parse']);
  assert.equal([methods.exec.spawns, methods.parse.spawns], [true, false]);
  const planned = planCall([factory], {});
  assert.ok(planned && 'plan' in planned, JSON.stringify(planned));
  assert.equal([planned.plan.reach, planned.plan.method], ['factory', 'exec']);
});

/** The exports of one TypeScript file, read by the checker. */
function typesOf(source: string): TypedExport[] {
  const file = path.join(tempDir('childproof-types-'), 'index.ts');
  fs.writeFileSync(file, `import { spawn, type ChildProcess } from 'node:child_process';\n${source}`);
  return typedExports({ file })!;
}

const SWITCH = 'class KillSwitch { #c = new Set<ChildProcess>(); attach(c: ChildProcess) { this.#c.add(c); } flip(): void { for (const c of this.#c) c.kill(); } }';
const LAUNCH = 'export function launch(file: string, args: string[], handle: KillSwitch): Promise<number> { const c = spawn(file, args); handle.attach(c); return new Promise((r) => c.on("close", r)); }';

test("a kill handle of a class the module exports is made with new and takes the signal's place: supports says signal", () => {
  const planned = planCall(typesOf(`export ${SWITCH}\n${LAUNCH}`), {});
  assert.ok(planned && 'plan' in planned, JSON.stringify(planned));
  assert.equal(planned.plan.args[2], { kind: 'handle', class: 'KillSwitch', stop: 'flip' });
  assert.equal(planned.plan.supports, ['signal', 'exit-status']);
});

test('a kill handle the module gives no way to make is said, never guessed', () => {
  const hidden = planCall(typesOf(`${SWITCH}\n${LAUNCH}`), {});
  assert.ok(hidden && 'unplanned' in hidden, JSON.stringify(hidden));
  assert.match(hidden.unplanned, /handle: a KillSwitch, a kill handle the module exports no class to make with no arguments/);
  const needsArgs = planCall(typesOf(`export ${SWITCH.replace('attach', 'constructor(readonly name: string) {} attach')}\n${LAUNCH}`), {});
  assert.ok(needsArgs && 'unplanned' in needsArgs, JSON.stringify(needsArgs));
  // A handle with no stop method is no kill handle: an object with methods, as before.
  const noStop = planCall(typesOf(`export ${SWITCH.replace('flip()', 'describe()')}\n${LAUNCH}`), {});
  assert.ok(noStop && 'unplanned' in noStop);
  assert.match(noStop.unplanned, /handle: a handle with methods/);
});

test("a string the function parses as JSON is planned as the object it parses to, handed as JSON text, with no AbortSignal in it", () => {
  const typed = typesOf(`interface A { command: string; args?: string[]; timeout_ms?: number; signal?: string }
export const tool = { invoke(input: string): Promise<string> { const a = JSON.parse(input) as A; return new Promise((r) => spawn(a.command, a.args ?? []).on('close', () => r(''))); } };`);
  const planned = planCall(typed, {});
  assert.ok(planned && 'plan' in planned, JSON.stringify(planned));
  assert.equal(planned.plan.args, [{ kind: 'options', name: 'input', put: [{ option: 'file', path: ['command'] }, { option: 'args', path: ['args'] }, { option: 'timeout', path: ['timeout_ms'] }], json: true }]);
  assert.equal(planned.plan.supports, ['timeout', 'exit-status']);
  // Destructured, untyped: the keys the code takes are the pattern's.
  const bare = typesOf(`export function run(input: string): Promise<void> { const { command, args, timeout } = JSON.parse(input); return new Promise((r) => spawn(command, args, { timeout }).on('close', () => r())); }`);
  const [param] = bare[0].params;
  assert.equal([param.type, param.json, param.keys], ['object', true, ['command', 'args', 'timeout']]);
  // A string handed on, never parsed, stays a string: a command line.
  const line = typesOf(`export function run(line: string): Promise<void> { return new Promise((r) => spawn(line, { shell: true }).on('close', () => r())); }`);
  assert.equal([line[0].params[0].type, line[0].params[0].json], ['string', undefined]);
});

test('a file with no types to read gives no exports, and init reads its source instead', () => {
  assert.is(typedExports({ file: path.join(tempDir('childproof-types-'), 'missing.ts') }), null);
});

finish(test);
