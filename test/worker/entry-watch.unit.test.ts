// The wrapped target the adapter receives behaves as the module itself: the same values,
// `this`, classes, subclasses and private fields; only entry is recorded.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { missingExports, watchEntry } from '../../runners/worker/entry-watch.ts';
import { finish } from '../support/suite.ts';

class Client {
  #secret = 'mine';
  constructor(readonly name: string) {}
  reveal() {
    return this.#secret;
  }
  static create(name: string) {
    return new Client(name);
  }
}
const counter = { count: 0, bump() { return ++this.count; } };
function plain(a: number) { return a + 1; }

function watched() {
  const entered: string[] = [];
  const mod = { Client, counter, plain, version: '1.0.0' };
  const target = watchEntry(mod, false, (name) => entered.push(name)) as typeof mod;
  return { target, entered };
}

test('calling or constructing an export records entry by its name; reading a value does not', () => {
  const { target, entered } = watched();
  assert.is(target.version, '1.0.0');
  assert.equal(entered, []);
  assert.is(target.plain(1), 2);
  const c = new target.Client('x');
  target.Client.create('y');
  assert.equal(entered, ['plain', 'Client', 'Client.create']);
  assert.ok(c instanceof Client && c instanceof target.Client, 'instanceof sees the real class');
  assert.is(c.reveal(), 'mine', 'private fields belong to the instance the real class built');
});

test("a method of a wrapped object runs with the object itself as this", () => {
  const { target } = watched();
  assert.is(target.counter.bump(), counter.count);
});

test('a subclass of a wrapped class builds its own instances', () => {
  const { target, entered } = watched();
  class Sub extends target.Client {}
  const s = new Sub('z');
  assert.ok(s instanceof Sub);
  assert.is(s.reveal(), 'mine');
  assert.ok(entered.includes('Client'));
});

test('calling a class without new throws as the language does, and is no entry: no code of the target ran', () => {
  const { target, entered } = watched();
  assert.throws(() => (target.Client as unknown as (n: string) => unknown)('x'), /Class constructor Client cannot be invoked without 'new'/);
  assert.equal(entered, []);
});

test('the wrapper changes nothing the callee can see: arity, name, new.target and this', () => {
  let seenTarget: unknown = null;
  class Spy {
    constructor(_a: number, _b: number) {
      seenTarget = new.target;
    }
  }
  function three(this: unknown, _a: unknown, _b: unknown, _c: unknown) {
    return this;
  }
  const target = watchEntry({ Spy, three }, false, () => {}) as { Spy: typeof Spy; three: typeof three };
  assert.is(target.Spy.length, 2);
  assert.is(target.three.length, 3);
  assert.is(target.three.name, 'three');
  new target.Spy(1, 2);
  assert.is(seenTarget, Spy, 'new.target is the class itself');
  const self = { f: target.three };
  assert.is(self.f(1, 2, 3), self);
});

test('missing exports are named, by dotted path for a target of several modules', () => {
  assert.equal(missingExports(['exec', 'nope'], { exec() {} }), ['nope']);
  assert.equal(missingExports(['client.Client', 'stdio.Transport'], { client: { Client }, stdio: {} }), ['stdio.Transport']);
  // One API exported two ways across versions: either will do.
  assert.equal(missingExports(['execa|default'], { default() {} }), []);
  assert.equal(missingExports(['execa|default'], { sync() {} }), ['execa|default']);
});

finish(test);
