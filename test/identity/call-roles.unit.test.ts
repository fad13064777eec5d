// Where each part of the generic call goes, for every shape of call the planner knows:
// pure over parameters as the checker reduces them (identity/call-roles.ts), and the
// candidates it offers when it cannot choose (identity/call-plan.ts).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { exportFlag, planCall } from '../../runners/identity/call-plan.ts';
import { rolesOf, type Roles } from '../../runners/identity/call-roles.ts';
import { callLine } from '../../runners/identity/probe-template.ts';
import type { TypedExport } from '../../runners/identity/typed-exports.ts';
import type { TypedParam } from '../../runners/identity/typed-params.ts';
import { commandLine, jsonArguments, tagged } from '../../runners/model/adapter.ts';
import { finish } from '../support/suite.ts';

const p = (name: string, type: TypedParam['type'], more: Partial<TypedParam> = {}): TypedParam => ({ name, optional: false, type, ...more });
const opt = (name: string, type: TypedParam['type'], more: Partial<TypedParam> = {}): TypedParam => ({ ...p(name, type, more), optional: true });
const promise = { kind: 'promise' as const };
const roles = (params: TypedParam[], ctor: TypedParam[] | null = null, returns: Parameters<typeof rolesOf>[0]['returns'] = promise) => {
  const r = rolesOf({ params, ctor, returns });
  assert.ok(!('why' in r), JSON.stringify(r));
  return r as Roles;
};

test('the command inside an object goes to its command and args keys, options beside them under their own names', () => {
  const r = roles([p('job', 'object', { keys: ['command', 'args', 'signal', 'timeoutMs'], keyTypes: { command: 'string', args: 'array', signal: 'signal', timeoutMs: 'number' }, abortSignals: ['signal'] })]);
  assert.equal(r.args, [
    {
      kind: 'options',
      name: 'job',
      put: [
        { option: 'file', path: ['command'] },
        { option: 'args', path: ['args'] },
        { option: 'signal', path: ['signal'] },
        { option: 'timeout', path: ['timeoutMs'] },
      ],
    },
  ]);
});

test('a code key beside a language that can be a shell takes the command line, with the shell chosen', () => {
  const r = roles([p('snippet', 'object', { keys: ['language', 'code'], keyTypes: { language: 'string', code: 'string' }, literals: { language: ['python', 'sh'] } })]);
  assert.equal(r.args, [{ kind: 'options', name: 'snippet', put: [{ option: 'line', path: ['code'] }], fixed: { language: 'sh' } }]);
  assert.is(r.command, 'line');
});

test('untyped (signal, cmd, timeout) is read from its names: the signal first, one command line, the timeout last', () => {
  const r = roles([p('signal', 'unknown'), p('cmd', 'unknown'), p('timeout', 'unknown')]);
  assert.equal(r.args, [{ kind: 'option', option: 'signal' }, { kind: 'line' }, { kind: 'option', option: 'timeout' }]);
  assert.ok(r.byName);
});

test('a constructor that takes the signal gets it, and the method the command', () => {
  const r = roles([p('file', 'string'), p('args', 'array')], [opt('options', 'object', { keys: ['signal', 'timeoutMs', 'cwd'], keyTypes: { signal: 'signal', timeoutMs: 'number', cwd: 'string' } })]);
  assert.equal(r.args, [{ kind: 'file' }, { kind: 'args' }]);
  assert.equal((r.construct![0] as { put: unknown[] }).put, [
    { option: 'signal', path: ['signal'] },
    { option: 'timeout', path: ['timeoutMs'] },
    { option: 'cwd', path: ['cwd'] },
  ]);
});

test("--construct's values go to the constructor: beside the options childproof places in an object, as given where it places none", () => {
  const ctor = [p('size', 'number'), opt('options', 'object', { keys: ['signal', 'label'], keyTypes: { signal: 'signal', label: 'string' } })];
  const given = rolesOf({ params: [p('file', 'string'), p('args', 'array')], ctor, returns: promise, given: [2, { label: 'trials' }] });
  assert.ok(!('why' in given), JSON.stringify(given));
  assert.equal(given.construct, [{ kind: 'value', value: 2 }, { kind: 'options', name: 'options', put: [{ option: 'signal', path: ['signal'] }], given: { label: 'trials' } }]);
  const planned = planCall([{ name: 'Pool', kind: 'class', params: ctor, methods: { run: { params: [p('file', 'string'), p('args', 'array')], returns: promise } } }], { construct: [2, { label: 'trials' }] });
  assert.ok(planned && 'plan' in planned, JSON.stringify(planned));
  assert.is(callLine(planned.plan), 'new target.Pool(2, { ...{"label":"trials"}, ...definedOnly({ signal: call.signal }) }).run(call.file, call.args)');
  // Where it cannot go, it is said: a list where the signal goes, more than the constructor takes, a call with no constructor.
  assert.match((rolesOf({ params: [p('file', 'string'), p('args', 'array')], ctor, returns: promise, given: [2, [1]] }) as { why: string }).why, /--construct gives argument 2 a list, where childproof puts signal: give an object there/);
  assert.match((rolesOf({ params: [p('file', 'string'), p('args', 'array')], ctor, returns: promise, given: [2, {}, 3] }) as { why: string }).why, /--construct gives 3 arguments; it takes 2/);
  assert.match((rolesOf({ params: [p('file', 'string'), p('args', 'array')], ctor: null, returns: promise, given: [2] }) as { why: string }).why, /called directly/);
});

