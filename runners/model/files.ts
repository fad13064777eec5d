// Reading JSON with errors a person can act on, and the one way childproof writes a file:
// whole or not at all.

import fs from 'node:fs';
import path from 'node:path';
import { parse as parseJsonc, type ParseError, printParseErrorCode } from 'jsonc-parser';
import writeFileAtomic from 'write-file-atomic';
import { InputError } from './errors.ts';

/** A path as the user would type it from here: relative when below the working directory. */
export function display(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return rel.startsWith('..') ? file : rel;
}

function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  return `line ${line}, column ${position - before.lastIndexOf('\n')}`;
}

/** Deeper than any file childproof reads or writes, and far from what the parser or JSON.stringify can survive. */
export const MOST_DEPTH = 256;

/**
 * How deep the text nests, counted before parsing: JSON.parse recurses, so a file of a
 * hundred thousand brackets would end in a RangeError, and a deep but valid value in a
 * RangeError when written again. Returns the offset where `most` is passed, or -1.
 */
export function tooDeepAt(text: string, most = MOST_DEPTH): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > most) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return -1;
}

/** Parse JSON, reporting a syntax error by line and column rather than with a stack. */
export function readJson(file: string): { data: unknown; bytes: Buffer } {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (err) {
    throw InputError.at(display(file), '', `cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  const text = bytes.toString('utf8');
  const deep = tooDeepAt(text);
  if (deep >= 0) throw InputError.at(display(file), '', `expected JSON nested at most ${MOST_DEPTH} deep (deeper at ${lineAndColumn(text, deep)})`);
  try {
    return { data: JSON.parse(text), bytes };
  } catch (err) {
    // JSON.parse says what is wrong but not where; jsonc-parser finds the offset.
    const errors: ParseError[] = [];
    parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false });
    const first = errors[0];
    const where = first ? ` (${printParseErrorCode(first.error)} at ${lineAndColumn(text, first.offset)})` : ` (${(err as Error).message})`;
    throw InputError.at(display(file), '', `expected valid JSON${where}`);
  }
}

/**
 * Writes the whole text or leaves the old file as it was: a reader never sees half a file.
 * Never in place of what is not a regular file (a rename would replace a device or a
 * link); a path that cannot be written is the user's to fix, exit 2.
 */
export function writeFileWhole(file: string, text: string): void {
  const cannot = (why: string) => new InputError([`${display(file)}: cannot be written (${why})`]);
  let st: fs.Stats | null = null;
  try {
    st = fs.lstatSync(file);
  } catch {}
  if (st?.isDirectory()) throw cannot('it is a directory');
  if (st && !st.isFile()) throw cannot(st.isSymbolicLink() ? 'it is a link' : 'it is not a regular file');
  try {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    writeFileAtomic.sync(file, text);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code) throw cannot(code);
    throw err;
  }
}

export function writeJsonWhole(file: string, data: unknown): void {
  writeFileWhole(file, `${JSON.stringify(data, null, 2)}\n`);
}
