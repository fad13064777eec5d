// The one way childproof reads a file a user hands in: a report, a stream, a statement, a
// key, a probe's or a case's file, a subject named by a statement. Only a regular file is
// read, and never by a call that could block or grow without end: a FIFO would wait for a
// writer for ever, /dev/zero never ends, a directory is not a document. Everything else is
// refused with exit 2 and one line naming the file and what was expected.

import fs from 'node:fs';
import { InputError } from './errors.ts';
import { display } from './display.ts';

/** Far above any report childproof writes, and below what one JavaScript string can hold. */
const MOST_INPUT = 256 * 1024 * 1024;
const CHUNK = 1 << 20;

const KINDS: Array<[(s: fs.Stats) => boolean, string]> = [
  [(s) => s.isDirectory(), 'a directory'],
  [(s) => s.isFIFO(), 'a FIFO, which could block for ever'],
  [(s) => s.isCharacterDevice(), 'a character device, which need never end'],
  [(s) => s.isBlockDevice(), 'a block device'],
  [(s) => s.isSocket(), 'a socket'],
];

function kindOf(st: fs.Stats): string {
  return KINDS.find(([is]) => is(st))?.[1] ?? 'not a regular file';
}

const sizeText = (n: number) => (n >= 1 << 20 ? `${Math.round(n / (1 << 20))} MiB` : `${n} bytes`);

interface InputOptions {
  /** What the file is to the user, for the message: 'report', 'key'. */
  what?: string;
  /** Most bytes read; a larger file is refused. */
  most?: number;
}

/** Opens a regular file without blocking, or refuses it; the caller closes the descriptor. */
function openRegular(file: string, { what = 'file', most = MOST_INPUT }: InputOptions): { fd: number; size: number; refuse: (why: string) => InputError } {
  const refuse = (why: string) => InputError.at(display(file), '', `expected a regular file as the ${what}; ${why}`);
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch (err) {
    throw InputError.at(display(file), '', `cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  if (!st.isFile()) throw refuse(`it is ${kindOf(st)}`);
  if (st.size > most) throw refuse(`it is ${sizeText(st.size)}, more than the ${sizeText(most)} childproof reads`);
  let fd: number;
  try {
    // O_NONBLOCK: a FIFO put in its place between the stat and the open is not waited on.
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (err) {
    throw InputError.at(display(file), '', `cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  const opened = fs.fstatSync(fd);
  if (!opened.isFile()) {
    fs.closeSync(fd);
    throw refuse(`it is ${kindOf(opened)}`);
  }
  return { fd, size: opened.size, refuse };
}

/**
 * Each chunk of the file, in order, read to its end, not to the size stat gave (a file
 * under /proc says 0 bytes and may still hold some, or grow while read), and never past
 * `most`. A chunk is a view of one buffer, sized to the file and used again for the next
 * read: `each` copies what it keeps. (A new 1 MiB buffer for every read of every small
 * file cost more to collect than the reading.)
 */
function eachChunk(file: string, options: InputOptions, each: (chunk: Buffer) => void): void {
  const most = options.most ?? MOST_INPUT;
  const { fd, size, refuse } = openRegular(file, options);
  try {
    // One byte more than stat says, so a file read whole is known to end at the next read.
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(size + 1, 4096)));
    let total = 0;
    for (;;) {
      const got = readChunk(fd, buffer, file);
      if (got === 0) break;
      total += got;
      if (total > most) throw refuse(`it grew past the ${sizeText(most)} childproof reads`);
      each(buffer.subarray(0, got));
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** The file's bytes, as eachChunk reads them. */
export function readInput(file: string, options: InputOptions = {}): Buffer {
  const chunks: Buffer[] = [];
  eachChunk(file, options, (chunk) => chunks.push(Buffer.from(chunk)));
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

function readChunk(fd: number, into: Buffer, file: string): number {
  try {
    return fs.readSync(fd, into, 0, into.length, null);
  } catch (err) {
    throw InputError.at(display(file), '', `cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
}

/**
 * Calls `each` with every line of the file (without its newline) and, last, with the piece
 * after the final newline if there is one (`cut`: true). A chunk at a time: a stream of
 * many trials is never one string, and no line may pass `most`.
 */
export function forEachLine(file: string, each: (line: string, n: number, cut: boolean) => void, options: InputOptions = {}): void {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let n = 0;
  eachChunk(file, options, (chunk) => {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      pending.push(chunk.subarray(start, nl));
      each(Buffer.concat(pending, pendingBytes + nl - start).toString('utf8'), ++n, false);
      pending = [];
      pendingBytes = 0;
      start = nl + 1;
    }
    if (start < chunk.length) {
      // Kept past this chunk, whose buffer the next read fills again.
      pending.push(Buffer.from(chunk.subarray(start)));
      pendingBytes += chunk.length - start;
    }
  });
  if (pendingBytes > 0) each(Buffer.concat(pending, pendingBytes).toString('utf8'), ++n, true);
}