test("a builder's steps carry the options, and its run() settles the call", () => {
  const step = { params: [p('x', 'unknown')], returns: { kind: 'object' as const, chains: true } };
  const r = roles([p('file', 'string'), opt('args', 'array')], null, { kind: 'object', methods: { signal: step, withTimeout: step, run: { params: [], returns: promise } } });
  assert.equal(r.steps, [{ method: 'signal', option: 'signal' }, { method: 'withTimeout', option: 'timeout' }]);
  assert.is(r.finish, 'run');
});

test('a factory whose return is neither awaited nor run is no call of its own: its methods are the candidates', () => {
  const made = { kind: 'object' as const, methods: { raw: { params: [p('args', 'array')], returns: promise } } };
  const shapes: TypedExport[] = [{ name: 'simpleRunner', kind: 'function', params: [opt('options', 'object', { keys: ['binary', 'baseDir'], keyTypes: { binary: 'string', baseDir: 'string' } })], returns: made, spawns: true }];
  const planned = planCall(shapes, {});
  assert.ok(planned && 'plan' in planned, JSON.stringify(planned));
  assert.equal([planned.plan.reach, planned.plan.method], ['factory', 'raw']);
  assert.is(callLine(planned.plan), 'target.simpleRunner({ binary: call.file, baseDir: call.cwd }).raw(call.args)');
});

