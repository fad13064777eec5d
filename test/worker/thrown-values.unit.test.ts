// Describing what a target threw never throws: whatever it rejects with (a Proxy whose
// traps throw, getters that throw, a value that cannot become a string), the description
// is plain data, each part that could not be read is null and named, and it fits the
// observations schema.

import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { validate } from '../../runners/model/schemas.ts';
import { describeError, firstLine, MESSAGE_KEPT, stackOf } from '../../runners/worker/describe-rejection.ts';
import { timeoutFact } from '../../runners/judge/error-facts.ts';
import { ROOT } from '../support/helpers.ts';
import { finish } from '../support/suite.ts';
import type { Observations } from '../../runners/model/observations.ts';
import { readReport } from '../../runners/report/report-file.ts';

const boom = () => {
  throw new Error('boom');
};
const same = (t: string) => t;

const hostile: Array<[string, unknown, string[]]> = [
  ['an error whose message getter throws', Object.defineProperty(new Error('x'), 'message', { get: boom }), ['message']],
  ['an error whose name getter throws', Object.defineProperty(new TypeError('x'), 'name', { get: boom }), ['name']],
  ['a Proxy whose every trap throws', new Proxy({}, { get: boom, getPrototypeOf: boom, has: boom, ownKeys: boom }), ['name', 'code', 'signal', 'exitCode', 'timedOut', 'cause', 'message']],
  ['a value whose Symbol.toPrimitive throws', { [Symbol.toPrimitive]: boom }, ['message']],
  ['an object whose toString throws', Object.create(null, { toString: { value: boom } }), ['message']],
  ['a cause whose getters throw', Object.assign(new Error('outer'), { cause: { get name() { return boom(); }, get code() { return boom(); } } }), ['cause.name', 'cause.code']],
];

for (const [what, value, parts] of hostile) {
  test(`${what} is described without throwing, the unread parts named`, () => {
    const seen = describeError(value, undefined, true, same);
    assert.equal(seen.unreadable, parts);
    for (const p of parts.filter((x) => !x.includes('.'))) assert.is((seen as unknown as Record<string, unknown>)[p], null, p);
    assert.type(firstLine(value, same), 'string');
    assert.not.throws(() => stackOf(value));
  });
}

test('odd numbers are not taken for codes: a fractional code or exit code is null, so the report validates', () => {
  const seen = describeError(Object.assign(new Error('x'), { code: 1.5, exitCode: Number.NaN }), undefined, false, same);
  assert.is(seen.code, null);
  assert.is(seen.exitCode, null);
  assert.is(seen.unreadable, undefined);
});

test('a message is kept whole, bounded: a timeout said on its second line is read as one, and the evidence is its first line', () => {
  const seen = describeError(new Error('Command failed: node fixture.mjs\nThe process timed out after 100 ms'), undefined, false, same);
  assert.is(seen.message, 'Command failed: node fixture.mjs\nThe process timed out after 100 ms');
  assert.is(timeoutFact(seen), 'message-only');
  assert.is(firstLine(new Error('one\ntwo'), same), 'Error: one');
  assert.is(describeError(new Error('x'.repeat(MESSAGE_KEPT * 2)), undefined, false, same).message!.length, MESSAGE_KEPT);
});

test('every hostile description fits the observations schema', () => {
  const published = readReport(path.join(ROOT, 'results', 'reference', fs.readdirSync(path.join(ROOT, 'results', 'reference')).find((f) => f.endsWith('.json'))!));
  const observations = published.trials.find((t) => t.observations)!.observations as Observations;
  for (const [what, value] of hostile) {
    const error = describeError(value, undefined, true, same);
    const withIt = { ...observations, worker: { ...observations.worker, settlement: { kind: 'rejected', t: observations.worker.t0, error } } };
    assert.equal(validate('observations', withIt, what), []);
  }
});

finish(test);
