// One clock for a whole trial. The fixtures and the runner run on the host's Node, whose
// process.hrtime reads CLOCK_MONOTONIC; Bun and Deno count theirs from their own start.
// A worker on either reads CLOCK_MONOTONIC itself, through the runtime's own FFI and the
// C library's clock_gettime, between two readings of its own clock, and shifts every
// time it records by the difference: the mapping's error is half the tightest bracket,
// measured again when the worker finishes, so that a drift between the two shows too.

import type { ClockMapping } from '../model/observations.ts';
import { shiftClock } from '../protocol/trial-dir.mjs';

const CLOCK_MONOTONIC = 1;
const TRIES = 7;

type ReadMonotonic = () => bigint;

/** Bun's and Deno's FFI, reached without naming a module the bundler would resolve. */
async function monotonicReader(): Promise<ReadMonotonic | string> {
  if (process.platform !== 'linux') return `clock_gettime's clock numbers are Linux's, and this is ${process.platform}`;
  const buf = new BigInt64Array(2);
  const read = (call: (id: number, b: BigInt64Array) => number): ReadMonotonic => () => {
    if (call(CLOCK_MONOTONIC, buf) !== 0) throw new Error('clock_gettime(CLOCK_MONOTONIC) failed');
    return buf[0] * 1_000_000_000n + buf[1];
  };
  const deno = (globalThis as { Deno?: { dlopen?: (lib: string, symbols: object) => { symbols: Record<string, (...a: unknown[]) => number> } } }).Deno;
  try {
    if (deno?.dlopen) {
      const lib = deno.dlopen('libc.so.6', { clock_gettime: { parameters: ['i32', 'buffer'], result: 'i32' } });
      return read((id, b) => lib.symbols.clock_gettime(id, b));
    }
    const ffi = 'bun:' + 'ffi';
    const { dlopen, FFIType } = (await import(ffi)) as { dlopen: (lib: string, symbols: object) => { symbols: Record<string, (...a: unknown[]) => number> }; FFIType: Record<string, number> };
    const lib = dlopen('libc.so.6', { clock_gettime: { args: [FFIType.i32, FFIType.ptr], returns: FFIType.i32 } });
    return read((id, b) => lib.symbols.clock_gettime(id, b));
  } catch (err) {
    return `the C library's clock_gettime could not be called: ${(err as Error).message.split('\n')[0]}`;
  }
}

/** The offset from this process's clock to CLOCK_MONOTONIC, bracketed as tightly as TRIES allow. */
function bracket(read: ReadMonotonic): { offsetNs: bigint; errorNs: bigint } {
  let best: { offsetNs: bigint; errorNs: bigint } | null = null;
  for (let i = 0; i < TRIES; i++) {
    const before = process.hrtime.bigint();
    const mono = read();
    const after = process.hrtime.bigint();
    const errorNs = (after - before + 1n) / 2n;
    if (!best || errorNs < best.errorNs) best = { offsetNs: mono - (before + after) / 2n, errorNs };
  }
  return best!;
}

let reader: ReadMonotonic | null = null;
let start: { offsetNs: bigint; errorNs: bigint } | null = null;

/**
 * Puts this worker on the fixtures' clock before it records any time. On Node the two are
 * one clock already; elsewhere the mapping is measured, or the trial says why not.
 */
export async function joinFixtureClock(): Promise<ClockMapping> {
  const versions = process.versions as Record<string, string | undefined>;
  const isDeno = Boolean((globalThis as { Deno?: unknown }).Deno);
  if (!versions.bun && !isDeno) return { clock: 'shared', how: "Node's process.hrtime reads CLOCK_MONOTONIC, as the fixtures' does" };
  const got = await monotonicReader();
  if (typeof got === 'string') return { clock: 'own', reason: got };
  reader = got;
  start = bracket(got);
  shiftClock(start.offsetNs);
  return { clock: 'mapped', how: "CLOCK_MONOTONIC read through the runtime's FFI (clock_gettime), bracketed by two readings of process.hrtime", offsetNs: start.offsetNs.toString(), errorNs: start.errorNs.toString() };
}

/** The mapping as it stands at the end: its error grows by however far the two clocks drifted apart. */
export function closeMapping(mapping: ClockMapping): ClockMapping {
  if (mapping.clock !== 'mapped' || !reader || !start) return mapping;
  const end = bracket(reader);
  const drift = end.offsetNs - start.offsetNs;
  const worst = (start.errorNs > end.errorNs ? start.errorNs : end.errorNs) + (drift < 0n ? -drift : drift);
  return { ...mapping, errorNs: worst.toString(), driftNs: drift.toString() };
}