test('a string command with no arguments beside it is one quoted line, a callback settles it, and the shell is the form it takes', () => {
  const planned = planCall([{ name: 'exec', kind: 'function', params: [p('commandLine', 'unknown'), p('options', 'unknown'), p('callback', 'unknown')] }], {});
  assert.ok(planned && 'plan' in planned);
  assert.is(planned.plan.settle, 'callback');
  assert.ok(planned.plan.supports.includes('shell'));
  assert.match(callLine(planned.plan), /^new Promise\(\(resolve, reject\) => \{ target\.exec\(commandLine\(call\), /);
  assert.is(commandLine({ file: '/usr/bin/node', args: ['a b', "it's"] }), "/usr/bin/node 'a b' 'it'\\''s'");
  assert.is(commandLine({ file: 'echo hi && true', args: [], shell: { file: 'echo', args: ['hi'] } }), 'echo hi && true');
});

test('a tag gets each word as one value, and an async iterator is read to its end', () => {
  const [strings, ...values] = tagged(['node', 'x.mjs']);
  assert.equal([[...strings], [...strings.raw], values], [['', ' ', ''], ['', ' ', ''], ['node', 'x.mjs']]);
  const planned = planCall([{ name: 'lines', kind: 'function', params: [p('command', 'string'), p('args', 'array')], returns: { kind: 'iterator' } }], {});
  assert.ok(planned && 'plan' in planned);
  assert.is(callLine(planned.plan), 'drained(target.lines(call.file, call.args))');
});

test('a value wrapped in an object of one key is given only when the case sets it', () => {
  const planned = planCall([{ name: 'run', kind: 'function', params: [p('file', 'string'), p('args', 'array'), opt('o', 'object', { keys: ['timeout'], keyTypes: { timeout: 'object' }, nested: { timeout: ['block'] } })] }], {});
  assert.ok(planned && 'plan' in planned);
  assert.match(callLine(planned.plan), /timeout: call\.timeout === undefined \? undefined : \{ block: call\.timeout \}/);
});

test('a handle with methods is no options bag: no plan, and the reason names the parameter', () => {
  const planned = planCall([{ name: 'launch', kind: 'function', params: [p('file', 'string'), p('args', 'array'), p('killSwitch', 'object', { keys: ['flip'], methods: ['flip'] })] }], {});
  assert.ok(planned && 'unplanned' in planned);
  assert.match(planned.unplanned, /killSwitch: a handle with methods/);
});

test('a kill handle is made before the call, driven by the signal, and let go of before the call settles', () => {
  const handle = p('killSwitch', 'object', { keys: ['flip'], methods: ['flip'], handle: { class: 'KillSwitch', stop: 'flip' } });
  const planned = planCall([{ name: 'launch', kind: 'function', params: [p('file', 'string'), p('args', 'array'), handle] }, { name: 'KillSwitch', kind: 'class', params: [], methods: {} }], { export: 'launch' });
  assert.ok(planned && 'plan' in planned, JSON.stringify(planned));
  assert.is(
    callLine(planned.plan),
    "const killSwitch = new target.KillSwitch(); const settled = Promise.resolve(target.launch(call.file, call.args, killSwitch)); const stop = () => killSwitch.flip(); if (call.signal?.aborted) stop(); else call.signal?.addEventListener('abort', stop, { once: true }); return settled.finally(() => call.signal?.removeEventListener('abort', stop));",
  );
});

test("a tool call's JSON text carries every number JSON can write, and refuses one it cannot rather than send null", () => {
  assert.is(jsonArguments({ command: 'node', args: ['a'], timeout_ms: 50 }), '{"command":"node","args":["a"],"timeout_ms":50}');
  for (const bad of [NaN, Infinity, -Infinity]) assert.throws(() => jsonArguments({ command: 'node', timeout_ms: bad }), new RegExp(`timeout_ms: ${bad} has no JSON form`));
});

test("of a function's overloads, the one that fits best stands for it: options placed, a promise awaited rather than a callback", () => {
  const options = opt('options', 'object', { keys: ['signal', 'timeout'], keyTypes: { signal: 'signal', timeout: 'number' } });
  const main = { params: [p('command', 'string'), p('a', 'string'), p('b', 'string'), options, opt('callback', 'function')], returns: promise };
  const fits = { params: [p('command', 'string'), p('args', 'array'), options], returns: promise };
  const planned = planCall([{ name: 'async', kind: 'function', ...main, overloads: [{ params: [p('command', 'string'), p('args', 'array')], returns: promise }, fits] }], {});
  assert.ok(planned && 'plan' in planned);
  assert.is(callLine(planned.plan), 'target.async(call.file, call.args, { ...definedOnly({ signal: call.signal, timeout: call.timeout }) })');
});

test('a rest parameter takes the arguments one by one, and a lone untyped (...args) hands on a spawn\'s own', () => {
  const spread = planCall([{ name: 'run', kind: 'function', params: [p('file', 'string'), opt('args', 'array', { rest: true })] }], {});
  assert.ok(spread && 'plan' in spread);
  assert.is(callLine(spread.plan), 'target.run(call.file, ...call.args)');
  const lone = planCall([{ name: 'default', kind: 'function', params: [opt('args', 'unknown', { rest: true })] }], {});
  assert.ok(lone && 'plan' in lone);
  assert.match(callLine(lone.plan), /^target\.default\(call\.file, call\.args, \{ cwd: call\.cwd, \.\.\.definedOnly\(\{ signal: call\.signal/);
});

test('a function that returns a value it computed is no run to wait on, unless its name says Sync', () => {
  const value = { kind: 'value' as const };
  const planned = planCall([{ name: 'findExecutable', kind: 'function', params: [p('exe', 'string'), p('args', 'array')], returns: value }], {});
  assert.ok(planned && 'unplanned' in planned);
  assert.match(planned.unplanned, /returns a value it computed/);
  const sync = planCall([{ name: 'runSync', kind: 'function', params: [p('file', 'string'), p('args', 'array')], returns: value }], {});
  assert.ok(sync && 'plan' in sync);
});

test('candidates are ranked by a spawn reachable from their body, ten at most, and --export is quoted for a shell', () => {
  const fn = (name: string, spawns: boolean | null): TypedExport => ({ name, kind: 'function', params: [p('command', 'string'), p('args', 'array')], spawns });
  const many = Array.from({ length: 12 }, (_, i) => fn(`f${i}`, null));
  const planned = planCall([...many, fn('runs', true)], {});
  assert.ok(planned && 'plan' in planned, 'the one that spawns is chosen over eleven that may not');
  assert.is(planned.plan.export, 'runs');
  const undecided = planCall(many, {});
  assert.ok(undecided && 'undecided' in undecided);
  assert.is(undecided.undecided.length, 1 + 10 + 1);
  assert.is(undecided.undecided.at(-1), '  and 2 more');
  assert.is(exportFlag('$'), "--export '$'");
  assert.is(exportFlag('utils.spawnAsync'), '--export utils.spawnAsync');
});

finish(test);
