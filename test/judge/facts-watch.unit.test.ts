// What a fixture logged before settlement or before the watch ended is told by how many
// events each process had written then, never by comparing the worker's clock with the
// fixtures': shown on hand-made observations.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { deriveFacts } from '../../runners/judge/facts.ts';
import type { CaseSpec } from '../../runners/model/case.ts';
import type { RawEvent, WorkerObservations } from '../../runners/model/observations.ts';
import { history, observe, spec } from '../support/observed.ts';
import { finish } from '../support/suite.ts';

const start: RawEvent = { t: '2500000', pid: 42, kind: 'start', role: 'child' };

/** A worker that had seen `atSettle` of the child's events when the call settled and `atEnd` when the watch ended. */
function counted(atSettle: number, atEnd: number, over: Partial<WorkerObservations> = {}): WorkerObservations {
  const h = history({ watchEnd: '9000000', eventsAtWatchEnd: { 42: atEnd }, ...over });
  if (h.atSettle) h.atSettle.events = { 42: atSettle };
  return h;
}

test("the end of a child's stdin counts only while the trial watched, and only for a child that reads it", () => {
  const reads: CaseSpec = { ...spec, child: { stdin: 'exit-on-eof' }, call: { command: 'fixture', stdin: 'pipe' }, requires: ['signal', 'stdin'] };
  const events: RawEvent[] = [start, { t: '5000000', pid: 42, kind: 'stdin-eof', role: 'child' }];
  // The caller closed it while watched.
  assert.is(deriveFacts(reads, observe(counted(1, 2), { events }))['child.stdinEnded'], true);
  // Written after the watch: the worker's own end closed it, not the caller.
  assert.is(deriveFacts(reads, observe(counted(1, 1), { events }))['child.stdinEnded'], false);
  // A report made before the counts were kept cannot tell.
  assert.is(deriveFacts(reads, observe(history(), { events }))['child.stdinEnded'], 'unknown');
  // A child that does not read its stdin says nothing of it.
  assert.is(deriveFacts(spec, observe(counted(1, 2), { events }))['child.stdinEnded'], null);
});

test("a child's IPC channel is open at settlement until it logs the channel's closing or its exit, or the target reaps it", () => {
  const keeps: CaseSpec = { ...spec, child: { ipc: 'keep' }, call: { command: 'fixture', ipc: true }, requires: ['signal', 'ipc'] };
  const open: RawEvent = { t: '2700000', pid: 42, kind: 'ipc-open', role: 'child' };
  const closed: RawEvent = { t: '3500000', pid: 42, kind: 'ipc-disconnect', role: 'child' };
  const ipcAt = (events: RawEvent[], h: WorkerObservations) => deriveFacts(keeps, observe(h, { events }))['child.ipcOpenAtSettle'];
  assert.is(ipcAt([start, open], counted(2, 2)), true);
  assert.is(ipcAt([start, open, closed], counted(3, 3)), false);
  // Closed after the settlement: it was open when the call settled.
  assert.is(ipcAt([start, open, closed], counted(2, 3)), true);
  const reaped = counted(2, 2);
  reaped.atSettle!.exitsSeen = [42];
  assert.is(ipcAt([start, open], reaped), false);
  // Never opened: the target gave the child no channel.
  assert.is(ipcAt([start], counted(1, 1)), false);
  assert.is(ipcAt([start, open], counted(2, 2, { settlement: { kind: 'pending', t: null, error: null }, atSettle: null })), 'unknown');
  assert.is(ipcAt([start, open], history()), 'unknown');
  assert.is(deriveFacts(spec, observe(counted(2, 2), { events: [start, open] }))['child.ipcOpenAtSettle'], null);
});

test("a child that exits only after the watch ended, when the worker's end closed its pipes, was ended by the harness", () => {
  const events: RawEvent[] = [start, { t: '9500000', pid: 42, kind: 'exit', code: 0, role: 'child' }];
  assert.is(deriveFacts(spec, observe(counted(1, 1), { events }))['child.end'], 'harness-killed');
  assert.is(deriveFacts(spec, observe(counted(1, 2), { events }))['child.end'], 'exit');
  // Without the counts, an exit it logged is its own.
  assert.is(deriveFacts(spec, observe(history(), { events }))['child.end'], 'exit');
});

test("a cap the child logged before the settlement, by the count, makes the call pending whatever the clocks say", () => {
  const events: RawEvent[] = [start, { t: '99999999999', pid: 42, kind: 'cap', role: 'child' }];
  // The worker's clock (Deno's) reads far lower than the fixtures': only the count tells.
  const before = counted(2, 2);
  const after = counted(1, 2);
  assert.is(deriveFacts(spec, observe(before, { events })).settled, 'pending');
  assert.is(deriveFacts(spec, observe(after, { events })).settled, 'rejected');
});

finish(test);
