// Reading JSON with errors a person can act on, and the one way childproof writes a file:
// whole or not at all.

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseJsonc, type ParseError, printParseErrorCode } from 'jsonc-parser';
import { display } from './display.ts';
import { InputError } from './errors.ts';
import { readInput } from './read-input.ts';

export { display };

function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  return `line ${line}, column ${position - before.lastIndexOf('\n')}`;
}

/** Deeper than any file childproof reads or writes, and far from what the parser or JSON.stringify can survive. */
export const MOST_DEPTH = 256;

/**
 * Where the text nests deeper than `most`: its offset, or -1. A deep but valid value
 * would end in a RangeError when written again (JSON.stringify recurses), and in the
 * validators, which recurse too.
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
  const bytes = readInput(file, { what: 'JSON document' });
  const text = bytes.toString('utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    // jsonc-parser recurses: text too deep to be read is said to be so, as it is below.
    if (tooDeepAt(text) >= 0) throw tooDeep(file, text);
    // JSON.parse says what is wrong but not where; jsonc-parser finds the offset.
    const errors: ParseError[] = [];
    parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false });
    const first = errors[0];
    const where = first ? ` (${printParseErrorCode(first.error)} at ${lineAndColumn(text, first.offset)})` : ` (${(err as Error).message})`;
    throw InputError.at(display(file), '', `expected valid JSON${where}`);
  }
  // Parsed first, then measured: V8's JSON.parse does not recurse, and walking the value
  // costs a third of scanning its text. The text is scanned only to say where.
  if (nestsDeeper(data, MOST_DEPTH)) throw tooDeep(file, text);
  return { data, bytes };
}

const tooDeep = (file: string, text: string) =>
  InputError.at(display(file), '', `expected JSON nested at most ${MOST_DEPTH} deep (deeper at ${lineAndColumn(text, tooDeepAt(text))})`);

/** Whether a parsed value nests deeper than `most` arrays and objects: as tooDeepAt counts its text. */
export function nestsDeeper(value: unknown, most: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (most === 0) return true;
  if (Array.isArray(value)) return value.some((v) => nestsDeeper(v, most - 1));
  for (const key in value) if (nestsDeeper((value as Record<string, unknown>)[key], most - 1)) return true;
  return false;
}

/**
 * Writes the whole text or leaves the old file as it was: a reader never sees half a file.
 * The bytes go to a new file beside the target, every one of them (a write to a nearly
 * full disk can take part of a buffer and say so only by its count), are flushed to the
 * disk, and only then renamed over the target. Never in place of what is not a regular
 * file (a rename would replace a device or a link); any failure is the user's to fix,
 * exit 2, naming the file and the errno, and leaves no temporary file behind.
 */
export function writeFileWhole(file: string, text: string | Uint8Array): void {
  const cannot = (why: string) => new InputError([`${display(file)}: cannot be written (${why})`]);
  const target = path.resolve(file);
  let st: fs.Stats | null = null;
  try {
    st = fs.lstatSync(target);
  } catch {}
  if (st?.isDirectory()) throw cannot('it is a directory');
  if (st && !st.isFile()) throw cannot(st.isSymbolicLink() ? 'it is a link' : 'it is not a regular file');
  const dir = path.dirname(target);
  const tmp = path.join(dir, `.${path.basename(target).slice(0, 64)}.${randomBytes(6).toString('hex')}.tmp`);
  let fd: number | null = null;
  try {
    makeEachLevel(dir);
    // A file replaced keeps its permissions; a new one gets the umask's.
    fd = fs.openSync(tmp, 'wx', st ? st.mode & 0o7777 : 0o666);
    if (st) fs.fchmodSync(fd, st.mode & 0o7777);
    writeAll(fd, typeof text === 'string' ? Buffer.from(text, 'utf8') : text);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = null;
    fs.renameSync(tmp, target);
  } catch (err) {
    if (fd !== null) {
      try {
        fs.closeSync(fd);
      } catch {}
    }
    fs.rmSync(tmp, { force: true });
    const code = (err as NodeJS.ErrnoException).code;
    if (code) throw cannot(errnoText(err as NodeJS.ErrnoException));
    throw err;
  }
  syncDirectory(dir);
}

/** Every byte, or an error: a short write is followed by another until none is left. */
function writeAll(fd: number, bytes: Uint8Array): void {
  for (let done = 0; done < bytes.length; ) {
    const n = fs.writeSync(fd, bytes, done, bytes.length - done);
    if (n <= 0) throw Object.assign(new Error('no byte was written'), { code: 'ENOSPC' });
    done += n;
  }
}

/** The rename itself reaches the disk with its directory; where a directory cannot be synced, nothing is lost but that promise. */
function syncDirectory(dir: string): void {
  let fd: number | null = null;
  try {
    fd = fs.openSync(dir, fs.constants.O_RDONLY | fs.constants.O_DIRECTORY);
    fs.fsyncSync(fd);
  } catch {
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}

/**
 * mkdir -p one level at a time: Node's recursive mkdir retries for ever where mkdir
 * answers ENOENT under a parent that exists (/proc), so a directory asked for there hangs.
 */
export function makeEachLevel(dir: string): void {
  const missing: string[] = [];
  for (let d = path.resolve(dir); !fs.existsSync(d) && path.dirname(d) !== d; d = path.dirname(d)) missing.unshift(d);
  for (const d of missing) fs.mkdirSync(d);
}

/** ENOSPC, with the system's words for it. */
export function errnoText(err: NodeJS.ErrnoException): string {
  const words: Record<string, string> = { ENOSPC: 'no space left on the device', EDQUOT: 'disk quota exceeded', EROFS: 'a read-only file system', EACCES: 'permission denied', EPERM: 'operation not permitted', EIO: 'an input/output error', ENOENT: 'no such file or directory', ENOTDIR: 'a file is in the way' };
  const code = err.code ?? String(err);
  return words[code] ? `${code}: ${words[code]}` : code;
}

export function writeJsonWhole(file: string, data: unknown): void {
  writeFileWhole(file, `${JSON.stringify(data, null, 2)}\n`);
}
